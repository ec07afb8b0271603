package io.cpsng.ncmp.data;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.notifications.ForwardingContainers;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/** Forwarding of data operation results from ncmp-async-m2m, on with spring.kafka.bootstrap-servers. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class DataOperationsKafkaConfig {

    private static final int MAX_POLL_RECORDS = 10_000;

    @Bean
    DataOperationResultForwarder dataOperationResultForwarder(final KafkaTemplate<String, String> kafkaTemplate,
                                                              final PendingAnswers pendingAnswers,
                                                              final DataOperationProperties dataOperationProperties,
                                                              final MeterRegistry meterRegistry) {
        return new DataOperationResultForwarder(kafkaTemplate, pendingAnswers, dataOperationProperties.m2mTopic(),
            meterRegistry);
    }

    @Bean
    AnswerTimeouts answerTimeouts(final PendingAnswers pendingAnswers, final DataOperationEvents dataOperationEvents,
                                  final DataOperationProperties dataOperationProperties,
                                  final PeriodicTasks periodicTasks, final MeterRegistry meterRegistry) {
        return new AnswerTimeouts(pendingAnswers, dataOperationEvents, dataOperationProperties, periodicTasks,
            meterRegistry);
    }

    @Bean
    DataOperationResultListener dataOperationResultListener(
        final DataOperationResultForwarder dataOperationResultForwarder) {
        return new DataOperationResultListener(dataOperationResultForwarder);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, String> forwardingContainerFactory(
        final ConsumerFactory<?, ?> consumerFactory) {
        return ForwardingContainers.batchFactory(consumerFactory, MAX_POLL_RECORDS, 1, "read_uncommitted");
    }
}
