package io.cpsng.ncmp.northbound

import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.AutoCleanup
import spock.lang.Shared

import static io.cpsng.ncmp.northbound.CmHandleFixture.json
import static io.cpsng.ncmp.northbound.CmHandleFixture.locked
import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put

class DataPassThroughSpec extends IntegrationSpec {

    static final String OPERATIONAL = 'ncmp-datastore:passthrough-operational'
    static final String RUNNING = 'ncmp-datastore:passthrough-running'

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    CmHandleFixture cmHandleFixture

    def setup() {
        dmiStub.reset()
        cmHandleFixture.addCmHandles(
            [id: 'pt-ready', dmiServiceName: dmiStub.baseUrl(), alternateId: 'Subnetwork=Europe,ManagedElement=PT1'],
            [id: 'pt-failing', dmiServiceName: dmiStub.baseUrl(), moduleSetTag: 'failing-tag'],
            [id: 'pt-locked', dmiServiceName: dmiStub.baseUrl(), state: locked('Attempt #1 failed')],
            [id: 'pt-unreachable', dmiServiceName: 'http://127.0.0.1:1'])
    }

    def 'A read from #datastore by #scenario is passed through to the DMI plugin'() {
        when: 'the resource is read'
            def response = mvc.perform(get("/ncmp/v1/ch/${cmHandleReference}/data/ds/${datastore}")
                .param('resourceIdentifier', 'parent/child').param('options', '(fields=a,depth=2)')).andReturn().response
        then: 'the DMI plugin answer comes back as it was'
            response.status == 200
            response.contentType.startsWith('application/json')
            def echo = json(response)
            echo == [cmHandleId: 'pt-ready', datastore: echo.datastore, operation: 'read',
                     resourceIdentifier: 'parent/child', options: '(fields=a,depth=2)']
        and: 'the datastore reached the plugin (the stub echoes the path segment undecoded)'
            URLDecoder.decode(echo.datastore, 'UTF-8') == datastore
        and: 'the plugin was called once'
            dmiStub.requestCount(DmiEndpoint.DATA, 'pt-ready') == 1
        where: 'the handle is named by'
            scenario           | cmHandleReference                        | datastore
            'its id'           | 'pt-ready'                               | OPERATIONAL
            'its id'           | 'pt-ready'                               | RUNNING
            'its alternate id' | 'Subnetwork=Europe,ManagedElement=PT1'   | RUNNING
    }

    def 'A read with the KPI suite\'s include-descendants is served; a parameter not served is refused: #request'() {
        when: 'the request is sent'
            def response = mvc.perform(request).andReturn().response
        then: 'a parameter the endpoint does not serve is named in a 400, and the plugin is not called'
            response.status == expectedStatus
            expectedStatus == 200 || json(response).details.contains('Parameter depth is not served')
            dmiStub.requestCount(DmiEndpoint.DATA, 'pt-ready') == (expectedStatus == 200 ? 1 : 0)
        where: 'the request is'
            request                                                                                                   || expectedStatus
            get("/ncmp/v1/ch/pt-ready/data/ds/${OPERATIONAL}").param('resourceIdentifier', 'a').param('include-descendants', 'true') || 200
            get("/ncmp/v1/ch/pt-ready/data/ds/${OPERATIONAL}").param('resourceIdentifier', 'a').param('depth', '2')     || 400
            post(runningUrl()).param('depth', '2').contentType(APPLICATION_JSON).content(DATA)                         || 400
            delete(runningUrl()).param('depth', '2')                                                                  || 400
    }

    def 'A #operation on passthrough-running is passed through and answered #expectedStatus'() {
        when: 'the write is sent'
            def response = mvc.perform(request).andReturn().response
        then: 'the status is the reference one'
            response.status == expectedStatus
        and: 'the body is the plugin answer for a patch, empty otherwise'
            response.contentAsString.isEmpty() == !answeredWithBody
            !answeredWithBody || json(response).operation == operation
        and: 'the plugin was called once'
            dmiStub.requestCount(DmiEndpoint.DATA, 'pt-ready') == 1
        where: 'the operation is'
            operation | request                                                      || expectedStatus | answeredWithBody
            'create'  | post(runningUrl()).contentType(APPLICATION_JSON).content(DATA)  || 201            | false
            'update'  | put(runningUrl()).contentType(APPLICATION_JSON).content(DATA)   || 200            | false
            'patch'   | patch(runningUrl()).contentType(APPLICATION_JSON).content(DATA) || 200            | true
            'delete'  | delete(runningUrl())                                          || 204            | false
    }

