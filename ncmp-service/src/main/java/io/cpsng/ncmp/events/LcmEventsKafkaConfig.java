package io.cpsng.ncmp.events;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** The event topic, created at start-up if missing (Spring Kafka's admin), so its partitions are ours. */
@Configuration
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class LcmEventsKafkaConfig {

    @Bean
    NewTopic lcmEventsTopic(final LcmEventsProperties lcmEventsProperties) {
        return TopicBuilder.name(lcmEventsProperties.topic()).partitions(lcmEventsProperties.topicPartitions())
            .build();
    }
}
