package io.cpsng.cps.api.model;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A committed change of an anchor's data as the reference's CpsDataUpdatedEvent tells it: the action (create,
 * replace or remove), the xpath written under or deleted, and the observed timestamp the client gave, if any.
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

    /** The event's data, the reference's {"eventPayload": {...}}; the observed timestamp only when given. */
    public Map<String, Object> data() {
        final Map<String, Object> eventPayload = new LinkedHashMap<>();
        if (observedTimestamp != null) {
            eventPayload.put("observedTimestamp", observedTimestamp);
        }
        eventPayload.put("dataspaceName", dataspaceName);
        eventPayload.put("schemaSetName", schemaSetName);
        eventPayload.put("anchorName", anchorName);
        eventPayload.put("action", action);
        eventPayload.put("xpath", xpath);
        return Map.of("eventPayload", eventPayload);
    }
}
