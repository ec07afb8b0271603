package io.cpsng.ncmp.modulesync

import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.model.LockReason

import static io.cpsng.ncmp.api.model.CmHandleState.LOCKED
import static io.cpsng.ncmp.api.model.CmHandleState.READY

class ModuleSyncRetrySpec extends ModuleSyncIntegrationSpec {

    def 'A DMI answering 503 (#scenario) leaves handles LOCKED with the attempt and READY once it recovers'() {
        given: 'a DMI answering 503'
            dmiStub.applySettings(unavailable)
        and: 'twenty handles registered'
            def cmHandleIds = ids("retried-${scenario.hashCode()}", 20)
            register(cmHandleIds)
        when: 'one sync round runs'
            moduleSyncWatchdog.syncDueHandles()
        then: 'every handle is LOCKED for a failed module sync, attempt 1, saying the DMI answered 503'
            cmHandles(cmHandleIds).values().every {
                it.state().cmHandleState() == LOCKED && it.state().lockReason().reason() == LockReason.MODULE_SYNC_FAILED &&
                    it.state().lockReason().details().startsWith('Attempt #1 failed: ') && it.state().lockReason().details().contains('503')
            }
        and: 'none has a module set'
            moduleSetsOf(cmHandleIds).isEmpty()
        when: 'rounds run until the retry after the back-off has failed too'
            syncUntil(10) { cmHandles(cmHandleIds).values().every { it.state().lockReason()?.details()?.startsWith('Attempt #2 failed: ') } }
        and: 'the DMI recovers'
            recover(dmiStub)
        and: 'rounds run until every handle is READY'
            syncUntil(30) { allInState(cmHandleIds, READY) }
        then: 'the lock reasons are gone and the queue is empty'
            cmHandles(cmHandleIds).values().every { it.state().lockReason() == null }
            queuedCount(cmHandleIds) == 0
        and: 'every handle has its module set'
            moduleSetsOf(cmHandleIds).size() == 20
        where: 'the DMI is unavailable'
            scenario                     | unavailable                                        | recover
            'failure rate 1.0, then not' | DmiStubSettings.DEFAULTS.withFailureRate(1.0)      | { DmiStub stub -> stub.applySettings(DmiStubSettings.DEFAULTS) }
            'for its first 2 seconds'    | DmiStubSettings.DEFAULTS.withUnavailableSeconds(2) | { DmiStub stub -> }
    }

    def 'The back-off doubles with every failed attempt up to the cap'() {
        given: 'a DMI that fails every call, and a handle'
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(1.0))
            register(['backed-off'])
        when: 'rounds run until it failed four times'
            syncUntil(20) { attemptOf('backed-off') == 4 }
        then: 'its next try is due within the cap (1 s) rather than after 8 x the base (1.6 s)'
            def secondsToWait = jdbcTemplate.queryForObject(
                "SELECT extract(epoch FROM due_at - now()) FROM ncmp_cm_handle WHERE id = 'backed-off'", Double)
            secondsToWait > 0 && secondsToWait <= 1.0
        and: 'its lock reason says attempt 4'
            cmHandles(['backed-off'])['backed-off'].state().lockReason().details().startsWith('Attempt #4 failed: ')
    }

    Integer attemptOf(String cmHandleId) {
        jdbcTemplate.queryForObject('SELECT attempt FROM ncmp_cm_handle WHERE id = ?', Integer, cmHandleId)
    }
}
