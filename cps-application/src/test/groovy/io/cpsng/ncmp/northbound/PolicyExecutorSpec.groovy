package io.cpsng.ncmp.northbound

import com.github.tomakehurst.wiremock.WireMockServer
import groovy.json.JsonSlurper
import io.cpsng.ServerSpec
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared

import java.nio.charset.StandardCharsets

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse
import static com.github.tomakehurst.wiremock.client.WireMock.post
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * ProvMnS and pass-through writes checked by the policy executor (ncmp.policy-executor.enabled, the reference's
 * /operation-permission/v1/permissions API; a WireMock here, answering as the spec says): allowed writes reach the
 * plugin, denied ones answer 409 and reach nothing, and an executor that fails leaves the default decision.
 */
class PolicyExecutorSpec extends ServerSpec {

    static final String ME = '/SubNetwork=Europe/MeContext=Node1/ManagedElement=Me1'
    static final String PERMISSIONS = '/operation-permission/v1/permissions'

    static final WireMockServer policyExecutor = new WireMockServer(options().dynamicPort())

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    CmHandleFixture cmHandleFixture

    @DynamicPropertySource
    static void policyExecutorSettings(DynamicPropertyRegistry registry) {
        if (!policyExecutor.running) {
            policyExecutor.start()
        }
        registry.add('ncmp.policy-executor.enabled', { 'true' })
        registry.add('ncmp.policy-executor.address', { 'http://127.0.0.1' })
        registry.add('ncmp.policy-executor.port', { policyExecutor.port() })
    }

    def cleanupSpec() {
        policyExecutor.stop()
    }

    def setup() {
        dmiStub.reset()
        policyExecutor.resetAll()
        cmHandleFixture.addCmHandles(
            [id: 'pp-node', alternateId: ME, dmiServiceName: dmiStub.baseUrl(), dataProducerIdentifier: 'p-1'])
    }

    def 'An allowed #verb reaches the plugin, the executor asked about the change as the reference asks'() {
        given: 'the executor allows'
            decide('allow')
        when: 'the write is sent with the client\'s credentials'
            def response = http.send(verb, "/ProvMnS/v1${ME}/GNBDUFunction=1", ['Content-Type': contentType],
                body?.getBytes(StandardCharsets.UTF_8))
        then: 'it reaches the plugin'
            response.status == 200
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == 1
        and: 'the executor was asked once about this operation on the handle\'s managed object'
            def asked = policyExecutor.findAll(postRequestedFor(urlPathEqualTo(PERMISSIONS)))
            asked.size() == 1
            asked[0].header('Authorization').firstValue().startsWith('Basic ')
            def request = new JsonSlurper().parseText(asked[0].bodyAsString)
            request.changeRequestFormat == 'cm-legacy'
            request.operations == [expectedOperation]
        where: 'the write is'
            verb     | contentType                   | body                                                                      || expectedOperation
            'PUT'    | 'application/json'            | '{"id":"1","attributes":{"userLabel":"x"}}'                               || [operation: 'create', entityHandleId: 'pp-node', resourceIdentifier: '', targetIdentifier: "${ME}/GNBDUFunction=1".toString(), changeRequest: [GNBDUFunction: [[id: '1', attributes: [userLabel: 'x']]]]]
            'PATCH'  | 'application/json-patch+json' | '[{"op":"replace","path":"/NRCellDU=7#/attributes/plmnId/mcc","value":"1234"}]' || [operation: 'update', entityHandleId: 'pp-node', resourceIdentifier: '/GNBDUFunction=1', targetIdentifier: "${ME}/GNBDUFunction=1/NRCellDU=7".toString(), changeRequest: [NRCellDU: [[id: '7', attributes: [plmnId: [mcc: '1234']]]]]]
            'DELETE' | 'application/json'            | null                                                                      || [operation: 'delete', entityHandleId: 'pp-node', resourceIdentifier: '', targetIdentifier: "${ME}/GNBDUFunction=1".toString()]
    }

