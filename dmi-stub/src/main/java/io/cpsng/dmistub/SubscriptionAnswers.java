package io.cpsng.dmistub;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * CM data job subscription requests answered as the reference's DMI plugin answers them: each request on
 * ncmp-dmi-cm-avc-subscription addressed to this stub (its ce_correlationid ends with {@code #...:<port>}) gets a
 * CloudEvent on dmi-ncmp-cm-avc-subscription with the request's correlation id and ce_type
 * subscriptionCreateResponse (or ...DeleteResponse), value {"data":{"statusCode":"1","statusMessage":"ACCEPTED"}};
 * or REJECTED, or no answer at all, as the verdict says.
 */
final class SubscriptionAnswers implements AutoCloseable {

    static final String REQUEST_TOPIC = "ncmp-dmi-cm-avc-subscription";
    static final String ANSWER_TOPIC = "dmi-ncmp-cm-avc-subscription";

    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;
    private final String ownName;
    private final AtomicReference<String> verdict = new AtomicReference<>("ACCEPTED");
    private final AtomicLong requests = new AtomicLong();
    private final Thread thread;

    SubscriptionAnswers(final String bootstrapServers, final int port) {
        final Properties consumerProperties = new Properties();
        consumerProperties.put("bootstrap.servers", bootstrapServers);
        // a group of its own: every stub reads every request and answers those addressed to it
        consumerProperties.put("group.id", "dmi-stub-" + UUID.randomUUID());
        consumerProperties.put("auto.offset.reset", "earliest");
        // NCMP may add partitions to the topic after the stub subscribed (it creates its topics with 8): the
        // default refresh, 5 minutes, would leave requests in the new partitions unread that long
        consumerProperties.put("metadata.max.age.ms", "1000");
        this.consumer = new KafkaConsumer<>(consumerProperties, new StringDeserializer(), new StringDeserializer());
        final Properties producerProperties = new Properties();
        producerProperties.put("bootstrap.servers", bootstrapServers);
        this.producer = new KafkaProducer<>(producerProperties, new StringSerializer(), new StringSerializer());
        this.ownName = ":" + port;
        this.thread = Thread.ofPlatform().daemon().name("dmi-stub-subscriptions").start(this::answer);
    }

    /** ACCEPTED, REJECTED, or NONE (requests are read and left unanswered). */
    void setVerdict(final String newVerdict) {
        if (!List.of("ACCEPTED", "REJECTED", "NONE").contains(newVerdict)) {
            throw new IllegalArgumentException("A verdict is ACCEPTED, REJECTED or NONE, not " + newVerdict);
        }
        verdict.set(newVerdict);
    }

    /** Subscription requests addressed to this stub since it started. */
    long requestsReceived() {
        return requests.get();
    }

    private void answer() {
        try {
            consumer.subscribe(List.of(REQUEST_TOPIC));
            while (!Thread.currentThread().isInterrupted()) {
                for (final ConsumerRecord<String, String> request : consumer.poll(Duration.ofMillis(200))) {
                    final String correlationId = header(request, "ce_correlationid");
                    if (correlationId != null && correlationId.endsWith(ownName)) {
                        requests.incrementAndGet();
                        answer(request, correlationId);
                    }
                }
            }
        } catch (final WakeupException closing) {
            // close() woke the poll
        } finally {
            consumer.close();
        }
    }

    private void answer(final ConsumerRecord<String, String> request, final String correlationId) {
        final String currentVerdict = verdict.get();
        if ("NONE".equals(currentVerdict)) {
            return;
        }
        final String type = String.valueOf(header(request, "ce_type")).replace("Request", "Response");
        final String value = "ACCEPTED".equals(currentVerdict)
            ? "{\"data\":{\"statusCode\":\"1\",\"statusMessage\":\"ACCEPTED\"}}"
            : "{\"data\":{\"statusCode\":\"104\",\"statusMessage\":\"REJECTED\"}}";
        final ProducerRecord<String, String> answer = new ProducerRecord<>(ANSWER_TOPIC,
            String.valueOf(header(request, "ce_id")), value);
        addHeader(answer, "ce_specversion", "1.0");
        addHeader(answer, "ce_id", UUID.randomUUID().toString());
        addHeader(answer, "ce_source", "dmi-stub");
        addHeader(answer, "ce_type", type);
        addHeader(answer, "ce_dataschema", "urn:cps:org.onap.ncmp.dmi.cm.subscription:1.0.0");
        addHeader(answer, "ce_correlationid", correlationId);
        producer.send(answer);
    }

    private static void addHeader(final ProducerRecord<String, String> record, final String name,
                                  final String value) {
        record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
    }

    private static String header(final ConsumerRecord<String, String> record, final String name) {
        final Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        producer.close();
    }
}
