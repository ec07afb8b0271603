package io.cpsng.ncmp.data;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Forwards the results DMI plugins send to ncmp-async-m2m to the client's topic, as the reference does: a
 * DataOperationEvent (ce_type) goes to its ce_destination, keyed by its ce_correlationid (the request id), with its
 * headers and value as they are. A batch returns once the broker has all of it: at least once.
 */
public class DataOperationResultForwarder {

    static final String DATA_OPERATION_EVENT = "DataOperationEvent";

    private static final Logger LOGGER = LoggerFactory.getLogger(DataOperationResultForwarder.class);
    private static final long ACKNOWLEDGE_TIMEOUT_SECONDS = 60;

    private final KafkaTemplate<String, String> kafkaTemplate;

    DataOperationResultForwarder(final KafkaTemplate<String, String> kafkaTemplate) {
        this.kafkaTemplate = kafkaTemplate;
    }

    /** Sends each result on to its client's topic and waits until the broker has every one. */
    public void forward(final List<ConsumerRecord<String, String>> results) {
        final List<CompletableFuture<SendResult<String, String>>> acknowledgements = new ArrayList<>(results.size());
        for (final ConsumerRecord<String, String> result : results) {
            final String type = header(result, "ce_type");
            final String destination = header(result, "ce_destination");
            if (type == null || !type.contains(DATA_OPERATION_EVENT) || destination == null) {
                LOGGER.debug("Not a data operation event with a destination, not forwarded: {}", type);
                continue;
            }
            acknowledgements.add(kafkaTemplate.send(new ProducerRecord<>(destination, null,
                header(result, "ce_correlationid"), result.value(), result.headers())));
        }
        kafkaTemplate.flush();
        try {
            CompletableFuture.allOf(acknowledgements.toArray(CompletableFuture[]::new))
                .get(ACKNOWLEDGE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (final ExecutionException | TimeoutException notAcknowledged) {
            throw new IllegalStateException("Kafka did not acknowledge " + acknowledgements.size()
                + " forwarded data operation results", notAcknowledged);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while forwarding data operation results", interrupted);
        }
    }

    private static String header(final ConsumerRecord<String, String> result, final String name) {
        final Header header = result.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
