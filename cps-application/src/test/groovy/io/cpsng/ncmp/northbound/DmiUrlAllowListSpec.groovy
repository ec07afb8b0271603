package io.cpsng.ncmp.northbound

import groovy.json.JsonOutput
import io.cpsng.RawHttp
import io.cpsng.ServerSpec
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource

/**
 * The DMI plugin URL allow-list (the reference's SSRF guard, 3.7.9) as an operator sets it and a client meets it:
 * through the server on a port, the pattern in ncmp.dmi.allowed-url-pattern.
 */
class DmiUrlAllowListSpec extends ServerSpec {

    @DynamicPropertySource
    static void allowList(DynamicPropertyRegistry registry) {
        registry.add('ncmp.dmi.allowed-url-pattern', { 'http://dmi-[a-z]+\\.plugins\\.example:8080' })
    }

    def 'A registration whose plugin URLs all match the pattern is taken'() {
        when: 'handles are registered on plugins the pattern allows'
            def response = register(dmiDataPlugin: 'http://dmi-data.plugins.example:8080',
                dmiModelPlugin: 'http://dmi-model.plugins.example:8080', createdCmHandles: [[cmHandle: 'allowed-1']])
        then: 'the registration succeeds and the handle is there'
            response.status == 200
            http.get('/ncmp/v1/ch/allowed-1').status == 200
    }

    def 'A registration with #field outside the pattern answers 400 naming it, and stores nothing'() {
        when: 'a registration with one URL the pattern does not allow is sent'
            def response = register(urls + [createdCmHandles: [[cmHandle: 'refused-1'], [cmHandle: 'refused-2']]])
        then: 'the whole request is refused as the reference refuses it'
            response.status == 400
            response.json.message == "Invalid DMI plugin URL for ${field}".toString()
            response.json.details == "URL does not match the allowed pattern: ${refused}".toString()
        and: 'neither handle was stored'
            http.get('/ncmp/v1/ch/refused-1').status == 404
            http.get('/ncmp/v1/ch/refused-2').status == 404
        where:
            field                    | refused                                      | urls
            'dmiPlugin'              | 'http://169.254.169.254:8080'                | [dmiPlugin: refused]
            'dmiPlugin'              | 'http://dmi-a.plugins.example:8080/../admin' | [dmiPlugin: refused]
            'dmiModelPlugin'         | 'http://internal.example:8080'               | [dmiDataPlugin: 'http://dmi-data.plugins.example:8080', dmiModelPlugin: refused]
            'dmiDataPlugin'          | 'http://dmi-data.plugins.example:9999'       | [dmiDataPlugin: refused, dmiModelPlugin: 'http://dmi-model.plugins.example:8080']
            'dmiDatajobsReadPlugin'  | 'http://internal.example:8080'               | [dmiPlugin: 'http://dmi-a.plugins.example:8080', dmiDatajobsReadPlugin: refused]
            'dmiDatajobsWritePlugin' | 'http://dmi-a.plugins.example:8081'          | [dmiPlugin: 'http://dmi-a.plugins.example:8080', dmiDatajobsWritePlugin: refused]
    }

    RawHttp.Response register(Map registration) {
        http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson(registration))
    }
}
