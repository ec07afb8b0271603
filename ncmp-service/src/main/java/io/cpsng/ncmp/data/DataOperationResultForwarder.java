package io.cpsng.ncmp.data;

import io.cpsng.cps.events.KafkaSends;
import io.cpsng.ncmp.data.PendingAnswers.Target;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Forwards the results DMI plugins send to ncmp-async-m2m to the client's topic, as the reference does:
 * <ul>
 *   <li>a DataOperationEvent (a CloudEvent: ce_type) goes to its ce_destination, keyed by its ce_correlationid (the
 *   request id), with its headers and value as they are;</li>
 *   <li>the result of a pass-through read to a topic, the plugin's legacy DmiAsyncRequestResponseEvent (plain JSON,
 *   no ce_ headers), goes to its eventTarget as the reference's NcmpAsyncRequestResponseEvent: new id and time,
 *   the plugin's event with its content flattened under forwardedEvent, keyed by the new id.</li>
 * </ul>
 * The targets a batch answers are no longer pending ({@link PendingAnswers}) once it returns; it returns once the
 * broker has all of it: at least once. A result for a topic no client may name ({@link ClientTopics}) is not
 * forwarded: a name Kafka refuses failed the batch at every retry and held every later result, and the m2m topic
 * itself forwarded one result to itself without end. The first of them is logged, the others counted.
 */
public class DataOperationResultForwarder {

    static final String DATA_OPERATION_EVENT = "DataOperationEvent";
    static final String LEGACY_DMI_EVENT = "DmiAsyncRequestResponseEvent";
    static final String LEGACY_DMI_EVENT_TYPE = "org.onap.cps.ncmp.event.model." + LEGACY_DMI_EVENT;

    /** The reference's legacy eventTime: 2026-08-06T14:18:25.123+0000. */
    private static final DateTimeFormatter EVENT_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ")
        .withZone(ZoneOffset.UTC);
    private static final JsonMapper JSON = JsonMapper.shared();

    private static final Logger LOGGER = LoggerFactory.getLogger(DataOperationResultForwarder.class);

    private final KafkaTemplate<String, String> kafkaTemplate;
    private final PendingAnswers pendingAnswers;
    private final String m2mTopic;
    private final Counter refusedDestinations;

    DataOperationResultForwarder(final KafkaTemplate<String, String> kafkaTemplate,
                                 final PendingAnswers pendingAnswers, final String m2mTopic,
                                 final MeterRegistry meterRegistry) {
        this.kafkaTemplate = kafkaTemplate;
        this.pendingAnswers = pendingAnswers;
        this.m2mTopic = m2mTopic;
        this.refusedDestinations = Counter.builder("ncmp.data-operations.results-not-forwarded")
            .description("Plugins' results for a topic no client may name, not forwarded").register(meterRegistry);
    }

    /** What a batch of results answers: targets of data operations, and whole pass-through reads. */
    private record Answered(List<Target> targets, List<String> requestIds) {
    }

    /**
     * Sends each result on to its client's topic and waits until the broker has every one. What they answer is
     * recorded first: should that fail, the batch is consumed again before any of it is sent; should the sending
     * fail, the results are still sent when it is.
     */
    public void forward(final List<ConsumerRecord<String, String>> results) {
        final List<ProducerRecord<String, String>> forwarded = new ArrayList<>(results.size());
        final Answered answered = new Answered(new ArrayList<>(), new ArrayList<>());
        for (final ConsumerRecord<String, String> result : results) {
            final ProducerRecord<String, String> forwardedRecord = forwardedRecordOf(result, answered);
            if (forwardedRecord != null && isForwardable(forwardedRecord.topic())) {
                forwarded.add(forwardedRecord);
            }
        }
        pendingAnswers.told(answered.targets());
        pendingAnswers.toldWholly(answered.requestIds());
        KafkaSends.sendAll(kafkaTemplate, forwarded, "forwarded data operation results");
    }

    private boolean isForwardable(final String topic) {
        if (ClientTopics.isClientTopic(topic, m2mTopic)) {
            return true;
        }
        if (refusedDestinations.count() == 0) {
            LOGGER.warn("A data operation result for topic {} was not forwarded: no client may name it; further ones"
                + " are counted in ncmp.data-operations.results-not-forwarded, not logged", topic);
        }
        refusedDestinations.increment();
        return false;
    }

    /**
     * Sends a result NCMP made itself (a read of the cached datastore) to the client's topic as a plugin's
     * pass-through result reaches it: the plugin's legacy event it would have sent, forwarded.
     */
    void sendAsForwarded(final String topic, final String requestId, final JsonNode responseData) {
        final ObjectNode resultEvent = JSON.createObjectNode();
        resultEvent.put("eventId", RequestIds.next());
        resultEvent.put("eventCorrelationId", requestId);
        resultEvent.put("eventTime", EVENT_TIME.format(Instant.now()));
        resultEvent.put("eventTarget", topic);
        resultEvent.put("eventType", LEGACY_DMI_EVENT_TYPE);
        resultEvent.put("eventSchema", "urn:cps:" + LEGACY_DMI_EVENT_TYPE);
        resultEvent.put("eventSchemaVersion", "v1");
        resultEvent.put("eventSource", "org.onap.ncmp");
        resultEvent.putObject("eventContent").put("response-data-schema", "urn:cps:" + LEGACY_DMI_EVENT_TYPE + ":v1")
            .put("response-status", "OK").put("response-code", "200").set("response-data", responseData);
        KafkaSends.sendAll(kafkaTemplate, List.of(legacyForwarded(resultEvent)),
            "cached read result of request " + requestId);
    }

