package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.notifications.ForwardingContainers;
import io.cpsng.ncmp.routing.CmHandleRouter;
import java.time.Duration;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * CM data job subscriptions, on with spring.kafka.bootstrap-servers and ncmp.datajob.subscription.enabled (off by
 * default, as in the reference): the model created at start, both listeners, and the round that sends again what
 * no plugin answered. A batch that fails (the database away) is consumed again, so no event is lost.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
@ConditionalOnBooleanProperty("ncmp.datajob.subscription.enabled")
@EnableConfigurationProperties(SubscriptionProperties.class)
class SubscriptionKafkaConfig {

    @Bean
    DataJobSubscriptions dataJobSubscriptions(final SubscriptionStore subscriptionStore,
                                              final CmHandleRouter cmHandleRouter,
                                              final NcmpCmHandleService ncmpCmHandleService,
                                              final KafkaTemplate<String, String> kafkaTemplate,
                                              final SubscriptionProperties subscriptionProperties,
                                              final PeriodicTasks periodicTasks) {
        subscriptionStore.createModel();
        final DataJobSubscriptions dataJobSubscriptions = new DataJobSubscriptions(subscriptionStore, cmHandleRouter,
            ncmpCmHandleService, kafkaTemplate, subscriptionProperties);
        periodicTasks.every("Data job subscriptions not answered", subscriptionProperties.answerTimeout()
            .dividedBy(4).compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1)
            : subscriptionProperties.answerTimeout().dividedBy(4), dataJobSubscriptions::resendUnanswered);
        return dataJobSubscriptions;
    }

    @Bean
    SubscriptionListeners subscriptionListeners(final DataJobSubscriptions dataJobSubscriptions) {
        return new SubscriptionListeners(dataJobSubscriptions);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, String> subscriptionContainerFactory(
        final ConsumerFactory<?, ?> consumerFactory) {
        return ForwardingContainers.batchFactory(consumerFactory, 500, 1, "read_uncommitted");
    }

    @Bean
    NewTopic subscriptionTopic(final SubscriptionProperties subscriptionProperties) {
        return TopicBuilder.name(subscriptionProperties.topic()).partitions(8).build();
    }

    @Bean
    NewTopic subscriptionDmiInTopic(final SubscriptionProperties subscriptionProperties) {
        return TopicBuilder.name(subscriptionProperties.dmiInTopic()).partitions(8).build();
    }

    @Bean
    NewTopic subscriptionDmiOutTopic(final SubscriptionProperties subscriptionProperties) {
        return TopicBuilder.name(subscriptionProperties.dmiOutTopic()).partitions(8).build();
    }
}
