package io.cpsng.rest.ncmp

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import io.cpsng.ncmp.InventoryRows
import org.springframework.beans.factory.annotation.Autowired

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

class InventorySearchRestSpec extends IntegrationSpec {

    static final String DMI_1 = 'http://127.0.0.1:18021'
    static final String DMI_2 = 'http://127.0.0.1:18022'
    static final String SEARCHES_URL = '/ncmpInventory/v1/ch/searches'

    @Autowired
    InventoryRows inventoryRows

    def setup() {
        if (inventoryRows.existingIds(['s-1']).isEmpty()) {
            register(dmiPlugin: DMI_1, createdCmHandles: [
                [cmHandle: 's-1', publicCmHandleProperties: [Color: 'red', Size: 'small'],
                 cmHandleProperties: [Price: '5', Year: '2022'], moduleSetTag: 'tag-x', alternateId: 'alt-s-1'],
                [cmHandle: 's-2', publicCmHandleProperties: [Color: 'red'], cmHandleProperties: [Price: '6'],
                 moduleSetTag: 'tag-y']])
            register(dmiPlugin: DMI_2, createdCmHandles: [
                [cmHandle: 's-3', publicCmHandleProperties: [Color: 'blue'], cmHandleProperties: [Price: '5'],
                 moduleSetTag: 'tag-x', trustLevel: 'NONE']])
        }
    }

    def 'Searching the inventory with #scenario finds #expectedIds'() {
        when: 'the inventory is searched'
            def response = search(conditions, false)
        then: 'the handles meeting every condition are found'
            response.status == 200
            json(response) == expectedIds
        where: 'the conditions are'
            scenario                                | conditions                                                                                 || expectedIds
            'a public property'                     | [hasAllProperties: [[Color: 'red']]]                                                       || ['s-1', 's-2']
            'two public properties'                 | [hasAllProperties: [[Color: 'red'], [Size: 'small']]]                                      || ['s-1']
            'an additional property'                | [hasAllAdditionalProperties: [[Price: '5']]]                                               || ['s-1', 's-3']
            'two additional properties'             | [hasAllAdditionalProperties: [[Price: '5'], [Year: '2022']]]                               || ['s-1']
            'an additional property as public'      | [hasAllProperties: [[Price: '5']]]                                                         || []
            'a DMI plugin'                          | [cmHandleWithDmiPlugin: [['dmi-service-name': DMI_2]]]                                     || ['s-3']
            'a cps-path on handles'                 | [cmHandleWithCpsPath: [[cpsPath: "//cm-handles[@module-set-tag='tag-x']"]]]                || ['s-1', 's-3']
            'a cps-path on additional properties'   | [cmHandleWithCpsPath: [[cpsPath: "//additional-properties[@name='Year']"]]]                || ['s-1']
            'a trust level'                         | [cmHandleWithTrustLevel: [[trustLevel: 'NONE']]]                                           || ['s-3']
            'public, additional and plugin'         | [hasAllProperties: [[Color: 'red']], hasAllAdditionalProperties: [[Price: '5']], cmHandleWithDmiPlugin: [['dmi-service-name': DMI_1]]] || ['s-1']
            'conditions no handle meets together'   | [hasAllProperties: [[Color: 'blue']], cmHandleWithDmiPlugin: [['dmi-service-name': DMI_1]]] || []
            'no condition'                          | [:]                                                                                        || ['s-1', 's-2', 's-3']
    }

    def 'Searching the inventory with outputAlternateId gives alternate ids where handles have one'() {
        when: 'the handles with price 5 are searched for alternate ids'
            def response = search([hasAllAdditionalProperties: [[Price: '5']]], true)
        then: 's-1 comes as its alternate id, s-3 as its id'
            json(response) == ['alt-s-1', 's-3']
    }

