package io.cpsng.dmistub;

import com.github.tomakehurst.wiremock.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What a DMI plugin sends to Kafka, when the stub has a bootstrap server: the results of data operations
 * (POST /dmi/v1/data) to ncmp-async-m2m, as the reference's stub sends them (one DataOperationEvent CloudEvent per
 * handle, a random key, the client's topic as ce_destination and the request id as ce_correlationid), and, at a
 * rate of the user's choice, CM notifications (AVC events) to dmi-cm-events, keyed by handle, and device heartbeats
 * to dmi-device-heartbeat (ce_id the handle; every tenth round every handle NONE, otherwise COMPLETE, so a trust
 * level that drops and comes back can be watched).
 *
 * @param bootstrapServers   the broker; empty: nothing is sent
 * @param m2mTopic           where data operation results go
 * @param avcTopic           where CM notifications go
 * @param avcEventsPerSecond CM notifications sent each second (0: none), over avcKeys handles "ch-1".."ch-N"
 * @param avcKeys            the number of handles the notifications and heartbeats are about
 * @param heartbeatTopic     where device heartbeats go
 * @param heartbeatsPerSecond device heartbeats sent each second (0: none), over the same handles
 */
public record DmiStubKafka(String bootstrapServers, String m2mTopic, String avcTopic, int avcEventsPerSecond,
                           int avcKeys, String heartbeatTopic, int heartbeatsPerSecond) {

    public static final DmiStubKafka NONE = new DmiStubKafka("", "ncmp-async-m2m", "dmi-cm-events", 0, 10,
        "dmi-device-heartbeat", 0);

    static final String DATA_OPERATION_EVENT_TYPE = "org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent";
    static final String AVC_EVENT_TYPE = "org.onap.cps.ncmp.events.avc1_0_0.AvcEvent";
    static final String HEARTBEAT_EVENT_TYPE = "org.onap.cps.ncmp.events.trustlevel.DeviceTrustLevel";

    private static final Map<String, String> FLAGS = new LinkedHashMap<>();
    private static final Map<String, String> MEANINGS = new LinkedHashMap<>();

    static {
        flag("--kafka-bootstrap-servers", "DMI_STUB_KAFKA_BOOTSTRAP_SERVERS", "Kafka to send to (none: nothing sent)");
        flag("--m2m-topic", "DMI_STUB_M2M_TOPIC", "data operation results, ncmp-async-m2m by default");
        flag("--avc-topic", "DMI_STUB_AVC_TOPIC", "CM notifications, dmi-cm-events by default");
        flag("--avc-events-per-second", "DMI_STUB_AVC_EVENTS_PER_SECOND", "CM notifications sent a second, 0 by default");
        flag("--avc-keys", "DMI_STUB_AVC_KEYS", "handles ch-1..ch-N they (and heartbeats) are about, 10 by default");
        flag("--heartbeat-topic", "DMI_STUB_HEARTBEAT_TOPIC", "device heartbeats, dmi-device-heartbeat by default");
        flag("--heartbeats-per-second", "DMI_STUB_HEARTBEATS_PER_SECOND", "device heartbeats sent a second, 0 by default");
    }

    private static void flag(final String flag, final String variable, final String meaning) {
        FLAGS.put(flag, variable);
        MEANINGS.put(flag, meaning);
    }

    /** The defaults overridden by the DMI_STUB_* variables present in the environment. */
    public static DmiStubKafka fromEnvironment(final Map<String, String> environment) {
        DmiStubKafka kafka = NONE;
        for (final Map.Entry<String, String> flag : FLAGS.entrySet()) {
            final String value = environment.get(flag.getValue());
            if (value != null && !value.isBlank()) {
                kafka = kafka.withFlag(flag.getKey(), value);
            }
        }
        return kafka;
    }

    static boolean isFlag(final String flag) {
        return FLAGS.containsKey(flag);
    }

    /** These settings with the option ("--avc-events-per-second") set to the value. */
    public DmiStubKafka withFlag(final String flag, final String value) {
        return switch (flag) {
            case "--kafka-bootstrap-servers" -> new DmiStubKafka(value, m2mTopic, avcTopic, avcEventsPerSecond,
                avcKeys, heartbeatTopic, heartbeatsPerSecond);
            case "--m2m-topic" -> new DmiStubKafka(bootstrapServers, value, avcTopic, avcEventsPerSecond, avcKeys,
                heartbeatTopic, heartbeatsPerSecond);
            case "--avc-topic" -> new DmiStubKafka(bootstrapServers, m2mTopic, value, avcEventsPerSecond, avcKeys,
                heartbeatTopic, heartbeatsPerSecond);
            case "--avc-events-per-second" -> new DmiStubKafka(bootstrapServers, m2mTopic, avcTopic,
                positive(flag, value), avcKeys, heartbeatTopic, heartbeatsPerSecond);
            case "--avc-keys" -> new DmiStubKafka(bootstrapServers, m2mTopic, avcTopic, avcEventsPerSecond,
                Math.max(1, positive(flag, value)), heartbeatTopic, heartbeatsPerSecond);
            case "--heartbeat-topic" -> new DmiStubKafka(bootstrapServers, m2mTopic, avcTopic, avcEventsPerSecond,
                avcKeys, value, heartbeatsPerSecond);
            case "--heartbeats-per-second" -> new DmiStubKafka(bootstrapServers, m2mTopic, avcTopic,
                avcEventsPerSecond, avcKeys, heartbeatTopic, positive(flag, value));
            default -> throw new IllegalArgumentException("Unknown option " + flag);
        };
    }

    static String usage() {
        final StringBuilder usage = new StringBuilder();
        FLAGS.forEach((flag, variable) -> usage.append(String.format("  %-26s %-30s %s%n", flag + "=...", variable,
            MEANINGS.get(flag))));
        return usage.toString();
    }

    private static int positive(final String flag, final String value) {
        try {
            final int number = Integer.parseInt(value.trim());
            if (number < 0) {
                throw new IllegalArgumentException(flag + " must not be negative: " + value);
            }
            return number;
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException(flag + " is not a number: " + value, notANumber);
        }
    }

    /** The running side: a producer and, with a rate, the notification sender; nothing without a bootstrap server. */
    Publisher start() {
        return bootstrapServers.isBlank() ? new Publisher(null, this) : new Publisher(producer(bootstrapServers), this);
    }

    private static Producer<String, String> producer(final String bootstrapServers) {
        final Properties properties = new Properties();
        properties.put("bootstrap.servers", bootstrapServers);
        properties.put("linger.ms", "5");
        properties.put("batch.size", "262144");
        return new KafkaProducer<>(properties, new StringSerializer(), new StringSerializer());
    }

    /** Sends, for the stub's lifetime. */
    static final class Publisher implements AutoCloseable {

        private final Producer<String, String> producer;
        private final DmiStubKafka settings;
        private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            task -> Thread.ofPlatform().daemon().name("dmi-stub-kafka").unstarted(task));
        private final AtomicLong avcSequence = new AtomicLong();
        private final AtomicLong avcAcknowledged = new AtomicLong();
        private final AtomicLong heartbeatSequence = new AtomicLong();
        // a broker that never leads the topic (no automatic creation) gets the sends anyway, failing as before
        private final long leaderDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

        private Publisher(final Producer<String, String> producer, final DmiStubKafka settings) {
            this.producer = producer;
            this.settings = settings;
            if (producer != null && settings.avcEventsPerSecond() > 0) {
                scheduler.execute(() -> sendAtRateOnceLed(settings.avcTopic(), this::sendAvcEvents));
            }
            if (producer != null && settings.heartbeatsPerSecond() > 0) {
                scheduler.execute(() -> sendAtRateOnceLed(settings.heartbeatTopic(), this::sendHeartbeats));
            }
        }

        /**
         * Starts the sends once every partition of the topic has a leader. Sending at a rate while the broker was
         * still making the topic lost a partition's notifications for two minutes: a batch refused with
         * NOT_LEADER_OR_FOLLOWER was retried behind batches already in flight, the broker refused the retry as out
         * of order, and the producer gave up only at its delivery timeout.
         */
        private void sendAtRateOnceLed(final String topic, final Runnable sendOneTenth) {
            if (everyPartitionLed(topic) || System.nanoTime() > leaderDeadline) {
                // a tenth of the rate every 100 ms: an even flow, not a burst a second
                scheduler.scheduleAtFixedRate(sendOneTenth, 100, 100, TimeUnit.MILLISECONDS);
            } else {
                scheduler.schedule(() -> sendAtRateOnceLed(topic, sendOneTenth), 50, TimeUnit.MILLISECONDS);
            }
        }

        /** Asks the broker for the topic, which makes it where the broker creates topics on first use. */
        private boolean everyPartitionLed(final String topic) {
            try {
                final List<PartitionInfo> partitions = producer.partitionsFor(topic);
                return !partitions.isEmpty() && partitions.stream()
                    .allMatch(partition -> partition.leader() != null && !partition.leader().isEmpty());
            } catch (final KafkaException notKnownYet) {
                return false;
            }
        }

        boolean isOn() {
            return producer != null;
        }

        /** CM notifications the broker acknowledged. */
        long avcEventsSent() {
            return avcAcknowledged.get();
        }

        /** After the delay, one result event per handle of each operation of the request, to the m2m topic. */
        void publishResults(final String requestBody, final String clientTopic, final String requestId,
                            final long delayMs) {
            if (producer == null) {
                return;
            }
            final List<ProducerRecord<String, String>> results = resultsOf(requestBody, clientTopic, requestId);
            scheduler.schedule(() -> results.forEach(producer::send), delayMs, TimeUnit.MILLISECONDS);
        }

        private List<ProducerRecord<String, String>> resultsOf(final String requestBody, final String clientTopic,
                                                               final String requestId) {
            final List<ProducerRecord<String, String>> results = new ArrayList<>();
            final Object operations = Json.read(requestBody, Map.class).get("operations");
            if (!(operations instanceof List<?> operationList)) {
                return results;
            }
            for (final Object operationObject : operationList) {
                if (!(operationObject instanceof Map<?, ?> operation)
                    || !(operation.get("cmHandles") instanceof List<?> cmHandles)) {
                    continue;
                }
                for (final Object cmHandle : cmHandles) {
                    final Object cmHandleId = cmHandle instanceof Map<?, ?> handle ? handle.get("id") : null;
                    results.add(new ProducerRecord<>(settings.m2mTopic(), null, UUID.randomUUID().toString(),
                        compact(Map.of("data", Map.of("responses", List.of(result(operation, cmHandleId))))),
                        headers(DATA_OPERATION_EVENT_TYPE, Map.of("ce_destination", String.valueOf(clientTopic),
                            "ce_correlationid", String.valueOf(requestId)))));
                }
            }
            return results;
        }

        /** One line, as DMI plugins write their events (Json.write indents). */
        private static String compact(final Object value) {
            try {
                return Json.getObjectMapper().writeValueAsString(value);
            } catch (final IOException notSerializable) {
                throw new IllegalArgumentException(notSerializable);
            }
        }

        private static Map<String, Object> result(final Map<?, ?> operation, final Object cmHandleId) {
            final Map<String, Object> response = new LinkedHashMap<>();
            response.put("operationId", operation.get("operationId"));
            response.put("ids", List.of(String.valueOf(cmHandleId)));
            response.put("resourceIdentifier", operation.get("resourceIdentifier"));
            response.put("options", operation.get("options"));
            response.put("statusCode", "0");
            response.put("statusMessage", "Successfully applied changes");
            response.put("result", Map.of("ietf-network:networks", Map.of("network",
                List.of(Map.of("network-id", "dmi-stub-" + cmHandleId)))));
            return response;
        }

        private void sendAvcEvents() {
            final int perTick = Math.max(1, settings.avcEventsPerSecond() / 10);
            for (int index = 0; index < perTick; index++) {
                final long sequence = avcSequence.incrementAndGet();
                final String cmHandleId = "ch-" + (sequence % settings.avcKeys() + 1);
                final String value = "{\"data\":{\"push-change-update\":{\"datastore-changes\":{\"ietf-yang-patch:yang-patch\":"
                    + "{\"patch-id\":\"" + sequence + "\",\"edit\":[{\"edit-id\":\"" + sequence
                    + "-edit-id\",\"operation\":\"replace\",\"target\":\"/cell[@id='1']\",\"value\":{\"power\":"
                    + sequence + "}}]}}}}}";
                producer.send(new ProducerRecord<>(settings.avcTopic(), null, cmHandleId, value,
                    headers(AVC_EVENT_TYPE, Map.of("ce_correlationid", String.valueOf(sequence)))),
                    (metadata, failure) -> {
                        if (failure == null) {
                            avcAcknowledged.incrementAndGet();
                        }
                    });
            }
        }

        /** A round is one heartbeat of every handle; every tenth round is NONE for all of them. */
        private void sendHeartbeats() {
            final int perTick = Math.max(1, settings.heartbeatsPerSecond() / 10);
            for (int index = 0; index < perTick; index++) {
                final long sequence = heartbeatSequence.getAndIncrement();
                final String cmHandleId = "ch-" + (sequence % settings.avcKeys() + 1);
                final String level = sequence / settings.avcKeys() % 10 == 9 ? "NONE" : "COMPLETE";
                producer.send(new ProducerRecord<>(settings.heartbeatTopic(), null, cmHandleId,
                    "{\"data\":{\"trustLevel\":\"" + level + "\"}}",
                    headers(HEARTBEAT_EVENT_TYPE, Map.of("ce_id", cmHandleId))));
            }
        }

        private static List<Header> headers(final String type, final Map<String, String> extensions) {
            final Map<String, String> attributes = new LinkedHashMap<>();
            attributes.put("ce_specversion", "1.0");
            attributes.put("ce_id", UUID.randomUUID().toString());
            attributes.put("ce_source", "DMI");
            attributes.put("ce_type", type);
            attributes.put("ce_dataschema", "urn:cps:" + type + ":1.0.0");
            attributes.put("ce_time", DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS)));
            attributes.putAll(extensions);
            final List<Header> headers = new ArrayList<>();
            attributes.forEach((name, value) ->
                headers.add(new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8))));
            return headers;
        }

        /** Lets a round of sends under way finish, then sends what the producer still holds. */
        @Override
        public void close() {
            scheduler.shutdown();
            try {
                scheduler.awaitTermination(5, TimeUnit.SECONDS);
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            scheduler.shutdownNow();
            if (producer != null) {
                producer.close();
            }
        }
    }
}
