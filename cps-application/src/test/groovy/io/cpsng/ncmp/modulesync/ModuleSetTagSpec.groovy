package io.cpsng.ncmp.modulesync

import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.ncmp.api.model.LockReason

import static io.cpsng.ncmp.api.model.CmHandleState.LOCKED
import static io.cpsng.ncmp.api.model.CmHandleState.READY

class ModuleSetTagSpec extends ModuleSyncIntegrationSpec {

    static final List<String> TAGS = (1..5).collect { "tag-${it}".toString() }

    def '1,000 handles over 5 tags cost one module-references call per tag and about one module-resources call per tag'() {
        given: '1,000 handles, 200 per tag, registered with the tags interleaved so that every batch holds all five'
            def cmHandleIdsByTag = TAGS.collectEntries { [it, ids("tagged-${it}", 200)] }
            (0..<200).collate(50).each { slice ->
                TAGS.each { tag -> register(slice.collect { cmHandleIdsByTag[tag][it] }, tag) }
            }
        when: 'sync rounds run until all are READY'
            def allIds = cmHandleIdsByTag.values().flatten()
            syncUntil { allInState(allIds, READY) }
        then: 'the DMI was asked for module references once per tag'
            dmiStub.requestCount(DmiEndpoint.MODULES) == 5
        and: 'for sources at most once per tag (none when the store held every module of the set already)'
            dmiStub.requestCount(DmiEndpoint.MODULE_RESOURCES) >= 1
            dmiStub.requestCount(DmiEndpoint.MODULE_RESOURCES) <= 5
        and: 'each tag is a schema set, and the module set of each handle is that of its tag'
            schemaSetNames().containsAll(TAGS)
            cmHandleIdsByTag.every { tag, cmHandleIds -> moduleSetsOf(cmHandleIds).values().every { it == tag } }
    }

    def 'Handles with tags whose schema set exists need no DMI call at all'() {
        given: 'the five tags are stored'
            def firstIds = TAGS.collect { "first-${it}".toString() }
            TAGS.each { register(["first-${it}".toString()], it) }
            syncUntil { allInState(firstIds, READY) }
        and: 'the DMI counts start again'
            dmiStub.reset()
        when: '500 more handles with those tags are registered and synced'
            def moreIds = TAGS.collectMany { tag ->
                def tagIds = ids("more-${tag}", 100)
                register(tagIds, tag)
                tagIds
            }
            syncUntil { allInState(moreIds, READY) }
        then: 'the DMI was not called'
            dmiStub.requestCount(DmiEndpoint.MODULES) == 0
            dmiStub.requestCount(DmiEndpoint.MODULE_RESOURCES) == 0
        and: 'their module sets are their tags'
            moduleSetsOf(moreIds).size() == 500
    }

    def 'A handle with the failing tag is LOCKED with the attempt and the cause; its neighbours are READY'() {
        given: 'a handle with the tag the DMI fails and one with a good tag, in one batch'
            register(['failing-1'], 'failing-tag')
            register(['neighbour-1'], 'tag-1')
        when: 'one sync round runs'
            moduleSyncWatchdog.syncDueHandles()
        then: 'the failing one is LOCKED for a failed module sync, attempt 1, with the DMI status'
            def failing = cmHandles(['failing-1'])['failing-1']
            failing.state().cmHandleState() == LOCKED
            failing.state().lockReason().reason() == LockReason.MODULE_SYNC_FAILED
            failing.state().lockReason().details().startsWith('Attempt #1 failed: ')
            failing.state().lockReason().details().contains('500')
        and: 'it waits for a retry'
            jdbcTemplate.queryForObject("SELECT attempt FROM ncmp_cm_handle WHERE id = 'failing-1'", Integer) == 1
        and: 'it has no module set'
            moduleSetsOf(['failing-1']).isEmpty()
        and: 'its neighbour is READY'
            allInState(['neighbour-1'], READY)
    }
}
