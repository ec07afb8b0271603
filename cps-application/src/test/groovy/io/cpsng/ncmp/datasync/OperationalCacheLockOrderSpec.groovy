package io.cpsng.ncmp.datasync

import io.cpsng.BlockedWrite
import io.cpsng.IntegrationSpec
import io.cpsng.cps.tree.DataTree
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.support.TransactionTemplate

import javax.sql.DataSource
import java.sql.Connection
import java.sql.SQLException

/**
 * The statements that write many cache rows take their row locks in id order, as the notifications' batches and the
 * syncs' stores do: two of them sharing rows wait for each other in a line, never in a circle. Shown with three rows
 * written in the order c, b, a and another transaction holding b: a statement waiting for b must not hold c already.
 */
class OperationalCacheLockOrderSpec extends IntegrationSpec {

    static final List<String> WRITE_ORDER = ['cache-order-c', 'cache-order-b', 'cache-order-a']

    @Autowired
    OperationalDataCache operationalDataCache

    @Autowired
    DataSource dataSource

    @Autowired
    PlatformTransactionManager transactionManager

    Connection holder

    def setup() {
        jdbcTemplate.update("DELETE FROM ncmp_operational_cache WHERE cm_handle_id LIKE 'cache-order-%'")
        WRITE_ORDER.each { id ->
            jdbcTemplate.update('INSERT INTO ncmp_operational_cache VALUES (?, ?, ?)', id, 'any-set', DataTree.empty().toBytes())
        }
        holder = dataSource.connection
        holder.autoCommit = false
    }

    def cleanup() {
        holder.rollback()
        holder.close()
        jdbcTemplate.update("DELETE FROM ncmp_operational_cache WHERE cm_handle_id LIKE 'cache-order-%'")
    }

    def 'While another transaction holds cache-order-b, #statement waits for it without holding cache-order-c'() {
        given: 'another transaction holding cache-order-b'
            assert lockWithoutWaiting('cache-order-b')
        when: 'the statement runs on the three rows, named in the order they were written'
            def blocked = BlockedWrite.start { write(statement) }
        then: 'it waits for cache-order-b'
            blocked.waitsForALock(jdbcTemplate)
        and: 'cache-order-c, after cache-order-b in id order, is not locked: the other transaction takes it at once'
            lockWithoutWaiting('cache-order-c')
        when: 'the other transaction ends'
            holder.rollback()
        then: 'the statement ends without an error'
            blocked.end() == null
        where: 'the statements are'
            statement << ['a drop (sync turned off, handles deleted)', 'a store (a sync, a notification batch)',
                          'the lock of a notification batch']
    }

    private void write(String statement) {
        switch (statement) {
            case 'a drop (sync turned off, handles deleted)':
                operationalDataCache.drop(WRITE_ORDER)
                break
            case 'a store (a sync, a notification batch)':
                operationalDataCache.store(WRITE_ORDER.collectEntries { [it, new OperationalDataCache.CachedTree('any-set', DataTree.empty())] })
                break
            default:
                new TransactionTemplate(transactionManager).execute { operationalDataCache.lockTrees(WRITE_ORDER) }
        }
    }

    private boolean lockWithoutWaiting(String cmHandleId) {
        try {
            holder.prepareStatement("SELECT cm_handle_id FROM ncmp_operational_cache WHERE cm_handle_id = '${cmHandleId}' FOR UPDATE NOWAIT")
                .executeQuery().close()
            return true
        } catch (SQLException lockNotAvailable) {
            return false
        }
    }
}
