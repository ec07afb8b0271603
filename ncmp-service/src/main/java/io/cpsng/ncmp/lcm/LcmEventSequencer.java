package io.cpsng.ncmp.lcm;

import io.cpsng.cps.schedule.PeriodicTasks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Numbers committed events for the feed and the relay (ADR 0007). Writers commit in any order, so the outbox
 * sequence has gaps that fill later; a reader going by it could skip an event. The sequencer gives positions in
 * the order it finds committed events instead, in transactions that hold the one row of ncmp_lcm_sequencer, so
 * one instance at a time numbers and every position is above all those given before. A handle's events are
 * written under its row lock, so they commit, and are numbered, in the order they happened.
 */
@Component
@EnableConfigurationProperties(LcmEventsProperties.class)
public class LcmEventSequencer {

    private static final Logger LOGGER = LoggerFactory.getLogger(LcmEventSequencer.class);

    public static final String TASK_NAME = "LCM event sequencer";

    // The first committed events are those up to the batch's last sequence, one snapshot seeing both scans. A
    // plain comparison, not "ctid = ANY(ARRAY(...))": planned while the statistics said the outbox was empty, that
    // was a scan testing every row against the whole array: a backlog of 700,000 events took a minute a batch.
    private static final String MOVE = """
        WITH moved AS (
            DELETE FROM ncmp_lcm_outbox
            WHERE sequence <= (SELECT max(sequence) FROM (
                SELECT sequence FROM ncmp_lcm_outbox ORDER BY sequence LIMIT ?) batch)
            RETURNING *)
        INSERT INTO ncmp_lcm_event (position, sequence, relay_partition, cm_handle_id, alternate_id, module_set_tag,
            data_producer_identifier, event_type, old_values, new_values, created_at)
        SELECT ? + row_number() OVER (ORDER BY sequence), sequence, hashtext(cm_handle_id) & ?, cm_handle_id,
            alternate_id, module_set_tag, data_producer_identifier, event_type, old_values, new_values, created_at
        FROM moved""";

    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;
    private final LcmEventsProperties lcmEventsProperties;
    private final LcmEventFeed lcmEventFeed;

    LcmEventSequencer(final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager,
                      final LcmEventsProperties lcmEventsProperties, final LcmEventFeed lcmEventFeed,
                      final PeriodicTasks periodicTasks) {
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.lcmEventsProperties = lcmEventsProperties;
        this.lcmEventFeed = lcmEventFeed;
        periodicTasks.every(TASK_NAME, lcmEventsProperties.sequenceInterval(),
            () -> sequenceCommittedEvents() == lcmEventsProperties.sequenceBatchSize());
    }

    /**
     * Numbers up to a batch of committed events; returns how many (0 also while another instance numbers).
     */
    public int sequenceCommittedEvents() {
        final Integer sequenced = transactionTemplate.execute(status -> {
            final Long lastPosition = jdbcTemplate.query(
                "SELECT last_position FROM ncmp_lcm_sequencer FOR UPDATE SKIP LOCKED",
                resultSet -> resultSet.next() ? resultSet.getLong(1) : null);
            if (lastPosition == null) {
                return 0;
            }
            final int moved = jdbcTemplate.update(MOVE, lcmEventsProperties.sequenceBatchSize(), lastPosition,
                LcmEventLog.RELAY_PARTITIONS - 1);
            if (moved > 0) {
                jdbcTemplate.update("UPDATE ncmp_lcm_sequencer SET last_position = ?", lastPosition + moved);
            }
            return moved;
        });
        if (sequenced > 0) {
            LOGGER.debug("Sequenced {} lifecycle events", sequenced);
            lcmEventFeed.eventsSequenced();
        }
        return sequenced;
    }
}
