package io.cpsng.cps.events;

import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.cps.spi.DataUpdatedEventPersistence;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends numbered data-updated events to Kafka as the reference does (binary CloudEvents, key dataspace:anchor), on
 * when spring.kafka.bootstrap-servers is set. One instance at a time sends: a round holds the relay's row, sends
 * the events after its position in order, waits until the broker acknowledged every one, and only then records
 * the new position. A failure or a crash before that sends the batch again: at least once, with the same ids.
 */
@Component
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
public class DataUpdatedEventRelay {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataUpdatedEventRelay.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    private final DataUpdatedEventPersistence dataUpdatedEventPersistence;
    private final KafkaTemplate<String, String> kafkaTemplate;
    private final TransactionTemplate transactionTemplate;
    private final DataUpdatedEventsProperties properties;

    DataUpdatedEventRelay(final DataUpdatedEventPersistence dataUpdatedEventPersistence,
                          final KafkaTemplate<String, String> kafkaTemplate,
                          final PlatformTransactionManager transactionManager,
                          final DataUpdatedEventsProperties properties, final PeriodicTasks periodicTasks) {
        this.dataUpdatedEventPersistence = dataUpdatedEventPersistence;
        this.kafkaTemplate = kafkaTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.properties = properties;
        periodicTasks.every("Data-updated event relay", properties.relayInterval(),
            () -> relayEvents() == properties.relayBatchSize());
    }

    /** Sends the next batch unless another instance is sending; returns how many events. */
    public int relayEvents() {
        return transactionTemplate.execute(status -> {
            final OptionalLong sentPosition = dataUpdatedEventPersistence.holdRelayPosition();
            if (sentPosition.isEmpty()) {
                return 0;
            }
            final List<DataUpdatedEvent> events = dataUpdatedEventPersistence.readAfter(sentPosition.getAsLong(),
                properties.relayBatchSize());
            if (events.isEmpty()) {
                return 0;
            }
            KafkaSends.sendAll(kafkaTemplate, events.stream()
                .map(event -> recordOf(properties.topic(), event)).toList(), "data-updated events");
            dataUpdatedEventPersistence.recordRelayed(events.getLast().position());
            LOGGER.debug("Relayed {} data-updated events up to position {}", events.size(),
                events.getLast().position());
            return events.size();
        });
    }

    /** Whether every event numbered so far has been acknowledged by the broker. */
    public boolean allSent() {
        return dataUpdatedEventPersistence.allRelayed();
    }

    /** The event as the reference's CloudEventSerializer writes it in binary mode: ce_ headers, the data as value. */
    static ProducerRecord<String, String> recordOf(final String topic, final DataUpdatedEvent event) {
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(topic, event.correlationId(),
            JSON.writeValueAsString(event.data()));
        event.cloudEventAttributes().forEach((name, value) ->
            producerRecord.headers().add("ce_" + name, value.getBytes(StandardCharsets.UTF_8)));
        return producerRecord;
    }
}
