package io.cpsng.ncmp.lcm;

import io.cpsng.ncmp.api.model.LcmCloudEvents;
import io.cpsng.ncmp.api.model.LcmEvent;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a lifecycle event becomes on Kafka, built in this one place (docs/events.md): the LCM record in the
 * configured format on the events topic, and, for a change of trust level, the reference's inventory AVC event on
 * its own topic. The reference formats are byte for byte what the reference sends, so its consumers read them:
 * the LcmEventV1/V2 JSON value ("event" first, then the header fields by name, as the reference's classes write
 * them), the same seven fields as headers holding Java-serialized strings, in the reference's order, then Spring's
 * type header (__TypeId__, the reference's class name as plain UTF-8); key the handle id.
 */
final class LcmKafkaRecords {

    static final String EVENT_SOURCE = "org.onap.ncmp";
    static final String EVENT_TYPE_PREFIX = "org.onap.ncmp.cmhandle-lcm-event.";
    static final String EVENT_SCHEMA_V1 = "org.onap.ncmp:cmhandle-lcm-event";
    static final String EVENT_SCHEMA_V2 = "org.onap.ncmp:cmhandle-lcm-event.v2";
    static final String EVENT_SCHEMA_VERSION = "1.0";
    static final String AVC_TYPE = "org.onap.cps.ncmp.events.avc.ncmp_to_client.AvcEvent";
    static final String AVC_SOURCE = "NCMP";
    static final String AVC_DATA_SCHEMA = "urn:cps:org.onap.cps.ncmp.events:inventory-event:1.0.0";
    static final String TRUST_LEVEL = "trustLevel";

    /** The reference's eventTime: 2026-08-06T14:18:25.123+0000. */
    private static final DateTimeFormatter EVENT_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ")
        .withZone(ZoneOffset.UTC);
    /** Spring's JSON serializer names the value's class in this header; the reference's consumers may map it. */
    static final String TYPE_ID_HEADER = "__TypeId__";
    static final String TYPE_ID_V1 = "org.onap.cps.ncmp.events.lcm.LcmEventV1";
    static final String TYPE_ID_V2 = "org.onap.cps.ncmp.events.lcm.LcmEventV2";

    /** The keys of LcmEventV1's Values, in the order it writes them: it refuses any other. */
    private static final List<String> V1_VALUES = List.of("dataSyncEnabled", "cmHandleState", "cmHandleProperties");
    /** The header fields in the order the reference adds them as headers (its value has them by name). */
    private static final List<String> HEADER_FIELDS = List.of("eventId", "eventSchema", "eventCorrelationId",
        "eventTime", "eventSource", "eventType", "eventSchemaVersion");
    private static final JsonMapper JSON = JsonMapper.shared();

    private final LcmEventsProperties lcmEventsProperties;

    LcmKafkaRecords(final LcmEventsProperties lcmEventsProperties) {
        this.lcmEventsProperties = lcmEventsProperties;
    }

    /**
     * The records of one event: none, one or two. The values are parsed once, here, for all of them: the relay
     * builds records for 50,000 events a round, and parsing each value again for its trust level took a fifth of
     * that.
     */
    List<ProducerRecord<String, String>> recordsOf(final LcmEvent event) {
        final boolean referenceFormat = lcmEventsProperties.format() != LcmEventFormat.CLOUDEVENTS;
        final ObjectNode oldValues = parse(event.oldValuesJson(), referenceFormat);
        final ObjectNode newValues = parse(event.newValuesJson(), referenceFormat);
        final String oldLevel = trustLevelIn(oldValues);
        final String newLevel = trustLevelIn(newValues);
        final List<ProducerRecord<String, String>> records = new ArrayList<>(2);
        if (referenceFormat) {
            final ProducerRecord<String, String> lcmRecord = referenceLcmEvent(event, oldValues, newValues,
                newLevel != null);
            if (lcmRecord != null) {
                records.add(lcmRecord);
            }
        } else {
            records.add(cloudEvent(event));
        }
        final ProducerRecord<String, String> trustLevelRecord = trustLevelChange(event, oldLevel, newLevel);
        if (trustLevelRecord != null) {
            records.add(trustLevelRecord);
        }
        return records;
    }

    /** A stable id of the event for the reference formats, which use UUIDs: the same on every delivery. */
    static String uuidOf(final String eventId) {
        return UUID.nameUUIDFromBytes(eventId.getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** A header value as the reference writes it: the string serialized by Java serialization. */
    static byte[] javaSerialized(final String value) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(value.length() + 16);
        // stream magic, version 5, TC_STRING; then writeUTF's two-byte length and modified UTF-8
        bytes.writeBytes(new byte[] {(byte) 0xAC, (byte) 0xED, 0x00, 0x05, 0x74});
        try {
            new DataOutputStream(bytes).writeUTF(value);
        } catch (final IOException cannotHappen) {
            throw new UncheckedIOException(cannotHappen);
        }
        return bytes.toByteArray();
    }

    private ProducerRecord<String, String> cloudEvent(final LcmEvent event) {
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(lcmEventsProperties.topic(),
            event.cmHandleId(), LcmCloudEvents.data(event));
        LcmCloudEvents.attributes(event).forEach((name, value) -> addUtf8(producerRecord.headers(), "ce_" + name, value));
        addUtf8(producerRecord.headers(), "content-type", LcmCloudEvents.CONTENT_TYPE);
        return producerRecord;
    }

    /** The reference sends no LCM event for a change of trust level alone: that is the inventory AVC event's. */
    private ProducerRecord<String, String> referenceLcmEvent(final LcmEvent event, final ObjectNode ourOldValues,
                                                            final ObjectNode ourNewValues,
                                                            final boolean changedTrustLevel) {
        final boolean v1 = lcmEventsProperties.format() == LcmEventFormat.V1;
        final boolean delete = LcmOutbox.DELETE.equals(event.eventType());
        final ObjectNode oldValues = delete ? null : referenceValues(ourOldValues, v1);
        final ObjectNode newValues = delete ? null : referenceValues(ourNewValues, v1);
        if (LcmOutbox.UPDATE.equals(event.eventType()) && isEmpty(oldValues) && isEmpty(newValues)
            && changedTrustLevel) {
            return null;
        }
        final ObjectNode value = JSON.createObjectNode();
        final ObjectNode payload = value.putObject("event");
        payload.put("cmHandleId", event.cmHandleId());
        // the reference writes the handle's leaves as it holds them: "" when the handle has none
        payload.put("alternateId", emptyIfNull(event.alternateId()));
        if (v1) {
            payload.put("moduleSetTag", emptyIfNull(event.moduleSetTag()));
            payload.put("dataProducerIdentifier", emptyIfNull(event.dataProducerIdentifier()));
        }
        if (oldValues != null) {
            payload.set("oldValues", oldValues);
        }
        if (newValues != null) {
            payload.set("newValues", newValues);
        }
        value.put("eventCorrelationId", event.cmHandleId());
        value.put("eventId", uuidOf(event.id()));
        value.put("eventSchema", v1 ? EVENT_SCHEMA_V1 : EVENT_SCHEMA_V2);
        value.put("eventSchemaVersion", EVENT_SCHEMA_VERSION);
        value.put("eventSource", EVENT_SOURCE);
        value.put("eventTime", EVENT_TIME.format(event.time()));
        value.put("eventType", EVENT_TYPE_PREFIX + event.eventType());
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(lcmEventsProperties.topic(),
            event.cmHandleId(), value.toString());
        for (final String headerField : HEADER_FIELDS) {
            producerRecord.headers().add(headerField, javaSerialized(value.get(headerField).asString()));
        }
        addUtf8(producerRecord.headers(), TYPE_ID_HEADER, v1 ? TYPE_ID_V1 : TYPE_ID_V2);
        return producerRecord;
    }

    /**
     * Our values in the reference's shape: v1 keeps only the keys its Values class knows, in its order, properties
     * as a list of one map; v2 keeps every key but the trust level, properties as a map.
     */
    private static ObjectNode referenceValues(final ObjectNode ourValues, final boolean v1) {
        if (ourValues == null) {
            return null;
        }
        final ObjectNode values = JSON.createObjectNode();
        if (v1) {
            for (final String key : V1_VALUES) {
                if (ourValues.has(key)) {
                    values.set(key, ourValues.get(key));
                }
            }
            return values;
        }
        ourValues.properties().forEach(property -> {
            if (!TRUST_LEVEL.equals(property.getKey())) {
                values.set(property.getKey(), property.getValue());
            }
        });
        if (values.get("cmHandleProperties") instanceof ArrayNode properties) {
            values.set("cmHandleProperties", properties.isEmpty() ? JSON.createObjectNode() : properties.get(0));
        }
        return values;
    }

    /** The reference's inventory AVC event when the handle's trust level changed, or was NONE from the start. */
    private ProducerRecord<String, String> trustLevelChange(final LcmEvent event, final String oldLevel,
                                                            final String newLevel) {
        if (newLevel == null) {
            return null;
        }
        if (LcmOutbox.CREATE.equals(event.eventType()) && !"NONE".equals(newLevel)) {
            return null;
        }
        final ObjectNode change = JSON.createObjectNode();
        change.put("attributeName", TRUST_LEVEL);
        if (oldLevel != null) {
            change.put("oldAttributeValue", oldLevel);
        }
        change.put("newAttributeValue", newLevel);
        final ObjectNode value = JSON.createObjectNode();
        value.putObject("data").putArray("attributeValueChange").add(change);
        final ProducerRecord<String, String> producerRecord = new ProducerRecord<>(
            lcmEventsProperties.inventoryEventsTopic(), event.cmHandleId(), value.toString());
        final Map<String, String> attributes = Map.of("ce_specversion", "1.0", "ce_id", uuidOf(event.id() + "-avc"),
            "ce_source", AVC_SOURCE, "ce_type", AVC_TYPE, "ce_dataschema", AVC_DATA_SCHEMA,
            "ce_time", DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                event.time().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC)),
            "ce_correlationid", event.cmHandleId());
        attributes.forEach((name, headerValue) -> addUtf8(producerRecord.headers(), name, headerValue));
        return producerRecord;
    }

    /** The values as a tree: always, or only when they hold a trust level (all the CloudEvents format reads). */
    private static ObjectNode parse(final String valuesJson, final boolean always) {
        return valuesJson == null || !(always || valuesJson.contains(TRUST_LEVEL)) ? null
            : (ObjectNode) JSON.readTree(valuesJson);
    }

    /** The trust level in the values, or null. */
    private static String trustLevelIn(final ObjectNode values) {
        final JsonNode trustLevel = values == null ? null : values.get(TRUST_LEVEL);
        return trustLevel == null || trustLevel.isNull() ? null : trustLevel.asString();
    }

    private static boolean isEmpty(final ObjectNode values) {
        return values == null || values.isEmpty();
    }

    private static String emptyIfNull(final String value) {
        return value == null ? "" : value;
    }

    private static void addUtf8(final Headers headers, final String name, final String value) {
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
