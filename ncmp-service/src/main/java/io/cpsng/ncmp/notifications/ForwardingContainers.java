package io.cpsng.ncmp.notifications;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * Listener containers of the topics NCMP forwards from (CM notifications, data operation results): batches, offsets
 * committed after the listener returned, and a batch that fails consumed again after 1 s, 2 s ... at most 30 s, for
 * as long as it fails, so nothing is skipped. A consumer that stops heartbeating leaves its group after 6 s, not the
 * broker's 45 s: an instance killed and started again at once found its dead consumers still holding the
 * partitions, and forwarded nothing for 27 s after it was UP.
 */
public final class ForwardingContainers {

    // the least a broker accepts by default (group.min.session.timeout.ms), heartbeats at a third of it
    private static final int SESSION_TIMEOUT_MS = 6_000;
    private static final int HEARTBEAT_INTERVAL_MS = 2_000;

    private ForwardingContainers() {
    }

    /** A factory on the application's consumer settings (spring.kafka.consumer.*) with the forwarding's own. */
    public static ConcurrentKafkaListenerContainerFactory<String, String> batchFactory(
        final ConsumerFactory<?, ?> applicationConsumerFactory, final int maxPollRecords, final int concurrency,
        final String isolationLevel) {
        return batchFactory(applicationConsumerFactory, maxPollRecords, concurrency, isolationLevel,
            new StringDeserializer());
    }

    /** The same, values read by the deserializer given. */
    public static <V> ConcurrentKafkaListenerContainerFactory<String, V> batchFactory(
        final ConsumerFactory<?, ?> applicationConsumerFactory, final int maxPollRecords, final int concurrency,
        final String isolationLevel, final Deserializer<V> valueDeserializer) {
        final Map<String, Object> consumerProperties =
            new HashMap<>(applicationConsumerFactory.getConfigurationProperties());
        consumerProperties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
        consumerProperties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumerProperties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerProperties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolationLevel);
        // spring.kafka.consumer.properties.* may set them otherwise
        consumerProperties.putIfAbsent(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, SESSION_TIMEOUT_MS);
        consumerProperties.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS);
        final ConcurrentKafkaListenerContainerFactory<String, V> factory =
            new ConcurrentKafkaListenerContainerFactory<>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(consumerProperties, new StringDeserializer(),
            valueDeserializer));
        factory.setBatchListener(true);
        factory.setConcurrency(concurrency);
        factory.getContainerProperties().setAckMode(ContainerProperties.AckMode.BATCH);
        final ExponentialBackOff backOff = new ExponentialBackOff(1_000, 2);
        backOff.setMaxInterval(Duration.ofSeconds(30).toMillis());
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
