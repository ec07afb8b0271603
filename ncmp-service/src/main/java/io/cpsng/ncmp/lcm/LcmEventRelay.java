package io.cpsng.ncmp.lcm;

import io.cpsng.cps.events.KafkaSends;
import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.api.model.LcmEvent;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends numbered events to Kafka, on when spring.kafka.bootstrap-servers is set (ADR 0007). Each relay partition
 * is sent by one instance at a time: a round holds the rows of ncmp_lcm_relay of the partitions no other instance
 * holds, reads the next events of those partitions in position order (one range of the log, so the log needs no
 * index per partition), sends them, waits until the broker acknowledged every one, and only then records the last
 * position read as sent for each partition held. A failure or a crash before that sends the batch again: at least
 * once, each repeat with the same event id. The record key is the handle id, so a handle's events share a
 * topic partition and keep their order there. What each event becomes on Kafka is {@link LcmKafkaRecords}'.
 */
@Component
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
public class LcmEventRelay {

    /** The relay's name among the periodic tasks (to pause it). */
    public static final String TASK_NAME = "LCM event relay";

    /**
     * Positions read at a time within a round: each part goes to the producer before the next is read, so the
     * reading overlaps the sending, and a round holds one part's events in memory, whatever its size.
     */
    private static final int READ_PART = 5_000;

    private static final Logger LOGGER = LoggerFactory.getLogger(LcmEventRelay.class);

    private final LcmEventLog lcmEventLog;
    private final KafkaTemplate<String, String> kafkaTemplate;
    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;
    private final LcmEventsProperties lcmEventsProperties;
    private final LcmKafkaRecords lcmKafkaRecords;

    LcmEventRelay(final LcmEventLog lcmEventLog, final KafkaTemplate<String, String> kafkaTemplate,
                  final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager,
                  final LcmEventsProperties lcmEventsProperties, final PeriodicTasks periodicTasks) {
        this.lcmEventLog = lcmEventLog;
        this.kafkaTemplate = kafkaTemplate;
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.lcmEventsProperties = lcmEventsProperties;
        this.lcmKafkaRecords = new LcmKafkaRecords(lcmEventsProperties);
        jdbcTemplate.update("INSERT INTO ncmp_lcm_relay SELECT generate_series(0, ?), 0 ON CONFLICT DO NOTHING",
            LcmEventLog.RELAY_PARTITIONS - 1);
        periodicTasks.every(TASK_NAME, lcmEventsProperties.relayInterval(),
            () -> relayEvents() >= lcmEventsProperties.relayBatchSize());
    }

    /** Sends the next batch of the relay partitions no other instance is sending; returns how many events. */
    public int relayEvents() {
        return transactionTemplate.execute(status -> {
            final Map<Integer, Long> sentPositions = new LinkedHashMap<>();
            jdbcTemplate.query("SELECT relay_partition, sent_position FROM ncmp_lcm_relay ORDER BY relay_partition"
                + " FOR UPDATE SKIP LOCKED", resultSet -> {
                    sentPositions.put(resultSet.getInt(1), resultSet.getLong(2));
                });
            if (sentPositions.isEmpty()) {
                return 0;
            }
            final long from = Collections.min(sentPositions.values());
            final long to = Math.min(lcmEventLog.lastPosition(), from + lcmEventsProperties.relayBatchSize());
            final KafkaSends<String, String> batch = KafkaSends.start(kafkaTemplate, "lifecycle and inventory events");
            int relayed = 0;
            for (long partFrom = from; partFrom < to; partFrom += READ_PART) {
                final List<LcmEvent> events = lcmEventLog.readRange(partFrom, Math.min(to, partFrom + READ_PART),
                    sentPositions);
                batch.send(recordsOf(events));
                relayed += events.size();
            }
            batch.awaitAcknowledged();
            if (to > from) {
                jdbcTemplate.update("UPDATE ncmp_lcm_relay SET sent_position = GREATEST(sent_position, ?)"
                    + " WHERE relay_partition = ANY(?)", to, sentPositions.keySet().toArray(Integer[]::new));
                LOGGER.debug("Relayed {} lifecycle events up to position {}", relayed, to);
            }
            return relayed;
        });
    }

    /**
     * Whether every event numbered so far has been acknowledged by the broker. Each partition looks from its own
     * sent position on: a join of the two tables was planned as a scan of the whole log, 70-400 ms a call on a log
     * of 200,000 events, and a test polling it slowed the relay it waited for.
     */
    public boolean allSent() {
        return jdbcTemplate.queryForObject("SELECT NOT EXISTS (SELECT 1 FROM ncmp_lcm_relay r CROSS JOIN LATERAL"
            + " (SELECT 1 FROM ncmp_lcm_event e WHERE e.position > r.sent_position"
            + " AND e.relay_partition = r.relay_partition ORDER BY e.position LIMIT 1) unsent)", Boolean.class);
    }

    /**
     * The events' records in the events' order. Built on the common pool: building (JSON, headers) took half the
     * relay's time on one thread.
     */
    private List<ProducerRecord<String, String>> recordsOf(final List<LcmEvent> events) {
        return events.parallelStream().flatMap(event -> lcmKafkaRecords.recordsOf(event).stream()).toList();
    }

}
