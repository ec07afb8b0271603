package io.cpsng.cps.events;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * The one way the store and NCMP send records they must not lose: all of a batch sent, then waited for until the
 * broker has every one, so the caller records its progress (an event as sent, an offset as consumed) only
 * afterwards. The records go to the template's producer directly, a callback each: the template's own send (a
 * future, an observation and a log-level check a record) took a fifth of the time of forwarding CM notifications.
 * A batch may be sent in parts ({@link #start}), so that its next part is read while the producer ships the last.
 * Once a record of the batch failed, the rest are not sent: with the broker away, each send waits for it up to
 * max.block.ms and fails, and a later record of the same key sent once it is back would go ahead of the failed
 * one, which comes only when the batch is sent again (a handle's notifications out of order on the topic).
 */
public final class KafkaSends<K, V> {

    // longer than the producer's delivery timeout: a batch fails by Kafka's own account, not by this one
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private final KafkaTemplate<K, V> kafkaTemplate;
    private final String what;
    private final List<CountDownLatch> parts = new ArrayList<>();
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();
    private long sent;

    private KafkaSends(final KafkaTemplate<K, V> kafkaTemplate, final String what) {
        this.kafkaTemplate = kafkaTemplate;
        this.what = what;
    }

    /** Sends the records and returns once the broker acknowledged all of them; IllegalStateException otherwise. */
    public static <K, V> void sendAll(final KafkaTemplate<K, V> kafkaTemplate, final List<ProducerRecord<K, V>> records,
                                      final String what) {
        final KafkaSends<K, V> batch = start(kafkaTemplate, what);
        batch.send(records);
        batch.awaitAcknowledged();
    }

    /** A batch to send in parts, then wait for as a whole ({@link #awaitAcknowledged()}). */
    public static <K, V> KafkaSends<K, V> start(final KafkaTemplate<K, V> kafkaTemplate, final String what) {
        return new KafkaSends<>(kafkaTemplate, what);
    }

    /** Hands the records to the producer, which sends them while the caller goes on. */
    public void send(final List<ProducerRecord<K, V>> records) {
        final CountDownLatch acknowledged = new CountDownLatch(records.size());
        parts.add(acknowledged);
        sent += records.size();
        kafkaTemplate.execute(producer -> {
            for (final ProducerRecord<K, V> producerRecord : records) {
                if (firstFailure.get() != null) {
                    acknowledged.countDown();
                    continue;
                }
                producer.send(producerRecord, (metadata, failure) -> {
                    if (failure != null) {
                        firstFailure.compareAndSet(null, failure);
                    }
                    acknowledged.countDown();
                });
            }
            return null;
        });
    }

    /** Returns once the broker acknowledged every record sent; IllegalStateException otherwise. */
    public void awaitAcknowledged() {
        if (parts.isEmpty()) {
            return;
        }
        kafkaTemplate.execute(producer -> {
            producer.flush();
            return null;
        });
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ACKNOWLEDGE_TIMEOUT_SECONDS);
        try {
            for (final CountDownLatch acknowledged : parts) {
                if (!acknowledged.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                    throw new IllegalStateException("Kafka did not acknowledge " + sent + " " + what + " within "
                        + ACKNOWLEDGE_TIMEOUT_SECONDS + " s");
                }
            }
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending " + what, interrupted);
        }
        if (firstFailure.get() != null) {
            throw new IllegalStateException("Kafka did not acknowledge " + sent + " " + what, firstFailure.get());
        }
    }
}
