package io.cpsng.cps.events;

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
 */
public final class KafkaSends {

    // longer than the producer's delivery timeout: a batch fails by Kafka's own account, not by this one
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private KafkaSends() {
    }

    /** Sends the records and returns once the broker acknowledged all of them; IllegalStateException otherwise. */
    public static <K, V> void sendAll(final KafkaTemplate<K, V> kafkaTemplate, final List<ProducerRecord<K, V>> records,
                                      final String what) {
        final CountDownLatch acknowledged = new CountDownLatch(records.size());
        final AtomicReference<Exception> firstFailure = new AtomicReference<>();
        kafkaTemplate.execute(producer -> {
            for (final ProducerRecord<K, V> producerRecord : records) {
                producer.send(producerRecord, (metadata, failure) -> {
                    if (failure != null) {
                        firstFailure.compareAndSet(null, failure);
                    }
                    acknowledged.countDown();
                });
            }
            producer.flush();
            return null;
        });
        try {
            if (!acknowledged.await(ACKNOWLEDGE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("Kafka did not acknowledge " + records.size() + " " + what + " within "
                    + ACKNOWLEDGE_TIMEOUT_SECONDS + " s");
            }
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending " + what, interrupted);
        }
        if (firstFailure.get() != null) {
            throw new IllegalStateException("Kafka did not acknowledge " + records.size() + " " + what,
                firstFailure.get());
        }
    }
}
