package io.cpsng.ncmp.inventory

import io.cpsng.BlockedWrite
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.TransactionStatus
import org.springframework.transaction.support.DefaultTransactionDefinition
import org.springframework.transaction.support.TransactionTemplate

import java.time.Duration

/**
 * Module sync's claims are rows of ncmp_module_sync_claim (ADR 0023), not new versions of the handles' rows: a claim
 * inserts a claim row per handle, takes over claims whose lease ran out and no other, claims take turns, and every
 * statement that ends a handle's sync or removes it deletes its claim.
 */
class ModuleSyncClaimsSpec extends IntegrationSpec {

    static final Duration LEASE = Duration.ofMinutes(1)

    @Autowired
    ModuleSyncRows moduleSyncRows

    @Autowired
    RegistrationRows registrationRows

    @Autowired
    PlatformTransactionManager transactionManager

    // a claim's transaction a feature left open when it failed: it holds the claims' lock until rolled back
    TransactionStatus openClaim

    def setup() {
        deleteHandles()
    }

    def cleanup() {
        if (openClaim != null && !openClaim.completed) {
            transactionManager.rollback(openClaim)
        }
        deleteHandles()
    }

    def 'A claim of 1,000 due handles writes a claim row each and no version of a handle row'() {
        given: '1,000 registered handles, due'
            insertDueHandles('claims-', 1_000)
        when: 'they are claimed, and the writes of the claim\'s transaction are counted per table'
            def counts = new TransactionTemplate(transactionManager).execute {
                // the session's counts not yet reported include the writes of its transactions before
                def before = writesByTable()
                def claimed = moduleSyncRows.claimDue('claims-worker', 1_000, LEASE)
                def writes = writesByTable().collectEntries { table, after ->
                    [(table): after.collectEntries { kind, count -> [(kind): count - before[table][kind]] }]
                }
                [claimed: claimed*.cmHandleId(), writes: writes]
            }
        then: 'the claim returned the handles'
            counts.claimed.size() == 1_000
            counts.claimed.every { it.startsWith('claims-') }
        and: 'it inserted a claim row per handle and wrote no handle row'
            counts.writes.ncmp_module_sync_claim == [inserted: 1_000L, updated: 0L]
            counts.writes.ncmp_cm_handle == [inserted: 0L, updated: 0L]
        and: 'the claims are the worker\'s, with its lease'
            claimsByHandle(counts.claimed).values().every { it.owner == 'claims-worker' && it.leaseRunning }
    }

    def 'A claim takes over a claim whose lease ran out, and leaves one still running'() {
        given: 'two due handles claimed by an instance that died, one lease run out, the other running'
            insertDueHandles('claims-', 2)
            claimAs('dead', 'claims-1', "now() - interval '1 second'")
            claimAs('dead', 'claims-2', "now() + interval '1 minute'")
        when: 'another worker claims due handles'
            def claimed = moduleSyncRows.claimDue('claims-worker', 10, LEASE)*.cmHandleId()
                .findAll { it.startsWith('claims-') }
        then: 'it took the one whose lease ran out'
            claimed == ['claims-1']
        and: 'the claims now say so'
            claimsByHandle(['claims-1', 'claims-2']).collectEntries { id, claim -> [(id): claim.owner] } ==
                ['claims-1': 'claims-worker', 'claims-2': 'dead']
    }

    def 'A claim waits for the claim before it to end, then takes the due handles that claim left'() {
        given: '20 due handles, and a claim of 10 not yet committed'
            insertDueHandles('claims-', 20)
            openClaim = transactionManager.getTransaction(new DefaultTransactionDefinition())
            def firstClaimed = moduleSyncRows.claimDue('claims-first', 10, LEASE)*.cmHandleId()
        when: 'another worker claims 10'
            List<String> secondClaimed = null
            def blocked = BlockedWrite.start {
                secondClaimed = moduleSyncRows.claimDue('claims-second', 10, LEASE)*.cmHandleId()
            }
        then: 'it waits for its turn'
            blocked.waitsForALock(jdbcTemplate)
        when: 'the first claim commits'
            transactionManager.commit(openClaim)
        then: 'the second claim ends and took the other ten handles'
            blocked.end() == null
            firstClaimed.size() == 10
            secondClaimed.sort() == (ids('claims-', 20) - firstClaimed).sort()
    }