    def 'A #scenario is refused as bad input without calling the DMI plugin'() {
        when: 'the request is sent'
            def response = mvc.perform(request).andReturn().response
        then: 'it is refused, saying why'
            response.status == 400
            json(response).status == '400 BAD_REQUEST'
            json(response).details.contains(expectedInDetails)
        and: 'the plugin was not called'
            dmiStub.requestCount(DmiEndpoint.DATA) == 0
        where: 'the request is'
            scenario                   | request                                                                                                               || expectedInDetails
            'write to operational'     | post("/ncmp/v1/ch/pt-ready/data/ds/${OPERATIONAL}").param('resourceIdentifier', 'x').contentType(APPLICATION_JSON).content(DATA) || 'read-only'
            'delete from operational'  | delete("/ncmp/v1/ch/pt-ready/data/ds/${OPERATIONAL}").param('resourceIdentifier', 'x')                               || 'read-only'
            'unknown datastore'        | get('/ncmp/v1/ch/pt-ready/data/ds/ncmp-datastore:running').param('resourceIdentifier', 'x')                          || 'not supported'
            'missing resource id'      | get("/ncmp/v1/ch/pt-ready/data/ds/${RUNNING}")                                                                        || 'resourceIdentifier'
    }

    def 'A DMI plugin error is answered 502 with what the plugin answered'() {
        when: 'a handle whose plugin answers 500 is read'
            def response = mvc.perform(get("/ncmp/v1/ch/pt-failing/data/ds/${RUNNING}").param('resourceIdentifier', 'x'))
                .andReturn().response
        then: 'bad gateway, carrying the status and body of the plugin'
            response.status == 502
            json(response).message == 'Unable to read resource data'
            json(response).'dmi-response'.'http-code' == 500
            new JsonSlurper().parseText(json(response).'dmi-response'.body) ==
                [status: '500', message: 'Internal Server Error', details: 'module set tag failing-tag always fails']
    }

    def 'An unreachable DMI plugin is answered 502'() {
        when: 'a handle whose plugin does not listen is read'
            def response = mvc.perform(get("/ncmp/v1/ch/pt-unreachable/data/ds/${RUNNING}").param('resourceIdentifier', 'x'))
                .andReturn().response
        then: 'bad gateway, with 503 standing for the answer the plugin never gave'
            response.status == 502
            json(response).message == 'DMI plugin unreachable'
            json(response).'dmi-response'.'http-code' == 503
            json(response).'dmi-response'.body.contains('pt-unreachable')
    }

    def 'A handle that is not READY is refused with 409'() {
        when: 'a locked handle is read'
            def response = mvc.perform(get("/ncmp/v1/ch/pt-locked/data/ds/${RUNNING}").param('resourceIdentifier', 'x'))
                .andReturn().response
        then: 'conflict, naming the state'
            response.status == 409
            json(response) == [status: '409 CONFLICT', message: 'Cm handle not ready',
                               details: 'Cm handle pt-locked is in state LOCKED; data operations need state READY']
        and: 'the plugin was not called'
            dmiStub.requestCount(DmiEndpoint.DATA) == 0
    }

    def 'Data of an unknown handle is answered 404'() {
        when: 'an unknown handle is read'
            def response = mvc.perform(get("/ncmp/v1/ch/nowhere/data/ds/${RUNNING}").param('resourceIdentifier', 'x'))
                .andReturn().response
        then: 'not found'
            response.status == 404
            json(response).message == 'Cm handle not found'
    }

    static final String DATA = '{"stub-system:system": {"name": "ne-1"}}'

    static String runningUrl() {
        "/ncmp/v1/ch/pt-ready/data/ds/${RUNNING}?resourceIdentifier=parent/child"
    }
}
