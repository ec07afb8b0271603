package io.cpsng.ncmp.northbound

import groovy.json.JsonOutput
import io.cpsng.IntegrationSpec
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.CompositeState
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.ncmp.northbound.CmHandleFixture.json
import static io.cpsng.ncmp.northbound.CmHandleFixture.locked
import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

class CmHandleSearchSpec extends IntegrationSpec {

    static final String ID_SEARCHES_URL = '/ncmp/v1/ch/id-searches'

    @Autowired
    CmHandleFixture cmHandleFixture

    def setup() {
        cmHandleFixture.addCmHandles(
            [id: 'n-1', publicProperties: [Color: 'red', Size: 'small'], additionalProperties: [Secret: 'x'], alternateId: 'alt-n1'],
            [id: 'n-2', publicProperties: [Color: 'red'], trustLevel: 'NONE',
             state: new CompositeState(CmHandleState.READY, null, CmHandleFixture.LAST_UPDATE_TIME, true, 'SYNCHRONIZED', CmHandleFixture.LAST_UPDATE_TIME)],
            [id: 'n-3', publicProperties: [Color: 'blue'], additionalProperties: [Secret: 'x'], alternateId: 'alt-n3',
             trustLevel: 'COMPLETE', state: locked('Attempt #1 failed')])
        cmHandleFixture.addModuleSet('set-ab', ['spec-a': '2024-01-15', 'spec-b': '2024-01-15'], 'n-1')
        cmHandleFixture.addModuleSet('set-bc', ['spec-b': '2024-01-15', 'spec-c': '2024-01-15'], 'n-2')
    }

    def 'Searching ids with #scenario finds #expectedIds'() {
        when: 'the ids are searched'
            def response = search(ID_SEARCHES_URL, conditions)
        then: 'the handles meeting every condition are found'
            response.status == 200
            json(response) == expectedIds
        where: 'the conditions are'
            scenario                          | conditions                                                                               || expectedIds
            'one module'                      | [hasAllModules: [[moduleName: 'spec-b']]]                                                || ['n-1', 'n-2']
            'two modules'                     | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-b']]]                        || ['n-1']
            'modules no set has together'     | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-c']]]                        || []
            'an unknown module'               | [hasAllModules: [[moduleName: 'spec-z']]]                                                || []
            'a public property'               | [hasAllProperties: [[Color: 'red']]]                                                     || ['n-1', 'n-2']
            'two public properties'           | [hasAllProperties: [[Color: 'red'], [Size: 'small']]]                                    || ['n-1']
            'an additional property'          | [hasAllProperties: [[Secret: 'x']]]                                                      || []
            'a cps-path on the state'         | [cmHandleWithCpsPath: [[cpsPath: "//state[@cm-handle-state='LOCKED']"]]]                 || ['n-3']
            'a cps-path on the sync state'    | [cmHandleWithCpsPath: [[cpsPath: "//operational[@sync-state='SYNCHRONIZED']"]]]          || ['n-2']
            'a cps-path on handles'           | [cmHandleWithCpsPath: [[cpsPath: "/dmi-registry/cm-handles[@trust-level='NONE']"]]]      || ['n-2']
            'a cps-path with an ancestor'     | [cmHandleWithCpsPath: [[cpsPath: "//public-properties[@value='blue']/ancestor::cm-handles"]]] || ['n-3']
            'a cps-path on private data'      | [cmHandleWithCpsPath: [[cpsPath: "//additional-properties[@name='Secret']"]]]            || []
            'trust level COMPLETE'            | [cmHandleWithTrustLevel: [[trustLevel: 'COMPLETE']]]                                     || ['n-1', 'n-3']
            'trust level NONE'                | [cmHandleWithTrustLevel: [[trustLevel: 'NONE']]]                                         || ['n-2']
            'module and property'             | [hasAllModules: [[moduleName: 'spec-b']], hasAllProperties: [[Color: 'red']]]            || ['n-1', 'n-2']
            'module, property and trust'      | [hasAllModules: [[moduleName: 'spec-b']], hasAllProperties: [[Color: 'red']], cmHandleWithTrustLevel: [[trustLevel: 'COMPLETE']]] || ['n-1']
            'property and cps-path, disjoint' | [hasAllProperties: [[Color: 'red']], cmHandleWithCpsPath: [[cpsPath: "//state[@cm-handle-state='LOCKED']"]]] || []
            'no condition'                    | [:]                                                                                      || ['n-1', 'n-2', 'n-3']
    }

    def 'Searching ids with outputAlternateId gives alternate ids where handles have one'() {
        when: 'the red handles are searched for alternate ids'
            def response = mvc.perform(post(ID_SEARCHES_URL).param('outputAlternateId', 'true').contentType(APPLICATION_JSON)
                .content(body([hasAllProperties: [[Color: 'red']]]))).andReturn().response
        then: 'n-1 comes as its alternate id, n-2 (without one) as its id'
            json(response) == ['alt-n1', 'n-2']
    }

