package io.cpsng.dmistub

import static io.cpsng.dmistub.DmiClient.json

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.standalone.CommandLineOptions
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification

/**
 * The wiremock/wiremock image runs WireMock from command-line options on the mounted folder, with extension
 * classes named by --extensions; this starts WireMock the same way on the module's mapping folder.
 */
class WireMockImageSpec extends Specification {

    @Shared
    @AutoCleanup('stop')
    WireMockServer wireMockServer = new WireMockServer(new CommandLineOptions(
        '--port', '0', '--root-dir', 'src/main/resources/wiremock', '--extensions', DmiStubExtension.name,
        '--async-response-enabled', 'true', '--no-request-journal', '--disable-banner'))

    @Shared
    DmiClient dmiClient

    def setupSpec() {
        wireMockServer.start()
        dmiClient = new DmiClient("http://localhost:${wireMockServer.port()}")
    }

    def 'The mappings answer with the module set of the tag.'() {
        when: 'module references of tag-4 are asked for'
            def response = dmiClient.moduleReferences('ch-1', 'tag-4')
        then: 'the references of tag-4 are answered'
            response.statusCode() == 200
            json(response).schemas.size() == ModuleSetGenerator.MODULE_SETS['tag-4'].size()
    }

    def 'The extension, created by WireMock from its class name, filters module resources.'() {
        when: 'one module resource is asked for'
            def response = dmiClient.moduleResources('ch-1', 'tag-4', [[name: 'stub-cell', revision: '2025-03-01']])
        then: 'only that one is answered'
            json(response).collect { it.moduleName } == ['stub-cell']
    }

    def 'Templated data answers work as in the embedded stub.'() {
        when: 'data are read'
            def response = dmiClient.data('ch-9', 'read', '/stub-system:system')
        then: 'the echo names the cm handle'
            response.statusCode() == 200
            json(response).cmHandleId == 'ch-9'
    }
}
