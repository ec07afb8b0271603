package io.cpsng.ncmp

import io.cpsng.IntegrationSpec
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.exceptions.InvalidInputException
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles
import io.cpsng.ncmp.InventoryRows
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.ncmp.api.model.RegistrationError.ErrorCode.CM_HANDLES_NOT_FOUND
import static io.cpsng.ncmp.api.model.RegistrationError.ErrorCode.CM_HANDLES_NOT_READY
import static io.cpsng.ncmp.api.model.RegistrationError.ErrorCode.CM_HANDLE_ALREADY_EXIST
import static io.cpsng.ncmp.api.model.RegistrationError.ErrorCode.CM_HANDLE_INVALID_ID

class RegistrationSpec extends IntegrationSpec {

    static final String DMI = 'http://127.0.0.1:8783'

    @Autowired
    NcmpDmiRegistrationService objectUnderTest

    @Autowired
    InventoryRows inventoryRows

    def 'Handles are registered in one batch, ADVISED, with their properties, and queued for module sync'() {
        given: '2,000 handles with private and public properties'
            def cmHandles = (1..2000).collect { cmHandle("batch-${it}", [dmiProp: "p${it}"], [Contact: "c${it}"], "alt-batch-${it}") }
        when: 'they are registered'
            def result = objectUnderTest.updateDmiRegistration(registration(created: cmHandles))
        then: 'all succeeded'
            result.allSucceeded()
        and: 'each is stored with its properties, plugin and state ADVISED'
            def stored = inventoryRows.getCmHandles(['batch-7'])['batch-7']
            stored.dmiServiceName() == DMI
            stored.additionalProperties() == [dmiProp: 'p7']
            stored.publicProperties() == [Contact: 'c7']
            stored.alternateId() == 'alt-batch-7'
            stored.state().cmHandleState() == CmHandleState.ADVISED
            stored.state().lastUpdateTime() != null
        and: 'every handle waits for module sync'
            jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE 'batch-%' AND due_at IS NOT NULL", Integer) == 2000
    }

    def 'A handle that cannot be created (#scenario) is reported with code #expectedCode and does not fail its neighbours'() {
        given: 'a handle is registered already'
            objectUnderTest.updateDmiRegistration(registration(created: [cmHandle("existing-${scenario.hashCode()}", [:], [:], "alt-existing-${scenario.hashCode()}")]))
        when: 'a batch with the bad handle and a good one is registered'
            def result = objectUnderTest.updateDmiRegistration(registration(created: [badHandle(scenario.hashCode()), cmHandle("good-${scenario.hashCode()}", [:], [:], null)]))
        then: 'only the bad handle is reported, with the reference code'
            result.failedCreatedCmHandles()*.cmHandle() == [expectedFailedId(scenario.hashCode())]
            result.failedCreatedCmHandles()*.errorCode() == [expectedCode]
        and: 'the good handle was created'
            inventoryRows.existingIds(["good-${scenario.hashCode()}".toString()]).size() == 1
        where: 'the bad handle is'
            scenario              | badHandle                                                         | expectedFailedId                      || expectedCode
            'an existing id'      | { n -> cmHandle("existing-${n}", [:], [:], null) }                | { n -> "existing-${n}" }              || CM_HANDLE_ALREADY_EXIST
            'a clashing alt id'   | { n -> cmHandle("clash-${n}", [:], [:], "alt-existing-${n}") }    | { n -> "clash-${n}" }                 || CM_HANDLE_ALREADY_EXIST
            'an invalid id'       | { n -> cmHandle("bad id/${n}", [:], [:], null) }                  | { n -> "bad id/${n}" }                || CM_HANDLE_INVALID_ID
    }

    def 'The same id twice in one batch is created once and reported once'() {
        when: 'a batch holds one id twice'
            def result = objectUnderTest.updateDmiRegistration(registration(created: [cmHandle('twice', [:], [:], null), cmHandle('twice', [:], [:], null)]))
        then: 'the second is reported as existing'
            result.failedCreatedCmHandles()*.cmHandle() == ['twice']
            result.failedCreatedCmHandles()*.errorCode() == [CM_HANDLE_ALREADY_EXIST]
            inventoryRows.existingIds(['twice']) == ['twice'] as Set
    }

