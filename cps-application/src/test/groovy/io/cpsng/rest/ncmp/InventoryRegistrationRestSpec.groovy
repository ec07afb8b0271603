package io.cpsng.rest.ncmp

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.InventoryRows
import org.springframework.beans.factory.annotation.Autowired

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

class InventoryRegistrationRestSpec extends IntegrationSpec {

    // plugins nobody listens on: module sync of these handles fails fast, which these features do not look at
    static final String DMI_A = 'http://127.0.0.1:18001'
    static final String DMI_B = 'http://127.0.0.1:18002'
    static final String DMI_C = 'http://127.0.0.1:18003'
    static final String DMI_D = 'http://127.0.0.1:18004'

    @Autowired
    InventoryRows inventoryRows

    def 'A registration where every handle succeeds is answered 200 without a body'() {
        when: 'two handles are registered, one with every field'
            def response = register(dmiPlugin: DMI_A, createdCmHandles: [
                [cmHandle: 'ok-1', cmHandleProperties: [dmiProp: 'p1'], publicCmHandleProperties: [Color: 'red'],
                 moduleSetTag: 'tag-1', trustLevel: 'NONE', alternateId: 'alt-ok-1', dataProducerIdentifier: 'dp-1'],
                [cmHandle: 'ok-2']])
        then: 'OK, nothing more'
            response.status == 200
            response.contentAsString == ''
        and: 'the handle is stored as sent, ADVISED'
            def stored = inventoryRows.getCmHandles(['ok-1'])['ok-1']
            [stored.dmiServiceName(), stored.additionalProperties(), stored.publicProperties(), stored.moduleSetTag(),
             stored.trustLevel(), stored.alternateId(), stored.dataProducerIdentifier()] ==
                [DMI_A, [dmiProp: 'p1'], [Color: 'red'], 'tag-1', 'NONE', 'alt-ok-1', 'dp-1']
            stored.state().cmHandleState() == CmHandleState.ADVISED
    }

    def 'A registration with failing handles is answered 500 with only those, with the reference codes'() {
        given: 'a registered (not yet READY) handle'
            register(dmiPlugin: DMI_A, createdCmHandles: [[cmHandle: 'existing']])
        when: 'handles are created, updated, removed and upgraded, some of them wrongly'
            def response = register(dmiPlugin: DMI_A,
                createdCmHandles: [[cmHandle: 'existing'], [cmHandle: 'bad id'], [cmHandle: 'fresh']],
                updatedCmHandles: [[cmHandle: 'nowhere', publicCmHandleProperties: [Color: 'blue']]],
                removedCmHandles: ['never-there'],
                upgradedCmHandles: [cmHandles: ['existing'], moduleSetTag: 'tag-2'])
        then: 'internal server error, as in the reference'
            response.status == 500
        and: 'the body lists the failed handles per operation, with code and text'
            def body = json(response)
            body.keySet() == ['failedCreatedCmHandles', 'failedUpdatedCmHandles', 'failedRemovedCmHandles', 'failedUpgradeCmHandles'] as Set
            body.failedCreatedCmHandles as Set == [[cmHandle: 'existing', errorCode: '109', errorText: 'cm-handle already exists'],
                                                   [cmHandle: 'bad id', errorCode: '110', errorText: 'cm-handle has an invalid character(s) in id']] as Set
            body.failedUpdatedCmHandles == [[cmHandle: 'nowhere', errorCode: '100', errorText: 'cm-handle does not exist']]
            body.failedRemovedCmHandles == [[cmHandle: 'never-there', errorCode: '100', errorText: 'cm-handle does not exist']]
            body.failedUpgradeCmHandles == [[cmHandle: 'existing', errorCode: '101', errorText: 'cm-handle is not ready']]
        and: 'the good handle was created all the same'
            inventoryRows.existingIds(['fresh']) == ['fresh'] as Set
    }

    def 'A registration #scenario is refused with 400 and nothing is stored'() {
        when: 'the registration is sent'
            def response = mvc.perform(post('/ncmpInventory/v1/ch').contentType(APPLICATION_JSON).content(body))
                .andReturn().response
        then: 'bad request in the error shape'
            response.status == 400
            json(response).status == '400 BAD_REQUEST'
            json(response).details.contains(expectedInDetails)
        and: 'the handle was not created'
            inventoryRows.existingIds(['refused']).isEmpty()
        where: 'the registration has'
            scenario                   | body                                                                                                     || expectedInDetails
            'with an ftp DMI URL'      | JsonOutput.toJson([dmiPlugin: 'ftp://dmi', createdCmHandles: [[cmHandle: 'refused']]])                     || 'ftp://dmi'
            'without a DMI plugin'     | JsonOutput.toJson([createdCmHandles: [[cmHandle: 'refused']]])                                           || 'dmiPlugin'
            'with an unknown trust'    | JsonOutput.toJson([dmiPlugin: DMI_A, createdCmHandles: [[cmHandle: 'refused', trustLevel: 'SOME']]])     || 'could not be read at $.createdCmHandles[0].trustLevel: the value SOME is not one of'
            'that is not JSON'         | '{"dmiPlugin": '                                                                                         || 'malformed JSON at line 1'
            'with a list for an object' | JsonOutput.toJson([dmiPlugin: DMI_A, createdCmHandles: [cmHandle: 'refused']])                           || 'could not be read at $.createdCmHandles: the value is not an array'
            'with an object property'  | JsonOutput.toJson([dmiPlugin: DMI_A, createdCmHandles: [[cmHandle: 'refused', cmHandleProperties: [a: [b: 1]]]]]) || 'could not be read at $.createdCmHandles[0].cmHandleProperties.a: the value is not a string'
    }

    def 'The handles of a DMI plugin are listed by #scenario'() {
        given: 'handles of plugin B, and one that has B as data plugin and C as model plugin'
            register(dmiPlugin: DMI_B, createdCmHandles: [[cmHandle: 'b-1', alternateId: 'alt-b-1'], [cmHandle: 'b-2']])
            register(dmiDataPlugin: DMI_B, dmiModelPlugin: DMI_C, createdCmHandles: [[cmHandle: 'bc-1']])
        when: 'the handles of a plugin are listed'
            def response = mvc.perform(get('/ncmpInventory/v1/ch/cmHandles').param('dmi-plugin-identifier', plugin)
                .param('outputAlternateId', outputAlternateId)).andReturn().response
        then: 'the handles naming it as any of their plugins are there'
            response.status == 200
            json(response) == expected
        where: 'the listing is by'
            scenario                   | plugin | outputAlternateId || expected
            'id'                       | DMI_B  | 'false'           || ['b-1', 'b-2', 'bc-1']
            'alternate id, if any'     | DMI_B  | 'true'            || ['alt-b-1', 'b-2', 'bc-1']
            'model plugin'             | DMI_C  | 'false'           || ['bc-1']
            'a plugin without handles' | DMI_D  | 'false'           || []
    }

    def register(Map registration) {
        mvc.perform(post('/ncmpInventory/v1/ch').contentType(APPLICATION_JSON).content(JsonOutput.toJson(registration)))
            .andReturn().response
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
