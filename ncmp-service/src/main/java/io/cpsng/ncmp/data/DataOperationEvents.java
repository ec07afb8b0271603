package io.cpsng.ncmp.data;

import io.cpsng.cps.events.KafkaSends;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data operation events NCMP itself sends to a client's topic, built in this one place: the reference's
 * DataOperationEvent as a CloudEvent in binary mode (ce_ headers; source NCMP, correlation id the request id,
 * destination the topic), key the request id, value {"data": {"responses": [...]}} with one response per operation
 * and outcome. On only with Kafka.
 */
@Component
@ConditionalOnProperty("spring.kafka.bootstrap-servers")
class DataOperationEvents {

    static final String TYPE = "org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent";
    static final String DATA_SCHEMA = "urn:cps:org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent:1.0.0";
    static final String SOURCE = "NCMP";

    private static final JsonMapper JSON = JsonMapper.shared();

    private final KafkaTemplate<String, String> kafkaTemplate;

    DataOperationEvents(final KafkaTemplate<String, String> kafkaTemplate) {
        this.kafkaTemplate = kafkaTemplate;
    }

    /** One outcome of one operation for some of its targets (a pass-through read has no operation id). */
    record Response(String operationId, List<String> ids, String resourceIdentifier, String options,
                    DataOperationStatus status) {
    }

    /** Sends one event with the responses to the client's topic and waits until the broker has it. */
    void send(final String topic, final String requestId, final List<Response> responses) {
        final ObjectNode value = JSON.createObjectNode();
        final ArrayNode responsesNode = value.putObject("data").putArray("responses");
        for (final Response response : responses) {
            final ObjectNode responseNode = responsesNode.addObject();
            if (response.operationId() != null) {
                responseNode.put("operationId", response.operationId());
            }
            responseNode.putPOJO("ids", response.ids());
            if (response.resourceIdentifier() != null) {
                responseNode.put("resourceIdentifier", response.resourceIdentifier());
            }
            if (response.options() != null) {
                responseNode.put("options", response.options());
            }
            responseNode.put("statusCode", response.status().code());
            responseNode.put("statusMessage", response.status().message());
        }
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(topic, requestId, value.toString());
        headers(topic, requestId).forEach((name, headerValue) ->
            producerRecord.headers().add(name, headerValue.getBytes(StandardCharsets.UTF_8)));
        KafkaSends.sendAll(kafkaTemplate, List.of(producerRecord), "data operation event of request " + requestId);
    }

    private static Map<String, String> headers(final String topic, final String requestId) {
        final Map<String, String> headers = new LinkedHashMap<>();
        headers.put("ce_specversion", "1.0");
        headers.put("ce_id", RequestIds.next());
        headers.put("ce_source", SOURCE);
        headers.put("ce_type", TYPE);
        headers.put("ce_dataschema", DATA_SCHEMA);
        headers.put("ce_time", DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
            OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS)));
        headers.put("ce_correlationid", requestId);
        headers.put("ce_destination", topic);
        return headers;
    }
}
