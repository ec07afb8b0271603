package io.cpsng.ncmp.modulesync

import io.cpsng.dmistub.DmiEndpoint
import io.micrometer.core.instrument.MeterRegistry
import org.slf4j.Logger
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.annotation.Autowired
import spock.util.concurrent.PollingConditions

import java.time.Instant

import static io.cpsng.ncmp.api.model.CmHandleState.ADVISED
import static io.cpsng.ncmp.api.model.CmHandleState.READY

class ModuleSyncSpec extends ModuleSyncIntegrationSpec {

    static final Logger LOGGER = LoggerFactory.getLogger(ModuleSyncSpec)

    @Autowired
    MeterRegistry meterRegistry

    def '1,000 handles registered in batches become READY, sharing one schema set without a tag'() {
        given: 'a DMI that takes 100 ms to answer module references'
            dmiStub.applySettings(dmiStub.settings().withModulesDelayMs(100))
        and: '1,000 handles without a tag, registered in batches of 250'
            def cmHandleIds = ids('bulk', 1000)
            def registeredAt = Instant.now()
            register(cmHandleIds)
        and: 'the counts of successes so far'
            def successesBefore = successes()
        when: 'sync rounds run until every handle is READY'
            def startNanos = System.nanoTime()
            syncUntil { allInState(cmHandleIds, READY) }
            def millis = (System.nanoTime() - startNanos).intdiv(1_000_000)
            LOGGER.info('1,000 handles READY {} ms after registration', millis)
        then: 'each is READY without a lock reason, stamped after registration'
            cmHandles(cmHandleIds).values().every { it.state().lockReason() == null && Instant.parse(it.state().lastUpdateTime()) >= registeredAt }
        and: 'each handle was asked for its module references once and the sources were fetched once'
            cmHandleIds.every { dmiStub.requestCount(DmiEndpoint.MODULES, it) == 1 }
            dmiStub.requestCount(DmiEndpoint.MODULE_RESOURCES) == 1
        and: 'all have one module set, named after the modules'
            def schemaSets = moduleSetsOf(cmHandleIds)
            schemaSets.size() == 1000
            schemaSets.values().toSet().size() == 1
            schemaSets.values().first().startsWith('module-set-')
        and: 'the queue holds none of them any more'
            queuedCount(cmHandleIds) == 0
        and: 'every handle counted as a success'
            successes() - successesBefore == 1000
        and: 'the batches were 100 ms apart, not 100 ms per handle'
            millis < 20_000
    }

    def 'Module sync is timed per phase and handles are gauged per state'() {
        given: 'a synced handle'
            register(['gauged-1'])
            syncUntil { allInState(['gauged-1'], READY) }
        expect: 'a timer for each phase, each recorded'
            ['waiting-for-worker', 'dmi-module-references', 'dmi-module-resources', 'schema-set-creation',
             'state-write'].every { phase ->
                meterRegistry.find('ncmp.module-sync.phase').tag('phase', phase).timer()?.count() > 0
            }
        and: 'the gauge of READY handles counts it within a few seconds'
            new PollingConditions(timeout: 15, delay: 0.5).eventually {
                assert meterRegistry.find('ncmp.cm-handles').tag('state', 'READY').gauge().value() >= 1
            }
        and: 'every state has a gauge'
            ['ADVISED', 'READY', 'LOCKED', 'DELETING', 'DELETED'].every {
                meterRegistry.find('ncmp.cm-handles').tag('state', it).gauge() != null
            }
    }

    def 'A READY handle made due again is synced again and stays READY on the same module set'() {
        given: 'a READY handle'
            register(['again-1'])
            syncUntil { allInState(['again-1'], READY) }
            def moduleSet = moduleSetsOf(['again-1'])['again-1']
        when: 'it is due again'
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET due_at = now() WHERE id = 'again-1'")
        and: 'it is synced again'
            syncUntil { queuedCount(['again-1']) == 0 }
        then: 'it is READY on the same module set: the existing schema set counts as done'
            allInState(['again-1'], READY)
            moduleSetsOf(['again-1']) == ['again-1': moduleSet]
    }

    def 'Handles claimed by an instance that died are taken over once its lease has expired'() {
        given: 'ten registered handles'
            def expired = ids('expired', 5)
            def leased = ids('leased', 5)
            register(expired + leased)
        and: 'all claimed by another instance: five leases expired, five running for a minute'
            claimByDeadInstance(expired, "now() - interval '1 second'")
            claimByDeadInstance(leased, "now() + interval '1 minute'")
        when: 'sync rounds run until the expired ones are READY'
            syncUntil { allInState(expired, READY) }
        then: 'the handles whose lease still runs were left alone'
            allInState(leased, ADVISED)
            leased.every { dmiStub.requestCount(DmiEndpoint.MODULES, it) == 0 }
            queuedCount(leased) == 5
        when: 'their lease runs out too, and sync rounds run'
            jdbcTemplate.update("UPDATE ncmp_module_sync_claim SET lease_until = now() - interval '1 second'"
                + ' WHERE cm_handle_id = ANY(?)', [leased as String[]] as Object[])
            syncUntil { queuedCount(leased) == 0 }
        then: 'they are taken over and synced'
            allInState(leased, READY)
    }

    void claimByDeadInstance(List<String> cmHandleIds, String leaseUntil) {
        jdbcTemplate.update("INSERT INTO ncmp_module_sync_claim (cm_handle_id, owner, lease_until)"
            + " SELECT id, 'dead', ${leaseUntil} FROM unnest(?::text[]) AS id", [cmHandleIds as String[]] as Object[])
    }

    double successes() {
        meterRegistry.find('ncmp.module-sync.handles').tag('outcome', 'success').counter()?.count() ?: 0
    }
}
