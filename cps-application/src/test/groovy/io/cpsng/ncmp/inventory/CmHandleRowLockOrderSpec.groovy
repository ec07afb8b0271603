package io.cpsng.ncmp.inventory

import io.cpsng.BlockedWrite
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired

import javax.sql.DataSource
import java.sql.Connection
import java.sql.SQLException
import java.time.Duration

/**
 * The statements that write many handle rows take their row locks in id order, whatever order the ids come in
 * and however PostgreSQL reads the rows: two of them sharing rows then wait for each other in a line, never in a
 * circle. Without it, removing 200,000 handles while module sync wrote the results of some of them deadlocked.
 * Shown with three handles inserted and claimed in the order c, b, a and another transaction holding b: a
 * statement waiting for b must not hold c already.
 */
class CmHandleRowLockOrderSpec extends IntegrationSpec {

    static final List<String> CLAIM_ORDER = ['order-c', 'order-b', 'order-a']
    static final String OWNER = 'lock-order-worker'
    static final Duration LEASE = Duration.ofMinutes(1)

    @Autowired
    ModuleSyncRows moduleSyncRows

    @Autowired
    DataSyncRows dataSyncRows

    @Autowired
    RegistrationRows registrationRows

    @Autowired
    DataSource dataSource

    Connection holder

    List<ModuleSyncRows.ClaimedWork> claimedWorks

    def setup() {
        jdbcTemplate.update("DELETE FROM ncmp_cm_handle WHERE id LIKE 'order-%'")
        CLAIM_ORDER.eachWithIndex { id, index ->
            jdbcTemplate.update("""
                INSERT INTO ncmp_cm_handle (id, dmi_service_name, module_set_tag, cm_handle_state, last_update_time,
                    data_sync_enabled, data_sync_state, data_sync_due_at, additional_properties, public_properties,
                    due_at, attempt)
                VALUES (?, 'http://dmi', '', 'READY', now(), true, 'UNSYNCHRONIZED', now() - make_interval(secs => ?),
                    '{}', '{}', now() - make_interval(secs => ?), 0)""", id, 10 - index, 10 - index)
        }
        holder = dataSource.connection
        holder.autoCommit = false
    }

    def cleanup() {
        holder.rollback()
        holder.close()
    }

    def 'While another transaction holds order-b, #statement waits for it without holding order-c'() {
        given: 'the handles claimed in the order c, b, a'
            def claimedIds = claimInOrder(statement)
            assert claimedIds == CLAIM_ORDER
        and: 'another transaction holding order-b'
            assert lockWithoutWaiting('order-b')
        when: 'the statement runs on the three handles'
            def blocked = BlockedWrite.start { write(statement, claimedIds) }
        then: 'it waits for order-b'
            blocked.waitsForALock(jdbcTemplate)
        and: 'order-c, after order-b in id order, is not locked: the other transaction takes it at once'
            lockWithoutWaiting('order-c')
        when: 'the other transaction ends'
            holder.rollback()
        then: 'the statement ends without an error'
            blocked.end() == null
        where: 'the statements are'
            statement << ['module sync marking READY', 'module sync marking LOCKED', 'module sync releasing a batch',
                          'data sync releasing a batch', 'a resync after a notification', 'a removal',
                          'a stale deletion']
    }

    private List<String> claimInOrder(final String statement) {
        switch (statement) {
            case 'data sync releasing a batch':
                return dataSyncRows.claimDue(OWNER, 10, LEASE)*.id()
            case 'a resync after a notification':
                return dataSyncRows.claimDue(OWNER, 10, LEASE)*.id().tap {
                    // a resync leaves a handle whose data sync runs alone: claimed only for the claim order
                    jdbcTemplate.update("UPDATE ncmp_cm_handle SET data_sync_owner = NULL WHERE id LIKE 'order-%'")
                }
            case 'a stale deletion':
                return moduleSyncRows.claimDue(OWNER, 10, LEASE)*.cmHandleId().tap {
                    jdbcTemplate.update("UPDATE ncmp_cm_handle SET cm_handle_state = 'DELETING' WHERE id LIKE 'order-%'")
                }
            default:
                claimedWorks = moduleSyncRows.claimDue(OWNER, 10, LEASE)
                return claimedWorks*.cmHandleId()
        }
    }

    private void write(final String statement, final List<String> ids) {
        switch (statement) {
            case 'module sync marking READY':
                moduleSyncRows.markReady(OWNER, claimedWorks.collectEntries { [it, 'set-1'] })
                break
            case 'module sync marking LOCKED':
                moduleSyncRows.markLocked(OWNER, claimedWorks.collectEntries { [it, 'failed'] }, LEASE, LEASE)
                break
            case 'module sync releasing a batch':
                moduleSyncRows.retryLater(OWNER, ids, LEASE, LEASE)
                break
            case 'data sync releasing a batch':
                dataSyncRows.retryLater(OWNER, ids, LEASE, LEASE)
                break
            case 'a resync after a notification':
                dataSyncRows.resync(ids)
                break
            case 'a removal':
                registrationRows.deleteRemoved(ids)
                break
            case 'a stale deletion':
                registrationRows.deleteDeleting(ids)
                break
        }
    }

    private boolean lockWithoutWaiting(final String cmHandleId) {
        try {
            holder.prepareStatement("SELECT id FROM ncmp_cm_handle WHERE id = '${cmHandleId}' FOR UPDATE NOWAIT")
                .executeQuery().close()
            return true
        } catch (final SQLException lockNotAvailable) {
            return false
        }
    }

}
