package io.cpsng.cps.events;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * The one way the store and NCMP send records they must not lose: all of a batch sent, then waited for until the
 * broker has every one, so the caller records its progress (an event as sent, an offset as consumed) only
 * afterwards.
 */
public final class KafkaSends {

    // longer than the producer's delivery timeout: a batch fails by Kafka's own account, not by this one
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private KafkaSends() {
    }

    /** Sends the records and returns once the broker acknowledged all of them; IllegalStateException otherwise. */
    public static void sendAll(final KafkaTemplate<String, String> kafkaTemplate,
                               final List<ProducerRecord<String, String>> records, final String what) {
        final List<CompletableFuture<SendResult<String, String>>> acknowledgements = new ArrayList<>(records.size());
        for (final ProducerRecord<String, String> producerRecord : records) {
            acknowledgements.add(kafkaTemplate.send(producerRecord));
        }
        kafkaTemplate.flush();
        try {
            CompletableFuture.allOf(acknowledgements.toArray(CompletableFuture[]::new))
                .get(ACKNOWLEDGE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (final ExecutionException | TimeoutException notAcknowledged) {
            throw new IllegalStateException("Kafka did not acknowledge " + records.size() + " " + what,
                notAcknowledged);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending " + what, interrupted);
        }
    }
}