    def 'Searching handles gives them in the reference shape'() {
        when: 'the handles with module spec-a are searched'
            def response = search('/ncmp/v1/ch/searches', [hasAllModules: [[moduleName: 'spec-a']]])
        then: 'the one handle comes whole, without its additional properties, its leaves it has none of as ""'
            response.status == 200
            json(response) == [[alternateId             : 'alt-n1',
                                cmHandle                : 'n-1',
                                dataProducerIdentifier  : '',
                                moduleSetTag            : '',
                                publicCmHandleProperties: [[Color: 'red', Size: 'small']],
                                state                   : [cmHandleState: 'READY', lastUpdateTime: '2026-01-31T20:30:40.123+0000',
                                                           dataSyncEnabled: false, dataSyncState: [operational: [syncState: 'NONE_REQUESTED']]],
                                trustLevel              : 'COMPLETE']]
    }

    def 'A search with outputAlternateId=#value, as the reference\'s KPI suite sends it, answers the same handles'() {
        when: 'the handles with module spec-a are searched with the parameter'
            def response = mvc.perform(post('/ncmp/v1/ch/searches').param('outputAlternateId', value).contentType(APPLICATION_JSON)
                .content(body([hasAllModules: [[moduleName: 'spec-a']]]))).andReturn().response
        then: 'the one handle comes whole, with its alternate id, as without the parameter'
            response.status == 200
            json(response)*.cmHandle == ['n-1']
            json(response)*.alternateId == ['alt-n1']
        where: 'the value is'
            value << ['true', 'false']
    }

    def 'A search with outputAlternateId=maybe is refused, naming the parameter'() {
        when: 'the search is sent with a value that is no boolean'
            def response = mvc.perform(post('/ncmp/v1/ch/searches').param('outputAlternateId', 'maybe')).andReturn().response
        then: 'it is refused as bad input, naming the parameter'
            response.status == 400
            json(response).details.contains('outputAlternateId')
    }

    def 'A search #scenario finds every handle'() {
        when: 'handles are searched'
            def response = mvc.perform(request).andReturn().response
        then: 'all of them are found'
            response.status == 200
            json(response)*.cmHandle == ['n-1', 'n-2', 'n-3']
        where: 'the request has'
            scenario                 | request
            'without a body'         | post('/ncmp/v1/ch/searches')
            'with an empty object'   | post('/ncmp/v1/ch/searches').contentType(APPLICATION_JSON).content('{}')
            'with no conditions'     | post('/ncmp/v1/ch/searches').contentType(APPLICATION_JSON).content('{"cmHandleQueryParameters": []}')
    }

    def 'A search with #scenario is refused as bad input'() {
        when: 'the search is sent to both endpoints'
            def responses = ['/ncmp/v1/ch/searches', ID_SEARCHES_URL].collect { url ->
                mvc.perform(post(url).contentType(APPLICATION_JSON).content(JsonOutput.toJson(query))).andReturn().response }
        then: 'both refuse it, saying what is wrong'
            responses*.status == [400, 400]
            responses.every { json(it).status == '400 BAD_REQUEST' && json(it).details.contains(expectedInDetails) }
        where: 'the query has'
            scenario                    | query                                                                                            || expectedInDetails
            'an unknown condition'      | conditions(hasAllModulez: [[moduleName: 'spec-a']])                                              || "Wrong 'conditionName': hasAllModulez"
            'an inventory condition'    | conditions(cmHandleWithDmiPlugin: [['dmi-service-name': 'x']])                                   || "Wrong 'conditionName': cmHandleWithDmiPlugin"
            'no condition name'         | [cmHandleQueryParameters: [[conditionParameters: [[Color: 'red']]]]]                             || "Wrong 'conditionName': null"
            'empty parameters'          | conditions(hasAllProperties: [])                                                                 || "Empty 'conditionParameters'"
            'no parameters'             | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties']]]                                 || "Empty 'conditionParameters'"
            'an empty parameter'        | conditions(hasAllProperties: [[:]])                                                              || 'Empty condition parameter'
            'an empty key'              | conditions(hasAllProperties: [['': 'red']])                                                      || 'Missing condition parameter name'
            'two names in one'          | conditions(hasAllProperties: [[Color: 'red', Size: 'small']])                                    || 'Too many names'
            'a wrong module parameter'  | conditions(hasAllModules: [[module: 'spec-a']])                                                  || 'Wrong module condition parameter'
            'two cps-paths'             | conditions(cmHandleWithCpsPath: [[cpsPath: '//state'], [cpsPath: '//state']])                    || 'exactly one'
            'a malformed cps-path'      | conditions(cmHandleWithCpsPath: [[cpsPath: "//state[@cm-handle-state='READY'"]])                 || 'position'
            'an unknown trust level'    | conditions(cmHandleWithTrustLevel: [[trustLevel: 'SOME']])                                       || "Wrong trust level 'SOME'"
    }

    def search(String url, Map conditionsByName) {
        mvc.perform(post(url).contentType(APPLICATION_JSON).content(body(conditionsByName))).andReturn().response
    }

    static String body(Map conditionsByName) {
        JsonOutput.toJson(conditions(conditionsByName))
    }

    static Map conditions(Map conditionsByName) {
        [cmHandleQueryParameters: conditionsByName.collect { name, parameters -> [conditionName: name, conditionParameters: parameters] }]
    }
}
