package io.cpsng.ncmp.notifications;

import io.cpsng.cps.events.KafkaSends;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/**
 * Forwards CM notifications as they are: the same key (so a handle's notifications stay in one partition, in
 * order), the same headers (the CloudEvent attributes) and value. A batch returns once the broker acknowledged all
 * of it, so the consumer commits only what was forwarded: at least once; in exactly-once mode the sends and the
 * offsets commit in one Kafka transaction that the listener container runs this in.
 */
public class CmNotificationForwarder implements DisposableBean {

    private final KafkaTemplate<String, byte[]> kafkaTemplate;
    private final String targetTopic;
    private final Counter forwarded;

    CmNotificationForwarder(final KafkaTemplate<String, byte[]> kafkaTemplate,
                            final CmNotificationProperties cmNotificationProperties, final MeterRegistry meterRegistry) {
        this.kafkaTemplate = kafkaTemplate;
        this.targetTopic = cmNotificationProperties.targetTopic();
        this.forwarded = Counter.builder("ncmp.cm-notifications.forwarded").register(meterRegistry);
    }

    /** Its producers are its own: closed with it. */
    @Override
    public void destroy() {
        kafkaTemplate.getProducerFactory().reset();
    }

    /** The producers of the forwarder: transactional in exactly-once mode, for the container's transactions. */
    ProducerFactory<String, byte[]> producerFactory() {
        return kafkaTemplate.getProducerFactory();
    }

    /** Sends the notifications to the target topic and waits until the broker has every one. */
    public void forward(final List<ConsumerRecord<String, byte[]>> notifications) {
        final List<ProducerRecord<String, byte[]>> records = new ArrayList<>(notifications.size());
        for (final ConsumerRecord<String, byte[]> notification : notifications) {
            records.add(new ProducerRecord<>(targetTopic, null, notification.key(), notification.value(),
                notification.headers()));
        }
        if (kafkaTemplate.isTransactional()) {
            // the transaction's commit waits for the sends
            kafkaTemplate.execute(producer -> {
                records.forEach(producer::send);
                return null;
            });
        } else {
            KafkaSends.sendAll(kafkaTemplate, records, "forwarded CM notifications");
        }
        forwarded.increment(notifications.size());
    }
}
