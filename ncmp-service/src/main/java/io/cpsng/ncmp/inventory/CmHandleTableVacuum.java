package io.cpsng.ncmp.inventory;

import io.cpsng.cps.schedule.PeriodicTasks;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Vacuums the handle table once a burst of writes to it has settled (ADR 0022). A registered handle's row is written
 * three times on its way to READY, so right after 50,000 registrations two of every three row versions are dead and
 * no page is marked all-visible: an id-search then reads the whole table and sorts it (26-29 ms) where, vacuumed, it
 * reads the primary key alone (6-8 ms). PostgreSQL's autovacuum gets there at its next look, a minute later by
 * default. Here the table is vacuumed when no write reached it between two looks and enough of its rows are dead; a
 * table written to more often than it is looked at is never at rest, and is left to autovacuum as before.
 */
@Component
class CmHandleTableVacuum {

    static final String TASK_NAME = "Handle table vacuum";
    static final Duration LOOK_INTERVAL = Duration.ofSeconds(5);

    private static final Logger LOGGER = LoggerFactory.getLogger(CmHandleTableVacuum.class);
    // the writes counted since the statistics began: unchanged between two looks, the table is at rest
    private static final String STATISTICS = """
        SELECT n_live_tup, n_dead_tup, n_tup_ins + n_tup_upd + n_tup_del
        FROM pg_stat_user_tables WHERE relid = 'ncmp_cm_handle'::regclass""";

    private final JdbcTemplate jdbcTemplate;
    private long writesAtLastLook = -1;

    CmHandleTableVacuum(final JdbcTemplate jdbcTemplate, final PeriodicTasks periodicTasks) {
        this.jdbcTemplate = jdbcTemplate;
        periodicTasks.every(TASK_NAME, LOOK_INTERVAL, () -> {
            vacuumIfSettled();
            return false;
        });
    }

    /** Looks at the table's statistics and vacuums it if it is due; answers whether it did. */
    synchronized boolean vacuumIfSettled() {
        final TableStatistics statistics = jdbcTemplate.queryForObject(STATISTICS, (resultSet, rowNumber) ->
            new TableStatistics(resultSet.getLong(1), resultSet.getLong(2), resultSet.getLong(3)));
        final boolean due = statistics.isVacuumDue(writesAtLastLook);
        writesAtLastLook = statistics.writes();
        if (due) {
            final long startNanos = System.nanoTime();
            // an autovacuum under way yields to it (PostgreSQL cancels an autovacuum that blocks a lock request);
            // another instance's vacuum is waited for, and this one then finds little left to do
            jdbcTemplate.execute("VACUUM (ANALYZE) ncmp_cm_handle");
            LOGGER.info("Vacuumed the handle table at rest: {} dead row versions beside {} live ones, in {} ms",
                statistics.deadRows(), statistics.liveRows(), (System.nanoTime() - startNanos) / 1_000_000);
        }
        return due;
    }

    /**
     * What PostgreSQL counts of the table: its live and dead row versions, and every write since its counters
     * began.
     */
    record TableStatistics(long liveRows, long deadRows, long writes) {

        /** Fewer dead versions than this are not worth a vacuum, whatever the table's size (a demo's handles). */
        static final long FEWEST_DEAD_ROWS = 10_000;

        /** At rest since the last look (its writes as then), with dead versions a tenth of its live rows or more. */
        boolean isVacuumDue(final long writesAtLastLook) {
            return writes == writesAtLastLook && deadRows >= Math.max(FEWEST_DEAD_ROWS, liveRows / 10);
        }
    }
}
