package io.cpsng.ncmp.notifications;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.support.SendResult;

/**
 * Forwards CM notifications as they are: the same key (so a handle's notifications stay in one partition, in
 * order), the same headers (the CloudEvent attributes) and value. A batch returns once the broker acknowledged all
 * of it, so the consumer commits only what was forwarded: at least once; in exactly-once mode the sends and the
 * offsets commit in one Kafka transaction that the listener container runs this in.
 */
public class CmNotificationForwarder {

    // longer than the producer's delivery timeout: a batch fails by Kafka's own account
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private final KafkaTemplate<String, String> kafkaTemplate;
    private final String targetTopic;
    private final Counter forwarded;

    CmNotificationForwarder(final KafkaTemplate<String, String> kafkaTemplate,
                            final CmNotificationProperties cmNotificationProperties, final MeterRegistry meterRegistry) {
        this.kafkaTemplate = kafkaTemplate;
        this.targetTopic = cmNotificationProperties.targetTopic();
        this.forwarded = Counter.builder("ncmp.cm-notifications.forwarded").register(meterRegistry);
    }

    /** The producers of the forwarder: transactional in exactly-once mode, for the container's transactions. */
    ProducerFactory<String, String> producerFactory() {
        return kafkaTemplate.getProducerFactory();
    }

    /** Sends the notifications to the target topic and waits until the broker has every one. */
    public void forward(final List<ConsumerRecord<String, String>> notifications) {
        final List<CompletableFuture<SendResult<String, String>>> acknowledgements =
            new ArrayList<>(notifications.size());
        for (final ConsumerRecord<String, String> notification : notifications) {
            acknowledgements.add(kafkaTemplate.send(new ProducerRecord<>(targetTopic, null, notification.key(),
                notification.value(), notification.headers())));
        }
        if (kafkaTemplate.isTransactional()) {
            // the transaction's commit waits for the sends
            forwarded.increment(notifications.size());
            return;
        }
        kafkaTemplate.flush();
        try {
            CompletableFuture.allOf(acknowledgements.toArray(CompletableFuture[]::new))
                .get(ACKNOWLEDGE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (final ExecutionException | TimeoutException notAcknowledged) {
            throw new IllegalStateException("Kafka did not acknowledge " + notifications.size()
                + " forwarded CM notifications", notAcknowledged);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while forwarding CM notifications", interrupted);
        }
        forwarded.increment(notifications.size());
    }
}
