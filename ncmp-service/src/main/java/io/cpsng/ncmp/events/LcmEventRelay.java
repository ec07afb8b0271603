package io.cpsng.ncmp.events;

import io.cpsng.ncmp.api.model.LcmCloudEvents;
import io.cpsng.ncmp.api.model.LcmEvent;
import io.cpsng.ncmp.schedule.PeriodicTasks;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends numbered events to Kafka, on when spring.kafka.bootstrap-servers is set (ADR 0007). Each relay partition
 * is sent by one instance at a time: the relay holds the partition's row of ncmp_lcm_relay while it sends a batch
 * in position order, waits until the broker acknowledged every event of it, and only then records the batch's
 * last position in that row. A failure or a crash before that sends the batch again: at least once, each
 * repeat with the same CloudEvent id. The record key is the handle id, so a handle's events share a topic
 * partition and keep their order there.
 */
@Component
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
public class LcmEventRelay implements DisposableBean {

    private static final Logger LOGGER = LoggerFactory.getLogger(LcmEventRelay.class);
    // longer than the producer's delivery timeout: a batch fails by Kafka's own account, not by this one
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private final LcmEventLog lcmEventLog;
    private final KafkaTemplate<String, String> kafkaTemplate;
    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;
    private final LcmEventsProperties lcmEventsProperties;
    // not a bean: an Executor bean would replace the application's own in Spring Boot's auto-configuration
    private final ExecutorService senders;

    LcmEventRelay(final LcmEventLog lcmEventLog, final KafkaTemplate<String, String> kafkaTemplate,
                  final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager,
                  final LcmEventsProperties lcmEventsProperties, final PeriodicTasks periodicTasks) {
        this.lcmEventLog = lcmEventLog;
        this.kafkaTemplate = kafkaTemplate;
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.lcmEventsProperties = lcmEventsProperties;
        final AtomicInteger threadNumber = new AtomicInteger();
        this.senders = Executors.newFixedThreadPool(lcmEventsProperties.relayThreads(), runnable -> {
            final Thread thread = new Thread(runnable, "ncmp-lcm-relay-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        jdbcTemplate.update("INSERT INTO ncmp_lcm_relay SELECT generate_series(0, ?), 0 ON CONFLICT DO NOTHING",
            LcmEventLog.RELAY_PARTITIONS - 1);
        periodicTasks.every("LCM event relay", lcmEventsProperties.relayInterval(),
            () -> relayEvents() >= lcmEventsProperties.relayBatchSize());
    }

    /**
     * Sends a batch of every relay partition no other instance is sending, partitions in parallel (one waits for
     * the broker while another reads); returns how many events it sent.
     */
    public int relayEvents() {
        final List<Future<Integer>> partitions = new ArrayList<>(LcmEventLog.RELAY_PARTITIONS);
        for (int relayPartition = 0; relayPartition < LcmEventLog.RELAY_PARTITIONS; relayPartition++) {
            final int partition = relayPartition;
            partitions.add(senders.submit(() -> relayPartition(partition)));
        }
        int sent = 0;
        RuntimeException failure = null;
        for (final Future<Integer> partition : partitions) {
            try {
                sent += partition.get();
            } catch (final ExecutionException partitionFailure) {
                failure = new IllegalStateException("Relaying lifecycle events failed", partitionFailure.getCause());
            } catch (final InterruptedException interrupted) {
                partitions.forEach(unfinished -> unfinished.cancel(true));
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while relaying lifecycle events", interrupted);
            }
        }
        if (failure != null) {
            throw failure;
        }
        return sent;
    }

    @Override
    public void destroy() {
        senders.shutdownNow();
    }

    /** Whether every event numbered so far has been acknowledged by the broker. */
    public boolean allSent() {
        return jdbcTemplate.queryForObject("SELECT NOT EXISTS (SELECT 1 FROM ncmp_lcm_event e"
            + " JOIN ncmp_lcm_relay r USING (relay_partition) WHERE e.position > r.sent_position)", Boolean.class);
    }

    private int relayPartition(final int relayPartition) {
        return transactionTemplate.execute(status -> {
            final Long sentPosition = jdbcTemplate.query(
                "SELECT sent_position FROM ncmp_lcm_relay WHERE relay_partition = ? FOR UPDATE SKIP LOCKED",
                resultSet -> resultSet.next() ? resultSet.getLong(1) : null, relayPartition);
            if (sentPosition == null) {
                return 0;
            }
            final List<LcmEvent> events = lcmEventLog.readPartitionAfter(relayPartition, sentPosition,
                lcmEventsProperties.relayBatchSize());
            if (events.isEmpty()) {
                return 0;
            }
            send(events);
            jdbcTemplate.update("UPDATE ncmp_lcm_relay SET sent_position = ? WHERE relay_partition = ?",
                events.getLast().position(), relayPartition);
            return events.size();
        });
    }

    private void send(final List<LcmEvent> events) {
        final List<CompletableFuture<SendResult<String, String>>> acknowledgements = new ArrayList<>(events.size());
        for (final LcmEvent event : events) {
            acknowledgements.add(kafkaTemplate.send(toRecord(event)));
        }
        kafkaTemplate.flush();
        try {
            CompletableFuture.allOf(acknowledgements.toArray(CompletableFuture[]::new))
                .get(ACKNOWLEDGE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (final ExecutionException | TimeoutException notAcknowledged) {
            throw new IllegalStateException("Kafka did not acknowledge " + events.size() + " lifecycle events",
                notAcknowledged);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending lifecycle events", interrupted);
        }
        LOGGER.debug("Relayed {} lifecycle events up to position {}", events.size(), events.getLast().position());
    }

    private ProducerRecord<String, String> toRecord(final LcmEvent event) {
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(lcmEventsProperties.topic(),
            event.cmHandleId(), LcmCloudEvents.data(event));
        LcmCloudEvents.attributes(event).forEach((name, value) ->
            producerRecord.headers().add("ce_" + name, value.getBytes(StandardCharsets.UTF_8)));
        producerRecord.headers().add("content-type",
            LcmCloudEvents.CONTENT_TYPE.getBytes(StandardCharsets.UTF_8));
        return producerRecord;
    }
}
