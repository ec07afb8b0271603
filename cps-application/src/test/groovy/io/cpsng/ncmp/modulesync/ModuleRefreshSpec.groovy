package io.cpsng.ncmp.modulesync

import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpLcmEventService
import io.cpsng.ncmp.api.NcmpModuleRefreshService
import io.cpsng.ncmp.api.model.CmHandleQuery
import io.cpsng.ncmp.api.model.LcmEvent
import io.cpsng.ncmp.api.model.LockReason
import org.springframework.beans.factory.annotation.Autowired
import spock.util.concurrent.PollingConditions

import java.time.Duration

import static io.cpsng.ncmp.api.model.CmHandleState.LOCKED
import static io.cpsng.ncmp.api.model.CmHandleState.READY

/** Module refresh: untagged READY handles ask their plugin for their modules again; tagged ones are listed only. */
class ModuleRefreshSpec extends ModuleSyncIntegrationSpec {

    @Autowired
    NcmpModuleRefreshService objectUnderTest

    @Autowired
    NcmpLcmEventService ncmpLcmEventService

    def 'A refresh asks the plugin of each untagged READY handle for its modules again, with the lifecycle events of it'() {
        given: 'two READY handles without a tag and one with tag-1'
            register(['refresh-1', 'refresh-2'])
            register(['refresh-tagged'], 'tag-1')
            syncUntil { allInState(['refresh-1', 'refresh-2', 'refresh-tagged'], READY) }
            def moduleSets = moduleSetsOf(['refresh-1', 'refresh-2'])
            dmiStub.reset()
        when: 'the READY handles on the stub are refreshed'
            def result = objectUnderTest.refreshModules(new CmHandleQuery([
                new CmHandleQuery.Condition('cmHandleWithDmiPlugin', [[dmiPluginName: dmiStub.baseUrl()]]),
                new CmHandleQuery.Condition('cmHandleWithCpsPath', [[cpsPath: "//state[@cm-handle-state='READY']"]])]))
        then: 'the answer lists them by module set tag'
            result.collectEntries { tag, ids -> [tag, ids as Set] } == ['': ['refresh-1', 'refresh-2'] as Set, 'tag-1': ['refresh-tagged'] as Set]
        and: 'the untagged ones are LOCKED for the refresh, the tagged one stays READY'
            cmHandles(['refresh-1', 'refresh-2']).values().every {
                it.state().cmHandleState() == LOCKED && it.state().lockReason().reason() == LockReason.MODULE_REFRESH
            }
            cmHandles(['refresh-tagged'])['refresh-tagged'].state().cmHandleState() == READY
        when: 'sync rounds run until they are READY'
            syncUntil { allInState(['refresh-1', 'refresh-2'], READY) }
        then: 'their plugin was asked for their modules again, and not for the tagged handle\'s'
            dmiStub.requestCount(DmiEndpoint.MODULES, 'refresh-1') == 1
            dmiStub.requestCount(DmiEndpoint.MODULES, 'refresh-2') == 1
            dmiStub.requestCount(DmiEndpoint.MODULES, 'refresh-tagged') == 0
        and: 'the modules did not change, so they are on the module set they had'
            moduleSetsOf(['refresh-1', 'refresh-2']) == moduleSets
        and: 'each untagged handle\'s events end with READY to LOCKED for the refresh and back; the tagged one has none of these'
            new PollingConditions(timeout: 10, delay: 0.1).eventually {
                def events = lcmEventsOf(['refresh-1', 'refresh-2', 'refresh-tagged'])
                assert ['refresh-1', 'refresh-2'].every { cmHandleId ->
                    def last = events[cmHandleId].takeRight(2)
                    last[0].newValuesJson().contains('"MODULE_REFRESH"') && last[1].newValuesJson().contains('READY')
                }
                assert events['refresh-tagged'].every { !it.newValuesJson().contains('LOCKED') }
            }
    }

    def 'A refresh whose plugin fails leaves the handle LOCKED for a failed refresh, retried later'() {
        given: 'a READY handle without a tag, and its plugin failing every call from now on'
            register(['refresh-fails'])
            syncUntil { allInState(['refresh-fails'], READY) }
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(1))
        when: 'it is refreshed and one sync round runs'
            objectUnderTest.refreshModules(new CmHandleQuery([new CmHandleQuery.Condition('cmHandleWithCpsPath',
                [[cpsPath: "/dmi-registry/cm-handles[@id='refresh-fails']"]])]))
            moduleSyncWatchdog.syncDueHandles()
        then: 'it is LOCKED for a failed refresh, the details naming the attempt'
            def state = cmHandles(['refresh-fails'])['refresh-fails'].state()
            state.cmHandleState() == LOCKED
            state.lockReason().reason() == LockReason.MODULE_REFRESH_FAILED
            state.lockReason().details().startsWith('Module refresh. Attempt #1 failed: ')
        and: 'it is due again'
            queuedCount(['refresh-fails']) == 1
        cleanup: 'the handle is removed so that later features do not retry it'
            deregister(['refresh-fails'])
    }

    /** The lifecycle events of the handles, by handle id, from the whole feed a page at a time. */
    Map<String, List<LcmEvent>> lcmEventsOf(Collection<String> cmHandleIds) {
        def events = [:].withDefault { [] }
        def page = ncmpLcmEventService.events(0, 10_000, Duration.ZERO)
        while (!page.events().isEmpty()) {
            page.events().findAll { it.cmHandleId() in cmHandleIds }.each { events[it.cmHandleId()] << it }
            page = ncmpLcmEventService.events(page.next(), 10_000, Duration.ZERO)
        }
        events
    }
}
