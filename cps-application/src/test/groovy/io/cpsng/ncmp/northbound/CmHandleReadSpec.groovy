package io.cpsng.ncmp.northbound

import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.util.LinkedMultiValueMap

import static io.cpsng.ncmp.northbound.CmHandleFixture.json
import static io.cpsng.ncmp.northbound.CmHandleFixture.locked
import static io.cpsng.ncmp.northbound.CmHandleFixture.yangModule
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

class CmHandleReadSpec extends IntegrationSpec {

    static final String ALTERNATE_ID = 'Subnetwork=Europe,ManagedElement=X123'
    static final String ALTERNATE_ID_WITH_SLASHES = 'SubNetwork=Europe/ManagedElement=Y1'
    static final String ALTERNATE_ID_AS_PATH = '/SubNetwork=Europe/ManagedElement=Z1'

    static final Map READY_STATE_JSON = [cmHandleState: 'READY', lastUpdateTime: '2026-01-31T20:30:40.123+0000', dataSyncEnabled: false,
                                         dataSyncState: [operational: [syncState: 'NONE_REQUESTED']]]

    static final Map READY_HANDLE_JSON = [
        alternateId             : ALTERNATE_ID,
        cmHandle                : 'read-1',
        dataProducerIdentifier  : 'dp-r',
        moduleSetTag            : 'tag-r',
        publicCmHandleProperties: [[Color: 'red', Shape: 'circle']],
        state                   : READY_STATE_JSON,
        trustLevel              : 'COMPLETE']

    @Autowired
    CmHandleFixture cmHandleFixture

    def setup() {
        cmHandleFixture.addCmHandles(
            [id: 'read-1', publicProperties: [Color: 'red', Shape: 'circle'], additionalProperties: [secret: 's3cr3t'],
             alternateId: ALTERNATE_ID, moduleSetTag: 'tag-r', dataProducerIdentifier: 'dp-r'],
            [id: 'locked-1', alternateId: ALTERNATE_ID_WITH_SLASHES, trustLevel: 'NONE',
             state: locked('Attempt #2 failed: DMI plugin unreachable')],
            [id: 'path-1', alternateId: ALTERNATE_ID_AS_PATH],
            [id: 'bare-1'])
        cmHandleFixture.addModuleSet('set-read', ['spec-alpha': '2024-01-15', 'spec-beta': '2025-03-01'], 'read-1')
    }

    def 'A handle is read by #scenario with its public properties and state only'() {
        when: 'the handle is read'
            def response = mvc.perform(get(new URI(url))).andReturn().response
        then: 'it comes in the reference shape, without its additional (private) properties'
            response.status == 200
            json(response) == READY_HANDLE_JSON
        where: 'the handle is named by (the URL as sent, already encoded)'
            scenario                      | url
            'its id'                      | '/ncmp/v1/ch/read-1'
            'its alternate id'            | '/ncmp/v1/ch/Subnetwork=Europe,ManagedElement=X123'
            'its URL-encoded alternate id'| '/ncmp/v1/ch/Subnetwork%3DEurope%2CManagedElement%3DX123'
    }

    def 'A handle without alternate id, module set tag or data producer has them as empty strings'() {
        when: 'the bare handle is read'
            def response = mvc.perform(get('/ncmp/v1/ch/bare-1')).andReturn().response
        then: 'its leaves are all there, as the reference writes them'
            response.status == 200
            json(response) == [alternateId: '', cmHandle: 'bare-1', dataProducerIdentifier: '', moduleSetTag: '',
                               publicCmHandleProperties: [[:]], state: READY_STATE_JSON, trustLevel: 'COMPLETE']
    }

    def 'A handle is read by an alternate id holding slashes, URL-encoded'() {
        when: 'the state of the handle is read by its encoded alternate id'
            def response = mvc.perform(get(new URI('/ncmp/v1/ch/SubNetwork%3DEurope%2FManagedElement%3DY1/state')))
                .andReturn().response
        then: 'the locked state comes with its reason'
            response.status == 200
            json(response) == [state: [cmHandleState: 'LOCKED',
                                       lockReason   : [reason: 'MODULE_SYNC_FAILED', details: 'Attempt #2 failed: DMI plugin unreachable'],
                                       lastUpdateTime: '2026-01-31T20:30:40.123+0000', dataSyncEnabled: false,
                                       dataSyncState: [operational: [syncState: 'NONE_REQUESTED']]]]
    }

