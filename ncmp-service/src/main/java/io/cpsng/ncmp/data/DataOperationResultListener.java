package io.cpsng.ncmp.data;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/** The trigger: each batch of results consumed from ncmp-async-m2m is forwarded. */
class DataOperationResultListener {

    private final DataOperationResultForwarder dataOperationResultForwarder;

    DataOperationResultListener(final DataOperationResultForwarder dataOperationResultForwarder) {
        this.dataOperationResultForwarder = dataOperationResultForwarder;
    }

    @KafkaListener(topics = "${ncmp.data-operations.m2m-topic:ncmp-async-m2m}",
        groupId = "${ncmp.data-operations.consumer-group:ncmp-data-operation-results}",
        containerFactory = "forwardingContainerFactory", batch = "true")
    void onResults(final List<ConsumerRecord<String, String>> results) {
        dataOperationResultForwarder.forward(results);
    }
}
