package io.cpsng.cps.events;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** The data-updated events topic, created at start-up if missing (Spring Kafka's admin), so its partitions are ours. */
@Configuration
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class DataUpdatedEventsKafkaConfig {

    @Bean
    NewTopic dataUpdatedEventsTopic(final DataUpdatedEventsProperties properties) {
        return TopicBuilder.name(properties.topic()).partitions(properties.topicPartitions()).build();
    }
}