    def 'A denied write answers 409 naming the decision, and reaches nothing'() {
        given: 'the executor denies'
            decide('deny')
        when: 'a patch of two operations is sent'
            def response = http.send('PATCH', "/ProvMnS/v1${ME}", ['Content-Type': 'application/json-patch+json'],
                '[{"op":"add","path":"/A=1","value":{"id":"1"}},{"op":"remove","path":"/A=2"}]'.bytes)
        then: 'the first operation is refused with the executor\'s decision'
            response.status == 409
            response.json == [status: '409', type: 'APPLICATION_LAYER_ERROR',
                              title: 'Operation not allowed. Decision id 7 : deny', badOp: '/0',
                              badAttributes: [], badObjects: [], otherProblems: []]
        and: 'the plugin was not called'
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == 0
    }

    def 'A write on the handle\'s own root is refused when writes are checked, as the reference does'() {
        given: 'the executor allows'
            decide('allow')
        when: 'the handle\'s managed element itself is deleted'
            def response = http.send('DELETE', "/ProvMnS/v1${ME}", [:], null)
        then: 'it is refused'
            response.status == 400
            response.json.title == "Data manipulation operations are not supported on ${ME}".toString()
    }

    def 'An executor that #scenario'() {
        given: 'the executor answers with an error'
            policyExecutor.stubFor(post(urlPathEqualTo(PERMISSIONS)).willReturn(aResponse().withStatus(executorStatus)))
        when: 'a write is sent'
            def response = http.send('PUT', "/ProvMnS/v1${ME}/GNBDUFunction=1", ['Content-Type': 'application/json'],
                '{"id":"1","attributes":{}}'.bytes)
        then: 'the executor was asked, and the write reaches the plugin only when allowed'
            policyExecutor.findAll(postRequestedFor(urlPathEqualTo(PERMISSIONS))).size() == 1
            response.status == expectedStatus
            dmiStub.requestCount(DmiEndpoint.PROVMNS) == expectedPluginCalls
        and: 'a refusal names the executor\'s answer'
            expectedStatus == 200 || response.json.title.startsWith('Operation not allowed. Decision id N/A : refused (403)')
        where:
            scenario                                                  | executorStatus || expectedStatus | expectedPluginCalls
            'fails leaves the default decision: allow'                | 500            || 200            | 1
            'refuses the request itself (4xx) denies the write'       | 403            || 409            | 0
    }

    def 'A pass-through write is checked too: #decision'() {
        given: 'the executor decides'
            decide(decision)
        when: 'a create is passed through to the handle by its alternate id'
            def response = http.post("/ncmp/v1/ch/${URLEncoder.encode(ME, 'UTF-8')}/data/ds/ncmp-datastore:passthrough-running"
                + '?resourceIdentifier=parent%2Fchild', 'application/json', '{"child":{"name":"x"}}')
        then: 'the client gets the answer the decision gives'
            response.status == expectedStatus
            decision == 'allow' || response.json.message == 'Operation not allowed. Decision id 7 : deny'
            dmiStub.requestCount(DmiEndpoint.DATA) == (decision == 'allow' ? 1 : 0)
        and: 'the executor was asked about the change, with the client\'s credentials'
            def asked = policyExecutor.findAll(postRequestedFor(urlPathEqualTo(PERMISSIONS)))
            asked[0].header('Authorization').firstValue().startsWith('Basic ')
            new JsonSlurper().parseText(asked[0].bodyAsString).operations == [[operation: 'create',
                entityHandleId: 'pp-node', resourceIdentifier: 'parent/child', targetIdentifier: ME,
                changeRequest: [child: [name: 'x']]]]
        where: 'the decision is'
            decision || expectedStatus
            'allow'  || 201
            'deny'   || 409
    }

    void decide(String decision) {
        policyExecutor.stubFor(post(urlPathEqualTo(PERMISSIONS)).willReturn(aResponse().withStatus(200)
            .withHeader('Content-Type', 'application/json')
            .withBody("""{"id":"7","permissionResult":"${decision}","message":"as the spec says"}""")))
    }
}
