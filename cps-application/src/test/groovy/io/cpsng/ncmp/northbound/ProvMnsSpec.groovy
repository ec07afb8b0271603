package io.cpsng.ncmp.northbound

import com.github.tomakehurst.wiremock.WireMockServer
import groovy.json.JsonOutput
import io.cpsng.ServerSpec
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.AutoCleanup
import spock.lang.Shared

import java.nio.charset.StandardCharsets

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse
import static com.github.tomakehurst.wiremock.client.WireMock.any
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options
import static io.cpsng.ncmp.northbound.CmHandleFixture.locked

/**
 * ProvMnS (/ProvMnS/v1/{FDN}) through the server on a port: each verb routed by the FDN's longest alternate-id
 * prefix to the handle's DMI plugin (the DMI stub, which echoes what it got), its answer passed back; refusals in
 * the ProvMnS error shape {status, type, title, badOp}.
 */
class ProvMnsSpec extends ServerSpec {

    static final String ME = '/SubNetwork=Europe/MeContext=Node1/ManagedElement=Me1'

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    @AutoCleanup('stop')
    WireMockServer failingPlugin = new WireMockServer(options().dynamicPort())

    @Autowired
    CmHandleFixture cmHandleFixture

    def setupSpec() {
        failingPlugin.start()
        failingPlugin.stubFor(any(urlPathMatching('/ProvMnS/v1/.*')).willReturn(aResponse().withStatus(500)
            .withHeader('Content-Type', 'application/json').withBody('{"status":"500","type":"ERROR_FROM_STUB","title":"broken"}')))
    }

    def setup() {
        dmiStub.reset()
        cmHandleFixture.addCmHandles(
            [id: 'pm-node', alternateId: ME, dmiServiceName: dmiStub.baseUrl(), dataProducerIdentifier: 'p-1'],
            [id: 'pm-locked', alternateId: '/SubNetwork=Europe/MeContext=Locked', dmiServiceName: dmiStub.baseUrl(),
             dataProducerIdentifier: 'p-1', state: locked('Attempt #1 failed')],
            [id: 'pm-no-producer', alternateId: '/SubNetwork=Europe/MeContext=Plain', dmiServiceName: dmiStub.baseUrl()],
            [id: 'pm-unreachable', alternateId: '/SubNetwork=Europe/MeContext=Gone', dmiServiceName: 'http://127.0.0.1:1',
             dataProducerIdentifier: 'p-1'],
            [id: 'pm-failing', alternateId: '/SubNetwork=Europe/MeContext=Failing',
             dmiServiceName: failingPlugin.baseUrl(), dataProducerIdentifier: 'p-1'])
    }

    def 'A read of a managed object under a handle goes to its plugin with the ProvMnS query'() {
        when: 'a child of the handle\'s managed element is read with every query parameter'
            def response = http.get("/ProvMnS/v1${ME}/GNBDUFunction=1?scopeType=BASE_SUBTREE&scopeLevel=2" +
                '&filter=%2FNRCellDU&attributes=userLabel,plmnId&fields=a%2Fb&dataNodeSelector=x')
        then: 'the plugin\'s answer comes back: it got the FDN as its path and the query as sent'
            response.status == 200
            response.json == [fdn: "/ProvMnS/v1${ME}/GNBDUFunction=1".toString(), scopeType: 'BASE_SUBTREE',
                              scopeLevel: '2', filter: '/NRCellDU', attributes: 'userLabel,plmnId', fields: 'a/b',
                              dataNodeSelector: 'x']
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == 1
    }

    def 'A #verb is forwarded to the plugin and its answer passed back'() {
        when: 'the write is sent'
            def response = http.send(verb, "/ProvMnS/v1${ME}/GNBDUFunction=1", ['Content-Type': contentType],
                body == null ? null : body.getBytes(StandardCharsets.UTF_8))
        then: 'the plugin\'s status and body come back (the stub echoes what it got)'
            response.status == 200
            body == null ? response.body.isEmpty() : response.json == new groovy.json.JsonSlurper().parseText(body)
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == 1
        where: 'the write is'
            verb     | contentType                         | body
            'PUT'    | 'application/json'                  | '{"id":"1","attributes":{"userLabel":"x"}}'
            'PATCH'  | 'application/json-patch+json'       | '[{"op":"replace","path":"#/attributes/userLabel","value":"y"}]'
            'PATCH'  | 'application/3gpp-json-patch+json'  | '[{"op":"add","path":"/NRCellDU=2","value":{"id":"2"}}]'
            'PATCH'  | 'application/merge-patch+json'      | '{"attributes":{"userLabel":"z"}}'
            'DELETE' | 'application/json'                  | null
    }