    def 'A handle is read by an alternate id that is a path, URL-encoded'() {
        when: 'the handle is read by its encoded alternate id, which starts with a slash'
            def response = mvc.perform(get(new URI('/ncmp/v1/ch/%2FSubNetwork%3DEurope%2FManagedElement%3DZ1')))
                .andReturn().response
        then: 'it is found'
            response.status == 200
            json(response).cmHandle == 'path-1'
    }

    def 'The public properties of a handle come as a one-element array of maps'() {
        when: 'the properties are read'
            def response = mvc.perform(get('/ncmp/v1/ch/read-1/properties')).andReturn().response
        then: 'only the public properties are there'
            response.status == 200
            json(response) == [publicCmHandleProperties: [[Color: 'red', Shape: 'circle']]]
    }

    def 'Version 2 of #scenario has its own leaves only'() {
        when: 'the handle is read through v2'
            def response = mvc.perform(get('/ncmp/v2/ch/{cm-handle}', reference)).andReturn().response
        then: 'properties and state are left out, the leaves it has none of are empty strings'
            response.status == 200
            json(response) == expectedJson
        where: 'the handle is'
            scenario                  | reference    || expectedJson
            'a handle with every leaf'| ALTERNATE_ID || [alternateId: ALTERNATE_ID, cmHandle: 'read-1', dataProducerIdentifier: 'dp-r', moduleSetTag: 'tag-r', trustLevel: 'COMPLETE']
            'a bare handle'           | 'bare-1'     || [alternateId: '', cmHandle: 'bare-1', dataProducerIdentifier: '', moduleSetTag: '', trustLevel: 'COMPLETE']
    }

    def 'A handle registered with trust level NONE says so'() {
        when: 'the locked handle is read'
            def response = mvc.perform(get('/ncmp/v1/ch/locked-1')).andReturn().response
        then: 'its trust level is NONE and it has no public properties'
            json(response).trustLevel == 'NONE'
            json(response).publicCmHandleProperties == [[:]]
    }

    def 'The modules of a handle are those of its module set, by name and revision'() {
        when: 'the modules are read'
            def response = mvc.perform(get("/ncmp/v1/ch/${handle}/modules")).andReturn().response
        then: 'they are listed'
            response.status == 200
            json(response) == expectedModules
        where: 'the handle'
            handle     || expectedModules
            'read-1'   || [[moduleName: 'spec-alpha', revision: '2024-01-15'], [moduleName: 'spec-beta', revision: '2025-03-01']]
            'locked-1' || []
    }

    def 'Module definitions filtered by #scenario'() {
        when: 'the definitions are read'
            def response = mvc.perform(get('/ncmp/v1/ch/read-1/modules/definitions').params(parameters)).andReturn().response
        then: 'the matching modules come with their sources'
            response.status == 200
            json(response) == expectedModules.collect { name, revision ->
                [moduleName: name, revision: revision, content: yangModule(name, revision)] }
        where: 'the filter is'
            scenario                    | parameters                                       || expectedModules
            'nothing'                   | params([:])                                      || [['spec-alpha', '2024-01-15'], ['spec-beta', '2025-03-01']]
            'module name'               | params('module-name': 'spec-beta')               || [['spec-beta', '2025-03-01']]
            'module name and revision'  | params('module-name': 'spec-beta', revision: '2025-03-01') || [['spec-beta', '2025-03-01']]
            'another revision'          | params('module-name': 'spec-beta', revision: '2024-01-15') || []
            'a revision without a name' | params(revision: '2024-01-15')                   || [['spec-alpha', '2024-01-15'], ['spec-beta', '2025-03-01']]
    }

    def 'Reading #path of an unknown handle is answered 404 in the error shape'() {
        when: 'an unknown handle is read'
            def response = mvc.perform(get("/ncmp/${path}")).andReturn().response
        then: 'not found, saying which reference'
            response.status == 404
            json(response) == [status: '404 NOT_FOUND', message: 'Cm handle not found',
                               details: 'No cm handle found with id or alternate id unknown']
        where: 'the path is'
            path << ['v1/ch/unknown', 'v2/ch/unknown', 'v1/ch/unknown/state', 'v1/ch/unknown/properties',
                     'v1/ch/unknown/modules', 'v1/ch/unknown/modules/definitions']
    }

    static params(Map<String, String> values) {
        def parameters = new LinkedMultiValueMap<String, String>()
        values.each { name, value -> parameters.add(name, value) }
        parameters
    }
}
