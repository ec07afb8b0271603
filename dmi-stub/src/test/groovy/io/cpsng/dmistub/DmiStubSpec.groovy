package io.cpsng.dmistub

import static io.cpsng.dmistub.DmiClient.json
import static io.cpsng.dmistub.ModuleSetGenerator.DEFAULT_SET
import static io.cpsng.dmistub.ModuleSetGenerator.MODULE_SETS

import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification

class DmiStubSpec extends Specification {

    @Shared
    @AutoCleanup('stop')
    DmiStub objectUnderTest = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    DmiClient dmiClient = new DmiClient(objectUnderTest.baseUrl())

    def setup() {
        objectUnderTest.reset()
    }

    def 'Health is UP.'() {
        when: 'health is asked for'
            def response = dmiClient.health()
        then: 'the stub is up'
            response.statusCode() == 200
            json(response) == [status: 'UP']
    }

    def 'Module references for #scenario are the #expectedSet set.'() {
        when: 'the module references are asked for'
            def response = dmiClient.moduleReferences('ch-1', moduleSetTag)
        then: 'each reference has a name, a revision and a namespace'
            response.statusCode() == 200
            def references = json(response).schemas
            references.every { it.keySet() == ['moduleName', 'revision', 'namespace'] as Set }
        and: 'they are the modules of the expected set'
            references.collectEntries { [(it.moduleName): it.revision] } == expectedModules(expectedSet)
        where:
            scenario        | moduleSetTag  || expectedSet
            'no tag'        | null          || DEFAULT_SET
            'an empty tag'  | ''            || DEFAULT_SET
            'an unknown tag'| 'my-own-tag'  || DEFAULT_SET
            'tag-1'         | 'tag-1'       || 'tag-1'
            'tag-2'         | 'tag-2'       || 'tag-2'
            'tag-3'         | 'tag-3'       || 'tag-3'
            'tag-4'         | 'tag-4'       || 'tag-4'
            'tag-5'         | 'tag-5'       || 'tag-5'
    }

    def 'Without a tag, every cm handle has the same module references.'() {
        when: 'two cm handles ask for their module references'
            def firstResponse = dmiClient.moduleReferences('ch-1')
            def secondResponse = dmiClient.moduleReferences('ch-2')
        then: 'both get the same module set'
            firstResponse.body() == secondResponse.body()
    }

    def 'Module resources are those of the requested modules, #scenario.'() {
        when: 'the resources of some modules of tag-2 are asked for'
            def response = dmiClient.moduleResources('ch-1', 'tag-2', requestedModules)
        then: 'each resource has a name, a revision and a YANG source'
            response.statusCode() == 200
            def resources = json(response)
            resources.every { it.keySet() == ['moduleName', 'revision', 'yangSource'] as Set }
            resources.every { it.yangSource.startsWith("module ${it.moduleName} {") }
        and: 'they are the resources asked for, when the set has them'
            resources.collect { "${it.moduleName}@${it.revision}" as String } == expectedResources
        where:
            scenario                   | requestedModules                                           || expectedResources
            'by name and revision'     | [[name: 'stub-bgp', revision: '2025-03-01'],
                                          [name: 'stub-types', revision: '2024-01-15']]              || ['stub-bgp@2025-03-01', 'stub-types@2024-01-15']
            'by name only'             | [[name: 'stub-interfaces']]                                || ['stub-interfaces@2025-03-01']
            'a revision the set lacks' | [[name: 'stub-interfaces', revision: '2024-01-15']]        || []
            'a module the set lacks'   | [[name: 'stub-radio', revision: '2024-01-15']]             || []
    }

    def 'Module resources for a request whose modules are not a list of objects are the whole set: #scenario.'() {
        when: 'module resources of tag-1 are asked for with a malformed module list'
            def response = dmiClient.post('/dmi/v1/ch/ch-1/moduleResources', [moduleSetTag: 'tag-1', data: data])
        then: 'the stub answers what it can rather than failing'
            response.statusCode() == 200
            json(response).size() == expectedCount
        where:
            scenario              | data                           || expectedCount
            'modules not a list'  | [modules: 'stub-types']        || MODULE_SETS['tag-1'].size()
            'data not an object'  | 'stub-types'                   || MODULE_SETS['tag-1'].size()
            'names as strings'    | [modules: ['stub-types']]      || 0
    }

    def 'Module resources without a list of modules are the whole set of the tag.'() {
        when: 'the resources of tag-3 are asked for without naming modules'
            def response = dmiClient.moduleResources('ch-1', 'tag-3')
        then: 'all the modules of tag-3 are answered'
            response.statusCode() == 200
            json(response).collectEntries { [(it.moduleName): it.revision] } == expectedModules('tag-3')
    }

    def 'The failing tag is answered 500 for #endpoint.'() {
        when: 'a call is made for a cm handle with the failing tag'
            def response = call.call(dmiClient)
        then: 'the stub answers a server error in the DMI error shape'
            response.statusCode() == 500
            json(response) == [status: '500', message: 'Internal Server Error',
                               details: 'module set tag failing-tag always fails']
        where:
            endpoint           | call
            'module references'| { DmiClient client -> client.moduleReferences('ch-1', 'failing-tag') }
            'module resources' | { DmiClient client -> client.moduleResources('ch-1', 'failing-tag', [[name: 'stub-types']]) }
            'data'             | { DmiClient client -> client.data('ch-1', 'read', '/', 'ncmp-datastore:passthrough-running',
                                                                   [moduleSetTag: 'failing-tag']) }
    }