    def 'The claim of a handle is deleted by #statement'() {
        given: 'a due handle claimed'
            insertDueHandles('claims-', 1)
            def work = claimOnly('claims-1')
            assert claimsByHandle(['claims-1']).keySet() == ['claims-1'] as Set
        when: 'the statement runs on it'
            end(statement, work)
        then: 'its claim is gone'
            claimsByHandle(['claims-1']) == [:]
        where: 'the statements are'
            statement << ['module sync marking READY', 'module sync marking LOCKED', 'module sync releasing a batch',
                          'an upgrade', 'marking DELETING', 'a removal', 'a stale deletion']
    }

    ModuleSyncRows.ClaimedWork claimOnly(String cmHandleId) {
        def claimed = moduleSyncRows.claimDue('claims-worker', 10, LEASE).findAll { it.cmHandleId() == cmHandleId }
        assert claimed.size() == 1
        claimed.first()
    }

    void end(String statement, ModuleSyncRows.ClaimedWork work) {
        switch (statement) {
            case 'module sync marking READY' -> moduleSyncRows.markReady('claims-worker', [(work): 'a-module-set'])
            case 'module sync marking LOCKED' -> moduleSyncRows.markLocked('claims-worker', [(work): 'failed'],
                Duration.ofSeconds(5), Duration.ofMinutes(5))
            case 'module sync releasing a batch' -> moduleSyncRows.retryLater('claims-worker', ['claims-1'],
                Duration.ofSeconds(5), Duration.ofMinutes(5))
            case 'an upgrade' -> {
                jdbcTemplate.update("UPDATE ncmp_cm_handle SET cm_handle_state = 'READY' WHERE id = 'claims-1'")
                assert registrationRows.lockForUpgrade(['claims-1'], 'tag-2') == ['claims-1'] as Set
            }
            case 'a removal' -> registrationRows.deleteRemoved(['claims-1'])
            case 'marking DELETING' -> registrationRows.markDeleting(['claims-1'])
            case 'a stale deletion' -> {
                jdbcTemplate.update("UPDATE ncmp_cm_handle SET cm_handle_state = 'DELETING' WHERE id = 'claims-1'")
                registrationRows.deleteDeleting(['claims-1'])
            }
            default -> throw new IllegalArgumentException(statement)
        }
    }

    /** Due a day ago, before any other spec's handle: the claims take these first. */
    void insertDueHandles(String prefix, int count) {
        jdbcTemplate.update("""
            INSERT INTO ncmp_cm_handle (id, alternate_id, dmi_service_name, module_set_tag, cm_handle_state,
                last_update_time, additional_properties, public_properties, due_at, attempt)
            SELECT ? || n, 'ManagedElement=' || ? || n, 'http://dmi', 'tag-1', 'ADVISED', now(),
                jsonb_build_object('site', 'site-' || n % 100), '{}', now() - interval '1 day', 0
            FROM generate_series(1, ?) AS n""", prefix, prefix, count)
    }

    List<String> ids(String prefix, int count) {
        (1..count).collect { prefix + it }
    }

    void claimAs(String owner, String cmHandleId, String leaseUntil) {
        jdbcTemplate.update("INSERT INTO ncmp_module_sync_claim (cm_handle_id, owner, lease_until)"
            + " VALUES (?, ?, ${leaseUntil})", cmHandleId, owner)
    }

    Map<String, Map> writesByTable() {
        jdbcTemplate.queryForList('SELECT relname, n_tup_ins, n_tup_upd FROM pg_stat_xact_user_tables'
            + " WHERE relname IN ('ncmp_cm_handle', 'ncmp_module_sync_claim')")
            .collectEntries { [(it.relname): [inserted: it.n_tup_ins, updated: it.n_tup_upd]] }
    }

    Map<String, Map> claimsByHandle(List<String> cmHandleIds) {
        jdbcTemplate.queryForList('SELECT cm_handle_id, owner, lease_until > now() AS lease_running'
            + ' FROM ncmp_module_sync_claim WHERE cm_handle_id = ANY(?)', [cmHandleIds as String[]] as Object[])
            .collectEntries { [(it.cm_handle_id): [owner: it.owner, leaseRunning: it.lease_running]] }
    }

    void deleteHandles() {
        jdbcTemplate.update("DELETE FROM ncmp_module_sync_claim WHERE cm_handle_id LIKE 'claims-%'")
        jdbcTemplate.update("DELETE FROM ncmp_cm_handle WHERE id LIKE 'claims-%'")
    }
}