    private static ProducerRecord<String, String> forwardedRecordOf(final ConsumerRecord<String, String> result,
                                                                    final Answered answered) {
        if (result.value() == null) {
            // a tombstone holds no result; reading it as one failed the batch at every retry
            LOGGER.debug("A record without a value on the m2m topic, not forwarded");
            return null;
        }
        final String type = header(result, "ce_type");
        if (type == null) {
            return legacyForwarded(result.value(), answered);
        }
        final String destination = header(result, "ce_destination");
        if (!type.contains(DATA_OPERATION_EVENT) || destination == null) {
            LOGGER.debug("Not a data operation event with a destination, not forwarded: {}", type);
            return null;
        }
        final String requestId = header(result, "ce_correlationid");
        if (requestId != null) {
            answered.targets().addAll(answeredTargets(requestId, result.value()));
        }
        return new ProducerRecord<>(destination, null, requestId, result.value(), result.headers());
    }

    /**
     * The targets a plugin's DataOperationEvent answers: each id of each response, of its operation if named. Read
     * as a stream, the results skipped: a batch read's results are many and large.
     */
    private static List<Target> answeredTargets(final String requestId, final String value) {
        final List<Target> targets = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(value)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                forEachProperty(parser, (name, data) -> {
                    if ("data".equals(name) && data == JsonToken.START_OBJECT) {
                        forEachProperty(parser, (dataName, responses) -> {
                            if ("responses".equals(dataName) && responses == JsonToken.START_ARRAY) {
                                while (parser.nextToken() == JsonToken.START_OBJECT) {
                                    readResponse(parser, requestId, targets);
                                }
                            } else {
                                parser.skipChildren();
                            }
                        });
                    } else {
                        parser.skipChildren();
                    }
                });
            }
        } catch (final JacksonException notJson) {
            return List.of();
        }
        return targets;
    }

    private static void readResponse(final JsonParser parser, final String requestId, final List<Target> targets) {
        final String[] operationId = {null};
        final List<String> ids = new ArrayList<>();
        forEachProperty(parser, (name, token) -> {
            if ("operationId".equals(name) && token == JsonToken.VALUE_STRING) {
                operationId[0] = parser.getString();
            } else if ("ids".equals(name) && token == JsonToken.START_ARRAY) {
                for (JsonToken id = parser.nextToken(); id != JsonToken.END_ARRAY; id = parser.nextToken()) {
                    if (id == JsonToken.VALUE_STRING) {
                        ids.add(parser.getString());
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        });
        ids.forEach(id -> targets.add(new Target(requestId, operationId[0], id)));
    }

    /** Hands each property of the object the parser is in to the reader, positioned on its value's first token. */
    private static void forEachProperty(final JsonParser parser, final BiConsumer<String, JsonToken> reader) {
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            final String name = parser.currentName();
            reader.accept(name, parser.nextToken());
        }
    }

    private static ProducerRecord<String, String> legacyForwarded(final String value, final Answered answered) {
        final JsonNode dmiEvent;
        try {
            dmiEvent = JSON.readTree(value);
        } catch (final JacksonException notJson) {
            LOGGER.debug("Neither a CloudEvent nor JSON on the m2m topic, not forwarded");
            return null;
        }
        final String requestId = dmiEvent.path("eventCorrelationId").asString(null);
        if (requestId != null) {
            answered.requestIds().add(requestId);
        }
        return legacyForwarded(dmiEvent);
    }

    private static ProducerRecord<String, String> legacyForwarded(final JsonNode dmiEvent) {
        final String target = dmiEvent.path("eventTarget").asString(null);
        if (target == null || !dmiEvent.path("eventType").asString("").endsWith(LEGACY_DMI_EVENT)) {
            LOGGER.debug("No legacy DMI event with a target, not forwarded");
            return null;
        }
        final String eventId = RequestIds.next();
        final ObjectNode ncmpEvent = JSON.createObjectNode();
        ncmpEvent.put("eventId", eventId);
        ncmpEvent.set("eventCorrelationId", dmiEvent.path("eventCorrelationId"));
        ncmpEvent.put("eventTime", EVENT_TIME.format(Instant.now()));
        ncmpEvent.put("eventTarget", target);
        ncmpEvent.set("eventType", dmiEvent.path("eventType"));
        ncmpEvent.set("eventSchema", dmiEvent.path("eventSchema"));
        ncmpEvent.set("eventSchemaVersion", dmiEvent.path("eventSchemaVersion"));
        final ObjectNode forwardedEvent = ncmpEvent.putObject("forwardedEvent");
        dmiEvent.properties().forEach(field -> {
            if ("eventContent".equals(field.getKey())) {
                field.getValue().properties().forEach(content -> forwardedEvent.set(content.getKey(), content.getValue()));
            } else {
                forwardedEvent.set(field.getKey(), field.getValue());
            }
        });
        return new ProducerRecord<>(target, eventId, ncmpEvent.toString());
    }

    private static String header(final ConsumerRecord<String, String> result, final String name) {
        final Header header = result.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