    def 'Updating sets and removes properties; unknown handles are reported'() {
        given: 'a registered handle'
            objectUnderTest.updateDmiRegistration(registration(created: [cmHandle('to-update', [a: '1', b: '2'], [p: 'x'], null)]))
        when: 'it is updated: a changed, b removed, c added, and an unknown handle too'
            def result = objectUnderTest.updateDmiRegistration(registration(updated: [
                cmHandle('to-update', [a: '10', b: null, c: '3'], [p: null, q: 'y'], null), cmHandle('unknown', [:], [:], null)]))
        then: 'the unknown handle is reported'
            result.failedUpdatedCmHandles()*.cmHandle() == ['unknown']
            result.failedUpdatedCmHandles()*.errorCode() == [CM_HANDLES_NOT_FOUND]
        and: 'the properties are as updated, the state unchanged'
            def updated = inventoryRows.getCmHandles(['to-update'])['to-update']
            updated.additionalProperties() == [a: '10', c: '3']
            updated.publicProperties() == [q: 'y']
            updated.state().cmHandleState() == CmHandleState.ADVISED
    }

    def 'Removed handles are gone with their alternate id and queued work; unknown ones are reported'() {
        given: 'a registered handle with an alternate id'
            objectUnderTest.updateDmiRegistration(registration(created: [cmHandle('to-remove', [:], [:], 'alt-to-remove')]))
        when: 'it is removed with an unknown one'
            def result = objectUnderTest.updateDmiRegistration(registration(removed: ['to-remove', 'never-there']))
        then: 'the unknown one is reported'
            result.failedRemovedCmHandles()*.cmHandle() == ['never-there']
        and: 'nothing of the removed handle remains'
            inventoryRows.existingIds(['to-remove']).isEmpty()
        and: 'its alternate id can be used again'
            objectUnderTest.updateDmiRegistration(registration(created: [cmHandle('reuses-alt', [:], [:], 'alt-to-remove')])).allSucceeded()
    }

    def 'Only READY handles can be upgraded'() {
        given: 'an ADVISED handle'
            objectUnderTest.updateDmiRegistration(registration(created: [cmHandle('not-ready', [:], [:], null)]))
        when: 'it and an unknown one are upgraded'
            def result = objectUnderTest.updateDmiRegistration(registration(upgraded: new UpgradedCmHandles(['not-ready', 'nowhere'], 'tag-2')))
        then: 'both are reported with their reasons'
            result.failedUpgradeCmHandles().collectEntries { [it.cmHandle(), it.errorCode()] } == ['not-ready': CM_HANDLES_NOT_READY, nowhere: CM_HANDLES_NOT_FOUND]
    }

    def 'A DMI plugin that is not an http(s) URL is refused whole'() {
        when: 'a registration names a plugin by another scheme'
            objectUnderTest.updateDmiRegistration(new DmiPluginRegistration('ftp://dmi', null, null, null, null,
                [cmHandle('x', [:], [:], null)], [], [], null))
        then: 'it is invalid input'
            thrown(InvalidInputException)
        and: 'nothing was stored'
            inventoryRows.existingIds(['x']).isEmpty()
    }

    static cmHandle(id, Map additionalProperties, Map publicProperties, alternateId) {
        new CmHandle(id.toString(), null, null, null, additionalProperties.collectEntries { k, v -> [k, v?.toString()] },
            publicProperties.collectEntries { k, v -> [k, v?.toString()] }, '', alternateId?.toString(), null, null, null)
    }

    static registration(Map operations) {
        new DmiPluginRegistration(DMI, null, null, null, null, operations.created ?: [], operations.updated ?: [],
            operations.removed ?: [], operations.upgraded)
    }
}