    def 'The whole handles of an inventory search, with their additional properties as cmHandleProperties if asked'() {
        when: 'the handles with price 5 are searched, #scenario'
            def response = mvc.perform(post('/ncmpInventory/v1/ch/searchCmHandles').param('outputDmiProperties', outputDmiProperties)
                .contentType(APPLICATION_JSON).content(query([hasAllAdditionalProperties: [[Price: '5']]]))).andReturn().response
        then: 'both come whole, in id order, the additional properties as an object of strings only when asked for'
            response.status == 200
            def handles = json(response)
            handles*.cmHandle == ['s-1', 's-3']
            handles[0].publicCmHandleProperties == [[Color: 'red', Size: 'small']]
            handles[0].state.cmHandleState == 'ADVISED'
            handles*.alternateId == ['alt-s-1', '']
            handles*.dataProducerIdentifier == ['', '']
            handles*.cmHandleProperties == expectedCmHandleProperties
        and: 'the name the reference removed from northbound answers is not there'
            handles.every { !it.containsKey('dmiProperties') }
        where: 'dmi properties are'
            scenario     | outputDmiProperties || expectedCmHandleProperties
            'asked for'  | 'true'              || [[Price: '5', Year: '2022'], [Price: '5']]
            'not asked'  | 'false'             || [null, null]
    }

    def 'The v2 inventory search answers lightweight handles, #scenario'() {
        when: 'the handles of tag-x are searched through v2'
            def response = mvc.perform(post('/ncmpInventory/v2/ch/searches').param('outputDmiProperties', outputDmiProperties)
                .contentType(APPLICATION_JSON).content(query([cmHandleWithCpsPath: [[cpsPath: "//cm-handles[@module-set-tag='tag-x']"]]])))
                .andReturn().response
        then: 'each has its own leaves only, whatever outputDmiProperties says, as the reference answers'
            response.status == 200
            json(response) == [
                [alternateId: 'alt-s-1', cmHandle: 's-1', dataProducerIdentifier: '', moduleSetTag: 'tag-x', trustLevel: 'COMPLETE'],
                [alternateId: '', cmHandle: 's-3', dataProducerIdentifier: '', moduleSetTag: 'tag-x', trustLevel: 'NONE']]
        where:
            scenario                          | outputDmiProperties
            'dmi properties asked for'        | 'true'
            'dmi properties not asked for'    | 'false'
    }

    def 'The northbound v2 search answers lightweight handles and ignores additional properties'() {
        when: 'the red handles are searched through the northbound v2'
            def response = mvc.perform(post('/ncmp/v2/ch/searches').contentType(APPLICATION_JSON)
                .content(query([hasAllProperties: [[Color: 'red']]]))).andReturn().response
        then: 'they are lightweight: their own leaves, no properties'
            response.status == 200
            json(response) == [[alternateId: 'alt-s-1', cmHandle: 's-1', dataProducerIdentifier: '', moduleSetTag: 'tag-x', trustLevel: 'COMPLETE'],
                               [alternateId: '', cmHandle: 's-2', dataProducerIdentifier: '', moduleSetTag: 'tag-y', trustLevel: 'COMPLETE']]
    }

    def 'An inventory search with #scenario is refused as bad input'() {
        when: 'the search is sent'
            def response = search(conditions, false)
        then: 'bad request, saying what is wrong'
            response.status == 400
            json(response).details.contains(expectedInDetails)
        where: 'the search has'
            scenario                 | conditions                                              || expectedInDetails
            'an unknown condition'   | [hasAllProperty: [[Color: 'red']]]                      || "Wrong 'conditionName': hasAllProperty"
            'empty parameters'       | [hasAllAdditionalProperties: []]                        || "Empty 'conditionParameters'"
            'an empty key'           | [cmHandleWithDmiPlugin: [['': DMI_1]]]                  || 'Missing condition parameter name'
            'an empty plugin name'   | [cmHandleWithDmiPlugin: [['dmi-service-name': '']]]     || 'Empty DMI plugin name'
    }

    def search(Map conditionsByName, boolean outputAlternateId) {
        mvc.perform(post(SEARCHES_URL).param('outputAlternateId', String.valueOf(outputAlternateId))
            .contentType(APPLICATION_JSON).content(query(conditionsByName))).andReturn().response
    }

    static String query(Map conditionsByName) {
        JsonOutput.toJson([cmHandleQueryParameters: conditionsByName.collect { name, parameters -> [conditionName: name, conditionParameters: parameters] }])
    }

    def register(Map registration) {
        mvc.perform(post('/ncmpInventory/v1/ch').contentType(APPLICATION_JSON).content(JsonOutput.toJson(registration)))
            .andReturn().response
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
