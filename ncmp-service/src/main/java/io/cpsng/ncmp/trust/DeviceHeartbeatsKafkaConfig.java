package io.cpsng.ncmp.trust;

import io.cpsng.ncmp.inventory.DeviceTrustRows;
import io.cpsng.ncmp.notifications.ForwardingContainers;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.ConsumerFactory;

/**
 * Device heartbeats, on with spring.kafka.bootstrap-servers: every instance in one consumer group, so each heartbeat
 * is applied once; a batch whose write fails is consumed again (ForwardingContainers), so none is lost.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class DeviceHeartbeatsKafkaConfig {

    private static final int MAX_POLL_RECORDS = 10_000;

    @Bean
    DeviceHeartbeats deviceHeartbeats(final DeviceTrustRows deviceTrustRows, final MeterRegistry meterRegistry) {
        return new DeviceHeartbeats(deviceTrustRows, meterRegistry);
    }

    @Bean
    DeviceHeartbeatListener deviceHeartbeatListener(final DeviceHeartbeats deviceHeartbeats) {
        return new DeviceHeartbeatListener(deviceHeartbeats);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, String> deviceHeartbeatContainerFactory(
        final ConsumerFactory<?, ?> consumerFactory,
        @Value("${ncmp.device-heartbeats.concurrency:2}") final int concurrency) {
        return ForwardingContainers.batchFactory(consumerFactory, MAX_POLL_RECORDS, concurrency, "read_uncommitted");
    }

    @Bean
    NewTopic deviceHeartbeatTopic(@Value("${ncmp.device-heartbeats.topic:dmi-device-heartbeat}") final String topic) {
        return TopicBuilder.name(topic).partitions(8).build();
    }
}
