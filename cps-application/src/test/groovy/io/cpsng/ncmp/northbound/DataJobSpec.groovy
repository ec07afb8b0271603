package io.cpsng.ncmp.northbound

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.http.Fault
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.ServerSpec
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.modulesync.ModuleSyncWatchdog
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.AutoCleanup
import spock.lang.Shared

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse
import static com.github.tomakehurst.wiremock.client.WireMock.get
import static com.github.tomakehurst.wiremock.client.WireMock.okJson
import static com.github.tomakehurst.wiremock.client.WireMock.post
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * Data jobs (the reference's /do-not-use/dataJobs) through the server on a port. Write jobs: every path
 * routed to the handle owning its longest alternate-id prefix, one sub-job per DMI plugin and data producer sent
 * to POST {plugin}/dmi/v1/cmwriteJob, and what cannot be routed or sent told to the client; a sub-job's status and
 * result from its plugin. Read jobs: selectors sorted per plugin and producer. A handle registered with plugins of its
 * own for data jobs (dmiDatajobsReadPlugin, dmiDatajobsWritePlugin) has them used instead. The plugins are
 * WireMocks here, so the spec sees what each got and can make one fail; the DMI stub where a real plugin's answer is
 * wanted.
 */
class DataJobSpec extends ServerSpec {

    static final Map METADATA = [destination: 'device/managed-element-collection', dataAcceptType: 'application/json',
                                 dataContentType: 'application/merge-patch+json']

    @Shared
    @AutoCleanup('stop')
    WireMockServer pluginA = new WireMockServer(options().dynamicPort())

    @Shared
    @AutoCleanup('stop')
    WireMockServer pluginB = new WireMockServer(options().dynamicPort())

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    CmHandleFixture cmHandleFixture

    @Autowired
    ModuleSyncWatchdog moduleSyncWatchdog

    def setupSpec() {
        pluginA.start()
        pluginB.start()
    }

    def setup() {
        [pluginA, pluginB].each { plugin ->
            plugin.resetAll()
            plugin.stubFor(post(urlPathEqualTo('/dmi/v1/cmwriteJob')).willReturn(aResponse().withStatus(200)
                .withHeader('Content-Type', 'application/json').withBody('{"subJobId":"{{jsonPath request.body \'$.dataProducerId\'}}-job"}')
                .withTransformers('response-template')))
        }
        cmHandleFixture.addCmHandles(
            [id: 'wj-me1', alternateId: '/SubNetwork=E/MeContext=1', dmiServiceName: pluginA.baseUrl(),
             dataProducerIdentifier: 'p-1', moduleSetTag: 'tag-1'],
            [id: 'wj-me1-element', alternateId: '/SubNetwork=E/MeContext=1/ManagedElement=1',
             dmiServiceName: pluginA.baseUrl(), dataProducerIdentifier: 'p-2', moduleSetTag: 'tag-2'],
            [id: 'wj-me10', alternateId: '/SubNetwork=E/MeContext=10', dmiServiceName: pluginB.baseUrl(),
             dataProducerIdentifier: 'p-1'],
            [id: 'wj-stub', alternateId: '/SubNetwork=S/MeContext=1', dmiServiceName: dmiStub.baseUrl(),
             dataProducerIdentifier: 'p-stub'],
            [id: 'wj-locked', alternateId: '/SubNetwork=E/MeContext=locked', dmiServiceName: pluginB.baseUrl(),
             dataProducerIdentifier: 'p-1', state: CmHandleFixture.locked('Attempt #1 failed')])
    }

    def 'Each path goes to the handle owning its longest alternate-id prefix, one sub-job per plugin and producer'() {
        when: 'a job writes under three handles of two plugins, one with a longer alternate id inside another\'s'
            def response = writeJob('job-1', [
                operation('1', '/SubNetwork=E/MeContext=1/ManagedElement=1/Child=a'),
                operation('2', '/SubNetwork=E/MeContext=1/Other=x'),
                operation('3', '/SubNetwork=E/MeContext=10/Child=b'),
                operation('4', '/SubNetwork=E/MeContext=1#/attributes/userLabel'),
                operation('5', '/SubNetwork=E/MeContext=1/ManagedElement=1')])
        then: 'the job is answered with its sub-jobs in the order of their first operation'
            response.status == 200
            response.json == [
                [subJobId: 'p-2-job', dmiServiceName: pluginA.baseUrl(), dataProducerId: 'p-2'],
                [subJobId: 'p-1-job', dmiServiceName: pluginA.baseUrl(), dataProducerId: 'p-1'],
                [subJobId: 'p-1-job', dmiServiceName: pluginB.baseUrl(), dataProducerId: 'p-1']]
        and: 'plugin A got the longer alternate id\'s operations (1, 5) apart from the shorter one\'s (2, 4)'
            def subJobsOfA = subJobsSentTo(pluginA)
            subJobsOfA*.dataProducerId as Set == ['p-1', 'p-2'] as Set
            def elementJob = subJobsOfA.find { it.dataProducerId == 'p-2' }
            elementJob.data*.operationId == ['1', '5']
            elementJob.data[0] == [path: '/SubNetwork=E/MeContext=1/ManagedElement=1/Child=a', op: 'merge',
                                   moduleSetTag: 'tag-2', value: [attributes: [userLabel: 'op-1']], operationId: '1']
            subJobsOfA.find { it.dataProducerId == 'p-1' }.data*.operationId == ['2', '4']
        and: 'each sub-job carries the job\'s id and metadata, the destination also as the query'
            subJobsOfA.every { it.dataJobId == 'job-1' && it.findAll { it.key in METADATA.keySet() } == METADATA }
            pluginA.findAll(postRequestedFor(urlPathEqualTo('/dmi/v1/cmwriteJob')))*.queryParameter('destination')*.firstValue()
                .every { it == METADATA.destination }
        and: '/MeContext=10 is not under /MeContext=1: plugin B got its operation alone'
            subJobsSentTo(pluginB)*.data*.operationId == [['3']]
    }

    def 'Paths that no handle owns refuse the job with 422 naming them, and no plugin is called'() {
        when: 'a job writes one routable path and two that no alternate id is a prefix of'
            def response = writeJob('job-2', [
                operation('1', '/SubNetwork=E/MeContext=1/Child=a'),
                operation('2', '/SubNetwork=E/MeContext=2/Child=a'),
                operation('3', '/SubNetwork=E')])
        then: 'the job is refused, saying which operations match no handle'
            response.status == 422
            response.jsonError
            response.json.message == '2 of 3 operations match no cm handle'
            response.json.details.contains('operation 2 (/SubNetwork=E/MeContext=2/Child=a)')
            response.json.details.contains('operation 3 (/SubNetwork=E)')
        and: 'nothing was sent'
            subJobsSentTo(pluginA).empty
            subJobsSentTo(pluginB).empty
    }

    def 'A job without operations starts no sub-job and answers 200 [], as the reference, whatever its metadata'() {
        when: 'a job with an empty list of operations and no destination is sent'
            def response = http.post('/do-not-use/dataJobs/job-0/write', 'application/json',
                JsonOutput.toJson([dataJobMetadata: [:], dataJobWriteRequest: [data: []]]))
        then: 'it is answered with no sub-job'
            response.status == 200
            response.json == []
        and: 'nothing was sent'
            subJobsSentTo(pluginA).empty
            subJobsSentTo(pluginB).empty
    }

    def 'A job with #scenario is refused with 400 saying what is wrong'() {
        when: 'the job is sent'
            def response = http.post('/do-not-use/dataJobs/job-3/write' + query, 'application/json', JsonOutput.toJson(body))
        then: 'it is refused, naming the problem'
            response.status == 400
            response.jsonError
            response.json.details.contains(expectedDetail)
        and: 'nothing was sent'
            subJobsSentTo(pluginA).empty
        where: 'the job has'
            scenario                | query        | body                                                                        || expectedDetail
            'no destination'        | ''           | [dataJobMetadata: [:], dataJobWriteRequest: [data: [operation('1', '/SubNetwork=E/MeContext=1')]]] || 'dataJobMetadata.destination'
            'no dataJobWriteRequest' | ''          | [dataJobMetadata: METADATA]                                                  || 'dataJobWriteRequest'
            'an operation without a path' | ''     | [dataJobMetadata: METADATA, dataJobWriteRequest: [data: [[op: 'add']]]]      || 'dataJobWriteRequest.data[0]'
            'a parameter not served' | '?topic=t1' | [dataJobMetadata: METADATA, dataJobWriteRequest: [data: [operation('1', '/SubNetwork=E/MeContext=1')]]] || 'topic'
    }

    def 'A plugin refusing its sub-job is answered 502 with what it said'() {
        given: 'plugin B fails'
            pluginB.stubFor(post(urlPathEqualTo('/dmi/v1/cmwriteJob')).willReturn(aResponse().withStatus(500)
                .withBody('{"message":"no capacity"}')))
        when: 'a job writes under a handle of plugin A and one of plugin B'
            def response = writeJob('job-4', [operation('1', '/SubNetwork=E/MeContext=1/Child=a'),
                                              operation('2', '/SubNetwork=E/MeContext=10/Child=b')])
        then: 'the client is told plugin B failed, with its answer'
            response.status == 502
            response.json.'dmi-response'.'http-code' == 500
            response.json.'dmi-response'.body.contains('no capacity')
        and: 'which sub-job plugin A took, so that a retry can leave it out'
            response.json.message.endsWith("Sub-jobs taken: [p-1-job at ${pluginA.baseUrl()} for p-1]")
    }

    def 'A plugin that #scenario while taking its sub-job is answered 502, naming the sub-jobs the others took'() {
        given: 'plugin B #scenario'
            pluginB.stubFor(post(urlPathEqualTo('/dmi/v1/cmwriteJob')).willReturn(aResponse().withFault(fault)))
        when: 'a job writes under a handle of plugin A and one of plugin B'
            def response = writeJob('job-6', [operation('1', '/SubNetwork=E/MeContext=1/Child=a'),
                                              operation('2', '/SubNetwork=E/MeContext=10/Child=b')])
        then: 'the client is told plugin B could not be reached, in the reference\'s DMI error shape'
            response.status == 502
            response.json.message.startsWith('DMI plugin unreachable')
            response.json.'dmi-response'.body.contains(pluginB.baseUrl())
        and: 'which sub-job plugin A took, so that a retry can leave it out'
            response.json.message.endsWith("Sub-jobs taken: [p-1-job at ${pluginA.baseUrl()} for p-1]")
        and: 'plugin A got its sub-job once'
            subJobsSentTo(pluginA).size() == 1
        where:
            scenario                    | fault
            'drops the connection'      | Fault.CONNECTION_RESET_BY_PEER
            'answers garbage and closes' | Fault.RANDOM_DATA_THEN_CLOSE
    }

    def 'The DMI stub takes a sub-job as the reference\'s stub does'() {
        when: 'a job writes under a handle of the stub'
            def response = writeJob('job-5', [operation('1', '/SubNetwork=S/MeContext=1/ManagedElement=1')])
        then: 'the sub-job has the id the stub gave it'
            response.status == 200
            response.json.size() == 1
            response.json[0].subJobId ==~ /[0-9a-f-]{36}/
            response.json[0].dataProducerId == 'p-stub'
            dmiStub.requestCount(DmiEndpoint.WRITE_JOB) == 1
    }

    def 'A read job\'s selectors are sorted per plugin and producer, as the reference sorts them'() {
        given: 'selectors of every kind, one a line or joined by OR, one twice, one to leave out'
            def byFdn = '/SubNetwork[id="E"]/MeContext[id="1"]/ManagedElement[id="1"]/Child[id="a"]'
            def byIdPart = 'MeContext[contains(id,"10")]'
            def notReady = '/SubNetwork[id="E"]/MeContext[id="locked"]'
            def unknown = '/SubNetwork[id="Z"]/MeContext[id="9"]'
            def selector = [byFdn, '//ManagedElement', "${byIdPart} OR /SomeThing/else", notReady, unknown,
                            '&& attributes', byFdn, ''].join('\n')
        when: 'the read job is sent'
            def response = http.post('/do-not-use/dataJobs/read', 'application/json', JsonOutput.toJson([name: 'job',
                jobId: 'r-1', readProperties: [dataNodeSelector: selector, resultsType: 'x'], customProperties: [:]]))
        then: 'the FDN goes to the handle owning it, the id part to the handles whose alternate id holds it'
            response.status == 200
            response.json == [
                broadcastSelectors: ['//ManagedElement', '/SomeThing/else'],
                dmiSelectors      : [(pluginA.baseUrl()): [("${pluginA.baseUrl()}#p-2".toString()): [byFdn]],
                                     (pluginB.baseUrl()): [("${pluginB.baseUrl()}#p-1".toString()): [byIdPart]]],
                notReadySelectors : [notReady],
                errorSelectors    : [unknown]]
        and: 'no plugin was asked anything'
            subJobsSentTo(pluginA).empty
            subJobsSentTo(pluginB).empty
    }

    def 'A sub-job\'s #what comes from its plugin as it answers'() {
        when: 'the #what of a sub-job of the stub is asked for'
            def response = http.get("/do-not-use/dataJobs/dataProducer/p-stub/dataProducerJob/7/${what}"
                + "?dmiServiceName=${URLEncoder.encode(dmiStub.baseUrl(), 'UTF-8')}${query}")
        then: 'the stub\'s answer comes back'
            response.status == 200
            response.json == expected
        where: 'the question is'
            what     | query            || expected
            'status' | ''               || [status: 'FINISHED']
            'result' | '&destination=d' || [result: 'd']
    }

    def 'A sub-job of #scenario is refused with 400'() {
        expect: 'the question is refused, naming the problem'
            def response = http.get("/do-not-use/dataJobs/dataProducer/p-1/dataProducerJob/7/${target}")
            response.status == 400
            response.json.details.contains(expectedDetail)
        where: 'the sub-job is asked for with'
            scenario                  | target                                                        || expectedDetail
            'a plugin NCMP does not know' | 'status?dmiServiceName=http%3A%2F%2Fevil.example%3A80'    || 'http://evil.example:80 is not the plugin'
            'no plugin'               | 'status'                                                      || 'dmiServiceName is required'
            'a result without destination' | "result?dmiServiceName=${URLEncoder.encode(pluginA.baseUrl(), 'UTF-8')}" || 'destination is required'
    }

    def 'A handle with data job plugins of its own has its sub-jobs, their status and read selectors go there'() {
        given: 'a handle of the DMI stub registered with plugin A for its read jobs and plugin B for its write jobs'
            def registration = http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([
                dmiPlugin: dmiStub.baseUrl(), dmiDatajobsReadPlugin: pluginA.baseUrl(),
                dmiDatajobsWritePlugin: pluginB.baseUrl(), createdCmHandles: [[cmHandle: 'dj-own',
                alternateId: '/SubNetwork=J/MeContext=1', dataProducerIdentifier: 'p-j']]]))
            registration.status == 200
            moduleSyncWatchdog.syncDueHandles()
            http.get('/ncmp/v1/ch/dj-own/state').json.state.cmHandleState == 'READY'
        and: 'plugin B answers a sub-job\'s status'
            def writeJobsOfTheStub = dmiStub.requestCount(DmiEndpoint.WRITE_JOB)
            pluginB.stubFor(get(urlPathEqualTo('/dmi/v1/cmwriteJob/dataProducer/p-j/dataProducerJob/p-j-job/status'))
                .willReturn(okJson('{"status":"RUNNING"}')))
        when: 'a job writes under the handle'
            def written = writeJob('job-own', [operation('1', '/SubNetwork=J/MeContext=1/ManagedElement=1')])
        then: 'its sub-job went to plugin B, not to the stub that serves the handle\'s data'
            written.status == 200
            written.json == [[subJobId: 'p-j-job', dmiServiceName: pluginB.baseUrl(), dataProducerId: 'p-j']]
            subJobsSentTo(pluginB)*.data*.operationId == [['1']]
            subJobsSentTo(pluginA).empty
            dmiStub.requestCount(DmiEndpoint.WRITE_JOB) == writeJobsOfTheStub
        when: 'the sub-job\'s status is asked of plugin B, as the answer named it'
            def status = http.get('/do-not-use/dataJobs/dataProducer/p-j/dataProducerJob/p-j-job/status'
                + "?dmiServiceName=${URLEncoder.encode(pluginB.baseUrl(), 'UTF-8')}")
        then: 'plugin B is a plugin NCMP knows, and its answer comes back'
            status.status == 200
            status.json == [status: 'RUNNING']
        when: 'a read job names the handle'
            def selector = '/SubNetwork[id="J"]/MeContext[id="1"]/ManagedElement[id="1"]'
            def read = http.post('/do-not-use/dataJobs/read', 'application/json', JsonOutput.toJson([name: 'job',
                jobId: 'r-own', readProperties: [dataNodeSelector: selector, resultsType: 'x'], customProperties: [:]]))
        then: 'its selector is sorted under plugin A'
            read.status == 200
            read.json.dmiSelectors == [(pluginA.baseUrl()): [("${pluginA.baseUrl()}#p-j".toString()): [selector]]]
        when: 'the inventory is searched for the handles of plugin B\'s write jobs'
            def search = http.post('/ncmpInventory/v1/ch/searches', 'application/json', JsonOutput.toJson([
                cmHandleQueryParameters: [[conditionName: 'cmHandleWithCpsPath', conditionParameters: [[cpsPath:
                    "//cm-handles[@dmi-datajobs-write-service='${pluginB.baseUrl()}']".toString()]]]]]))
        then: 'the handle is found'
            search.status == 200
            search.json == ['dj-own']
        cleanup: 'the handle is removed'
            http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl(),
                removedCmHandles: ['dj-own']]))
    }

    def writeJob(String dataJobId, List<Map> operations) {
        http.post("/do-not-use/dataJobs/${dataJobId}/write", 'application/json',
            JsonOutput.toJson([dataJobMetadata: METADATA, dataJobWriteRequest: [data: operations]]))
    }

    static Map operation(String operationId, String path) {
        [path: path, op: 'merge', operationId: operationId, value: [attributes: [userLabel: "op-${operationId}".toString()]]]
    }

    static List<Map> subJobsSentTo(WireMockServer plugin) {
        plugin.findAll(postRequestedFor(urlPathEqualTo('/dmi/v1/cmwriteJob'))).collect {
            new JsonSlurper().parseText(it.bodyAsString) as Map
        }
    }
}