    def 'A request on #scenario is refused with #expectedStatus #expectedType'() {
        when: 'the request is sent'
            def response = http.send(verb, target, contentType ? ['Content-Type': contentType] : [:],
                body?.getBytes(StandardCharsets.UTF_8))
        then: 'it is refused in the ProvMnS error shape'
            response.status == expectedStatus
            response.headers['content-type'].startsWith('application/json')
            response.json.status == expectedStatus.toString()
            response.json.type == expectedType
            response.json.title.contains(expectedTitle)
            response.json.badOp == expectedBadOp
        and: 'the arrays of the reference\'s read or write error shape are there, empty'
            def arrays = verb == 'GET' ? [badQueryParams: [], otherProblems: []] : [badAttributes: [], badObjects: [], otherProblems: []]
            response.json.subMap(['badQueryParams', 'badAttributes', 'badObjects', 'otherProblems']).findAll { it.value != null } == arrays
        and: 'the plugin was not called'
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == 0
        where: 'the request is'
            scenario                       | verb    | target                                               | contentType                   | body                || expectedStatus | expectedType              | expectedTitle                                        | expectedBadOp
            'an FDN no handle owns'        | 'GET'   | '/ProvMnS/v1/SubNetwork=Asia/MeContext=X'            | null                          | null                || 404            | 'IE_NOT_FOUND'            | '/SubNetwork=Asia/MeContext=X not found'             | null
            'a handle not READY'           | 'GET'   | '/ProvMnS/v1/SubNetwork=Europe/MeContext=Locked'     | null                          | null                || 406            | 'APPLICATION_LAYER_ERROR' | 'is not in READY state. Current state: LOCKED'       | null
            'a handle without a producer'  | 'GET'   | '/ProvMnS/v1/SubNetwork=Europe/MeContext=Plain'      | null                          | null                || 422            | 'SERVER_LIMITATION'       | 'does not support the ProvMnS interface'             | null
            'a path naming no object'      | 'GET'   | "/ProvMnS/v1${ME}/attributes"                        | null                          | null                || 422            | 'SERVER_LIMITATION'       | 'not a valid path'                                   | null
            'a scope type not in the list' | 'GET'   | "/ProvMnS/v1${ME}?scopeType=EVERYTHING"              | null                          | null                || 400            | 'VALIDATION_ERROR'        | 'scopeType EVERYTHING'                               | null
            'a parameter not served'       | 'GET'   | "/ProvMnS/v1${ME}?depth=3"                           | null                          | null                || 400            | 'VALIDATION_ERROR'        | 'Parameter depth is not served'                      | null
            'a body that is not JSON'      | 'PUT'   | "/ProvMnS/v1${ME}"                                   | 'application/json'            | 'not json'          || 400            | 'VALIDATION_ERROR'        | 'not JSON'                                           | null
            'a patch over the limit'       | 'PATCH' | "/ProvMnS/v1${ME}"                                   | 'application/json-patch+json' | elevenOperations()  || 413            | 'SERVER_LIMITATION'       | '11 operations in request, this exceeds the maximum of 10' | null
            'a patch that moves'           | 'PATCH' | "/ProvMnS/v1${ME}"                                   | 'application/json-patch+json' | '[{"op":"add","path":"/A=1","value":{}},{"op":"move","from":"/A=1","path":"/A=2"}]' || 422 | 'SERVER_LIMITATION' | 'Unsupported Patch Operation Type: move' | '/1'
            'a JSON Patch that is no list' | 'PATCH' | "/ProvMnS/v1${ME}"                                   | 'application/json-patch+json' | '{"op":"add"}'      || 400            | 'VALIDATION_ERROR'        | 'array of operations'                                | null
            'a patch item that is no object' | 'PATCH' | "/ProvMnS/v1${ME}"                                 | 'application/json-patch+json' | '[1]'               || 400            | 'VALIDATION_ERROR'        | 'is not an object with an op and a path'             | '/0'
            'a patch path without a slash' | 'PATCH' | "/ProvMnS/v1${ME}"                                   | 'application/json-patch+json' | '[{"op":"add","path":"A=1","value":{}}]' || 400 | 'VALIDATION_ERROR' | "starts with neither '/' nor '#'" | '/0'
    }

    def 'A plugin that cannot be reached is told as 502 in the ProvMnS shape'() {
        when: 'a managed object of a handle whose plugin is gone is read'
            def response = http.get('/ProvMnS/v1/SubNetwork=Europe/MeContext=Gone/ManagedElement=1')
        then: 'the client learns the plugin is unreachable'
            response.status == 502
            response.json.type == 'APPLICATION_LAYER_ERROR'
            response.json.title.contains('127.0.0.1:1')
    }

    def 'A plugin\'s own refusal is passed back as it answered'() {
        when: 'a managed object of a handle whose plugin fails is read'
            def response = http.get('/ProvMnS/v1/SubNetwork=Europe/MeContext=Failing')
        then: 'the plugin\'s status and body come back'
            response.status == 500
            response.json == [status: '500', type: 'ERROR_FROM_STUB', title: 'broken']
    }

    def 'A PATCH of a type ProvMnS does not take is refused with 415'() {
        expect: 'a plain JSON body is not a patch'
            http.send('PATCH', "/ProvMnS/v1${ME}", ['Content-Type': 'application/json'], '{}'.bytes).status == 415
    }

    static String elevenOperations() {
        JsonOutput.toJson((1..11).collect { [op: 'replace', path: "/A=${it}#/attributes/x".toString(), value: it] })
    }
}