    def 'A data read echoes what was asked.'() {
        when: 'data are read'
            def response = dmiClient.data('node=NR1+cell:1', 'read', '/ManagedElement=NRNode1/GNBDUFunction=1',
                'ncmp-datastore:passthrough-running')
        then: 'the answer names the cm handle, the datastore, the operation and the query'
            response.statusCode() == 200
            json(response) == [cmHandleId        : 'node=NR1+cell:1',
                               datastore         : 'ncmp-datastore:passthrough-running',
                               operation         : 'read',
                               resourceIdentifier: '/ManagedElement=NRNode1/GNBDUFunction=1',
                               options           : '(fields=name)']
    }

    def 'A data read without query parameters echoes them as null.'() {
        when: 'data are read without resource identifier and options'
            def response = dmiClient.post('/dmi/v1/ch/ch-1/data/ds/ncmp-datastore:passthrough-operational', [operation: 'read'])
        then: 'the answer is still JSON, with nulls for what was not given'
            response.statusCode() == 200
            json(response).subMap(['resourceIdentifier', 'options']) == [resourceIdentifier: null, options: null]
    }

    def 'A data #operation is answered #expectedStatus.'() {
        when: 'data are written'
            def response = dmiClient.data('ch-1', operation, '/stub-system:system')
        then: 'the status says what happened and the body echoes the operation'
            response.statusCode() == expectedStatus
            json(response).operation == operation
            json(response).cmHandleId == 'ch-1'
        where:
            operation || expectedStatus
            'create'  || 201
            'update'  || 200
            'patch'   || 200
            'delete'  || 200
    }

    def 'A data call without a valid operation is a bad request.'() {
        when: 'data are asked for with an unknown operation'
            def response = dmiClient.data('ch-1', 'replace', '/')
        then: 'the stub answers 400 in the DMI error shape'
            response.statusCode() == 400
            json(response).status == '400'
    }

    def 'A write sub-job gets an id of its own and names its data producer (#scenario).'() {
        when: 'two sub-jobs are handed to the stub'
            def body = [destination: 'device/managed-element-collection', dataProducerId: dataProducerId,
                        dataJobId: 'job-1', data: [[path: '/A=1/B=2', op: 'add', operationId: '1', value: [key: 'v']]]]
            def first = dmiClient.post('/dmi/v1/cmwriteJob?destination=device%2Fmanaged-element-collection', body)
            def second = dmiClient.post('/dmi/v1/cmwriteJob?destination=device%2Fmanaged-element-collection', body)
        then: 'each is taken with an id of its own, the stub\'s address and the producer it was sent for'
            first.statusCode() == 200
            second.statusCode() == 200
            json(first).subJobId != json(second).subJobId
            json(first).dmiServiceName == objectUnderTest.baseUrl()
            json(first).dataProducerId == expectedProducer
        and: 'the calls are counted'
            objectUnderTest.requestCount(DmiEndpoint.WRITE_JOB) == 2
        where:
            scenario           | dataProducerId || expectedProducer
            'a data producer'  | 'producer-1'   || 'producer-1'
            'no data producer' | null           || null
    }

    def 'A write sub-job without a destination is not found, as a call the DMI API does not have.'() {
        expect: 'the stub refuses it'
            dmiClient.post('/dmi/v1/cmwriteJob', [data: []]).statusCode() == 404
    }

    def 'A write sub-job\'s status and result are answered.'() {
        when: 'the status and the result of a sub-job are asked for'
            def status = dmiClient.get('/dmi/v1/cmwriteJob/dataProducer/p-1/dataProducerJob/7/status')
            def result = dmiClient.get('/dmi/v1/cmwriteJob/dataProducer/p-1/dataProducerJob/7/result?destination=d-1')
        then: 'the job is finished and its result names the destination'
            json(status).status == 'FINISHED'
            json(result).result == 'd-1'
    }

    def 'Calls are counted per endpoint and per cm handle, whatever they were answered.'() {
        when: 'calls are made for two cm handles, one of them failing'
            dmiClient.moduleReferences('ch-1', 'tag-1')
            dmiClient.moduleReferences('ch-1', 'failing-tag')
            dmiClient.moduleReferences('ch-2')
            dmiClient.moduleResources('ch-2', 'tag-1', [[name: 'stub-types']])
            dmiClient.data('ch-1', 'read', '/')
            dmiClient.health()
        then: 'the counts per endpoint and cm handle add up'
            objectUnderTest.requestCount(DmiEndpoint.MODULES, 'ch-1') == 2
            objectUnderTest.requestCount(DmiEndpoint.MODULES, 'ch-2') == 1
            objectUnderTest.requestCount(DmiEndpoint.MODULES) == 3
            objectUnderTest.requestCount(DmiEndpoint.MODULE_RESOURCES, 'ch-1') == 0
            objectUnderTest.requestCount(DmiEndpoint.MODULE_RESOURCES, 'ch-2') == 1
            objectUnderTest.requestCount(DmiEndpoint.DATA, 'ch-1') == 1
            objectUnderTest.requestCount(DmiEndpoint.HEALTH) == 1
    }

    def 'Reset brings back the start settings and zero counts.'() {
        given: 'a stub with other settings that has been called'
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(1))
            dmiClient.moduleReferences('ch-1')
        when: 'the stub is reset'
            objectUnderTest.reset()
        then: 'the settings are those it started with and nothing is counted'
            objectUnderTest.settings() == DmiStubSettings.DEFAULTS
            objectUnderTest.requestCount(DmiEndpoint.MODULES) == 0
            objectUnderTest.requestCount(DmiEndpoint.MODULES, 'ch-1') == 0
        and: 'calls succeed again'
            dmiClient.moduleReferences('ch-1').statusCode() == 200
    }

    private static Map<String, String> expectedModules(String setName) {
        MODULE_SETS[setName].collectEntries { topic, revision -> [(ModuleSetGenerator.moduleName(topic)): revision] }
    }
}
