package io.cpsng.ncmp.notifications;

import io.cpsng.ncmp.datasync.CmNotificationsToCache;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.transaction.KafkaTransactionManager;

/**
 * CM-notification forwarding, on with spring.kafka.bootstrap-servers. Its consumers and its producer are its own,
 * values as bytes (transactional in exactly-once mode): the lifecycle-event relay keeps the application's ({@link
 * ForwardingContainers} for how batches are consumed).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
@EnableConfigurationProperties(CmNotificationProperties.class)
class CmNotificationsKafkaConfig {

    @Bean
    CmNotificationForwarder cmNotificationForwarder(final KafkaTemplate<String, String> kafkaTemplate,
                                                    final CmNotificationProperties cmNotificationProperties,
                                                    final MeterRegistry meterRegistry) {
        return new CmNotificationForwarder(new KafkaTemplate<>(forwardingProducerFactory(
            kafkaTemplate.getProducerFactory(), cmNotificationProperties)), cmNotificationProperties, meterRegistry);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> cmNotificationContainerFactory(
        final ConsumerFactory<?, ?> consumerFactory, final CmNotificationProperties cmNotificationProperties,
        final CmNotificationForwarder cmNotificationForwarder) {
        final ConcurrentKafkaListenerContainerFactory<String, byte[]> factory = ForwardingContainers.batchFactory(
            consumerFactory, cmNotificationProperties.maxPollRecords(), cmNotificationProperties.concurrency(),
            cmNotificationProperties.exactlyOnce() ? "read_committed" : "read_uncommitted",
            new ByteArrayDeserializer());
        if (cmNotificationProperties.exactlyOnce()) {
            factory.getContainerProperties().setKafkaAwareTransactionManager(new KafkaTransactionManager<>(
                cmNotificationForwarder.producerFactory()));
        }
        return factory;
    }

    @Bean
    CmNotificationListener cmNotificationListener(final CmNotificationForwarder cmNotificationForwarder,
                                                  final CmNotificationsToCache cmNotificationsToCache) {
        return new CmNotificationListener(cmNotificationForwarder, cmNotificationsToCache);
    }

    @Bean
    NewTopic cmNotificationsTargetTopic(final CmNotificationProperties cmNotificationProperties) {
        return TopicBuilder.name(cmNotificationProperties.targetTopic()).partitions(8).build();
    }

    @Bean
    NewTopic cmNotificationsSourceTopic(final CmNotificationProperties cmNotificationProperties) {
        return TopicBuilder.name(cmNotificationProperties.sourceTopic()).partitions(8).build();
    }

    /**
     * The application's producer settings (batches compressed with lz4, application.yml), values as bytes;
     * transactional when exactly once.
     */
    private static DefaultKafkaProducerFactory<String, byte[]> forwardingProducerFactory(
        final ProducerFactory<String, String> applicationProducerFactory,
        final CmNotificationProperties cmNotificationProperties) {
        final Map<String, Object> producerProperties =
            new HashMap<>(applicationProducerFactory.getConfigurationProperties());
        final DefaultKafkaProducerFactory<String, byte[]> producerFactory = new DefaultKafkaProducerFactory<>(
            producerProperties, new StringSerializer(), new ByteArraySerializer());
        if (cmNotificationProperties.exactlyOnce()) {
            // unique per instance: two instances with one transactional id would fence each other
            producerFactory.setTransactionIdPrefix(cmNotificationProperties.transactionIdPrefix()
                + UUID.randomUUID() + "-");
        }
        return producerFactory;
    }
}
