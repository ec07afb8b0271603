package io.cpsng.ncmp.api.model;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Lifecycle events as CloudEvents 1.0 (docs/events.md): the data is the reference's LCM event v2
 * ({"data": {cmHandleId, alternateId, oldValues, newValues}}); on Kafka the attributes travel as ce_ headers
 * (binary mode), in the HTTP feed they surround the data in one JSON object (structured mode).
 */
public final class LcmCloudEvents {

    public static final String SPEC_VERSION = "1.0";
    public static final String TYPE_PREFIX = "org.onap.ncmp.cmhandle-lcm-event.";
    public static final String DATA_SCHEMA = "urn:cps:org.onap.ncmp.cmhandle.lcm-event:v2";
    public static final String CONTENT_TYPE = "application/json";

    private static final JsonMapper JSON = JsonMapper.shared();

    private LcmCloudEvents() {
    }

    /** The CloudEvent attributes of the event, by name (without the ce_ prefix Kafka headers add). */
    public static Map<String, String> attributes(final LcmEvent lcmEvent) {
        final Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("specversion", SPEC_VERSION);
        attributes.put("id", lcmEvent.id());
        attributes.put("source", lcmEvent.source());
        attributes.put("type", TYPE_PREFIX + lcmEvent.eventType());
        attributes.put("time", lcmEvent.time().toString());
        attributes.put("dataschema", DATA_SCHEMA);
        attributes.put("sequence", Long.toString(lcmEvent.position()));
        return attributes;
    }

    /**
     * The event's data: the LCM event v2 JSON. The values are JSON already, so they are put in as they are
     * (the relay writes 50,000 of these a second).
     */
    public static String data(final LcmEvent lcmEvent) {
        final StringBuilder data = new StringBuilder(256).append("{\"data\":{\"cmHandleId\":")
            .append(JSON.writeValueAsString(lcmEvent.cmHandleId())).append(",\"alternateId\":")
            .append(JSON.writeValueAsString(lcmEvent.alternateId() == null ? "" : lcmEvent.alternateId()));
        if (lcmEvent.oldValuesJson() != null) {
            data.append(",\"oldValues\":").append(lcmEvent.oldValuesJson());
        }
        if (lcmEvent.newValuesJson() != null) {
            data.append(",\"newValues\":").append(lcmEvent.newValuesJson());
        }
        return data.append("}}").toString();
    }

    /** The whole CloudEvent as one JSON object (structured mode). */
    public static ObjectNode structured(final LcmEvent lcmEvent) {
        final ObjectNode cloudEvent = JSON.createObjectNode();
        attributes(lcmEvent).forEach(cloudEvent::put);
        cloudEvent.put("datacontenttype", CONTENT_TYPE);
        cloudEvent.set("data", dataNode(lcmEvent));
        return cloudEvent;
    }

    private static ObjectNode dataNode(final LcmEvent lcmEvent) {
        final ObjectNode payload = JSON.createObjectNode();
        payload.put("cmHandleId", lcmEvent.cmHandleId());
        payload.put("alternateId", lcmEvent.alternateId() == null ? "" : lcmEvent.alternateId());
        if (lcmEvent.oldValuesJson() != null) {
            payload.set("oldValues", JSON.readTree(lcmEvent.oldValuesJson()));
        }
        if (lcmEvent.newValuesJson() != null) {
            payload.set("newValues", JSON.readTree(lcmEvent.newValuesJson()));
        }
        final ObjectNode data = JSON.createObjectNode();
        data.set("data", payload);
        return data;
    }
}
