package io.cpsng.cps.api.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A committed change of an anchor's data as the reference's CpsDataUpdatedEvent tells it: the action (create,
 * replace or remove), the xpath written under or deleted, and the observed timestamp the client gave, if any, and
 * the time the write was made.
 * The position orders every event the store numbered; the id stays the same when an event is sent again.
 */
public record DataUpdatedEvent(long position, String id, String dataspaceName, String anchorName,
                               String schemaSetName, String action, String xpath, String observedTimestamp,
                               Instant time) {

    public static final String CREATE = "create";
    public static final String REPLACE = "replace";
    public static final String REMOVE = "remove";

    /** The CloudEvent type and data schema of the reference's event. */
    public static final String TYPE = "org.onap.cps.events.model.CpsDataUpdatedEvent";
    public static final String DATA_SCHEMA = "urn:cps:" + TYPE + ":1.0.0";
    public static final String SOURCE = "CPS";

    // the reference's own format for the timestamps it writes, e.g. 2024-01-02T03:04:05.678+0000
    private static final DateTimeFormatter OBSERVED_TIMESTAMP_FORMAT =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /** The key of its Kafka record and its correlation id, as the reference's: dataspace:anchor. */
    public String correlationId() {
        return dataspaceName + ":" + anchorName;
    }

    /** The CloudEvent attributes the reference sends, by name (Kafka headers add the ce_ prefix). */
    public Map<String, String> cloudEventAttributes() {
        final Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("specversion", "1.0");
        attributes.put("id", id);
        attributes.put("source", SOURCE);
        attributes.put("type", TYPE);
        attributes.put("dataschema", DATA_SCHEMA);
        attributes.put("correlationid", correlationId());
        return attributes;
    }

    /**
     * The event's data, the reference's {"eventPayload": {...}}. Its schema requires the observed timestamp: the
     * client's, else the time the write was made (the reference leaves it out then).
     */
    public Map<String, Object> data() {
        final Map<String, Object> eventPayload = new LinkedHashMap<>();
        eventPayload.put("observedTimestamp", observedTimestamp != null ? observedTimestamp
            : OBSERVED_TIMESTAMP_FORMAT.format(time.atOffset(ZoneOffset.UTC)));
        eventPayload.put("dataspaceName", dataspaceName);
        eventPayload.put("schemaSetName", schemaSetName);
        eventPayload.put("anchorName", anchorName);
        eventPayload.put("action", action);
        eventPayload.put("xpath", xpath);
        return Map.of("eventPayload", eventPayload);
    }
}
