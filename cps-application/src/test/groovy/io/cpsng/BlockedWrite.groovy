package io.cpsng

import org.springframework.jdbc.core.JdbcTemplate
import spock.util.concurrent.PollingConditions

import java.util.concurrent.atomic.AtomicReference

/**
 * A write run on a thread of its own while another transaction holds a row it needs: the lock-order specs see it
 * wait, look at what it holds meanwhile, release the row and see it end.
 */
class BlockedWrite {

    private final AtomicReference<Throwable> failure = new AtomicReference<>()
    private final Thread thread

    private BlockedWrite(Closure write) {
        thread = Thread.start {
            try {
                write()
            } catch (Throwable writeFailure) {
                failure.set(writeFailure)
            }
        }
    }

    static BlockedWrite start(Closure write) {
        new BlockedWrite(write)
    }

    /** True once one session of the database waits for a lock (within 10 s; a failed poll otherwise). */
    boolean waitsForALock(JdbcTemplate jdbcTemplate) {
        new PollingConditions(timeout: 10).eventually {
            assert jdbcTemplate.queryForObject("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'""", Integer) == 1
        }
        true
    }

    /** What the write threw once it ended; null if nothing. */
    Throwable end() {
        thread.join()
        failure.get()
    }
}
