package io.cpsng.ncmp.lcm;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** The event topics, created at start-up if missing (Spring Kafka's admin), so their partitions are ours. */
@Configuration
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class LcmEventsKafkaConfig {

    @Bean
    NewTopic lcmEventsTopic(final LcmEventsProperties lcmEventsProperties) {
        return TopicBuilder.name(lcmEventsProperties.topic()).partitions(lcmEventsProperties.topicPartitions())
            .build();
    }

    @Bean
    NewTopic inventoryEventsTopic(final LcmEventsProperties lcmEventsProperties) {
        return TopicBuilder.name(lcmEventsProperties.inventoryEventsTopic())
            .partitions(lcmEventsProperties.topicPartitions()).build();
    }
}
