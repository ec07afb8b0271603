package io.cpsng.ncmp.modulesync

import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles
import io.cpsng.ncmp.api.model.LockReason

import static io.cpsng.ncmp.api.model.CmHandleState.LOCKED
import static io.cpsng.ncmp.api.model.CmHandleState.READY

class ModuleUpgradeSpec extends ModuleSyncIntegrationSpec {

    def 'An upgrade to a new tag makes the handles READY with the new tag on its module set'() {
        given: 'three READY handles with tag-1'
            def cmHandleIds = ids('upgraded', 3)
            register(cmHandleIds, 'tag-1')
            syncUntil { allInState(cmHandleIds, READY) }
        when: 'two of them are upgraded to tag-2'
            upgrade(cmHandleIds.take(2), 'tag-2')
        then: 'they are LOCKED for the upgrade until it is done'
            cmHandles(cmHandleIds.take(2)).values().every {
                it.state().cmHandleState() == LOCKED && it.state().lockReason().reason() == LockReason.MODULE_UPGRADE
            }
        when: 'sync rounds run until they are READY'
            syncUntil { allInState(cmHandleIds.take(2), READY) }
        then: 'they have the new tag, no lock reason, and the module set of tag-2'
            cmHandles(cmHandleIds.take(2)).values().every { it.moduleSetTag() == 'tag-2' && it.state().lockReason() == null }
            moduleSetsOf(cmHandleIds.take(2)).values().every { it == 'tag-2' }
        and: 'the third is as it was, and tag-1 stays while it uses it'
            cmHandles([cmHandleIds[2]])[cmHandleIds[2]].moduleSetTag() == 'tag-1'
            moduleSetsOf([cmHandleIds[2]]).values() as List == ['tag-1']
            schemaSetNames().containsAll(['tag-1', 'tag-2'])
        when: 'the third is upgraded too'
            upgrade([cmHandleIds[2]], 'tag-2')
            syncUntil { allInState([cmHandleIds[2]], READY) }
        then: 'the schema set of tag-1, used by no handle any more, is gone'
            !schemaSetNames().contains('tag-1')
    }

    def 'An upgrade to a tag the DMI fails leaves the handle LOCKED for a failed upgrade, still on its module set'() {
        given: 'a READY handle with tag-3'
            register(['upgrade-fails'], 'tag-3')
            syncUntil { allInState(['upgrade-fails'], READY) }
        when: 'it is upgraded to the failing tag and one sync round runs'
            upgrade(['upgrade-fails'], 'failing-tag')
            moduleSyncWatchdog.syncDueHandles()
        then: 'it is LOCKED for a failed upgrade, the details naming the target tag and the attempt'
            def state = cmHandles(['upgrade-fails'])['upgrade-fails'].state()
            state.cmHandleState() == LOCKED
            state.lockReason().reason() == LockReason.MODULE_UPGRADE_FAILED
            state.lockReason().details().startsWith('Upgrade to ModuleSetTag: failing-tag. Attempt #1 failed: ')
        and: 'it keeps its tag and its module set'
            cmHandles(['upgrade-fails'])['upgrade-fails'].moduleSetTag() == 'tag-3'
            moduleSetsOf(['upgrade-fails']).values() as List == ['tag-3']
        cleanup: 'the handle is removed so that later features do not retry it'
            deregister(['upgrade-fails'])
    }

    def 'Deregistration after sync removes the handles and the module sets no handle uses any more'() {
        given: 'READY handles: two with tag-4, one with tag-5 and one without a tag'
            register(['dereg-1', 'dereg-2'], 'tag-4')
            register(['dereg-3'], 'tag-5')
            register(['dereg-4'])
            def cmHandleIds = ['dereg-1', 'dereg-2', 'dereg-3', 'dereg-4']
            syncUntil { allInState(cmHandleIds, READY) }
            def untaggedSchemaSet = moduleSetsOf(['dereg-4'])['dereg-4']
        when: 'one of the tag-4 handles is removed'
            deregister(['dereg-1'])
        then: 'it is gone and tag-4 stays for the other'
            moduleSetsOf(['dereg-1']).isEmpty()
            schemaSetNames().contains('tag-4')
        when: 'the rest are removed'
            deregister(['dereg-2', 'dereg-3', 'dereg-4'])
        then: 'the handles and the module sets they used are gone'
            inventoryRows.existingIds(cmHandleIds).isEmpty()
            moduleSetsOf(cmHandleIds).isEmpty()
            !schemaSetNames().any { it in ['tag-4', 'tag-5', untaggedSchemaSet] }
    }

    void upgrade(List<String> cmHandleIds, String moduleSetTag) {
        def result = ncmpDmiRegistrationService.updateDmiRegistration(new DmiPluginRegistration(dmiStub.baseUrl(),
            null, null, null, null,
            [], [], [], new UpgradedCmHandles(cmHandleIds, moduleSetTag)))
        assert result.allSucceeded()
    }
}
