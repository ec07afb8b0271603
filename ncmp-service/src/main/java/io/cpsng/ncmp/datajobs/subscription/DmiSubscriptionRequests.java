package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.ncmp.api.model.CmHandle;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The subscription requests NCMP sends a DMI plugin, as the reference sends them: a CloudEvent in binary mode keyed
 * by the data job's id, ce_type subscriptionCreateRequest or subscriptionDeleteRequest, ce_correlationid
 * {@code <dataJobId>#<dmiServiceName>}, whose value names the plugin's handles (with their additional properties)
 * and the job's selectors, one a line.
 */
final class DmiSubscriptionRequests {

    static final String CREATE = "subscriptionCreateRequest";
    static final String DELETE = "subscriptionDeleteRequest";
    private static final String DATA_SCHEMA = "urn:cps:org.onap.ncmp.events.subscription:1.0.0";
    private static final JsonMapper JSON = JsonMapper.shared();

    private DmiSubscriptionRequests() {
    }

    static ProducerRecord<String, String> request(final String topic, final String type, final String dataJobId,
                                                  final String dmiServiceName, final Collection<CmHandle> cmHandles,
                                                  final Collection<String> selectors, final JsonNode dataSelector) {
        final ObjectNode data = JSON.createObjectNode();
        final ObjectNode value = data.putObject("data");
        final ArrayNode handles = value.putArray("cmHandles");
        cmHandles.forEach(cmHandle -> {
            final ObjectNode privateProperties = handles.addObject().put("cmhandleId", cmHandle.id())
                .putObject("privateProperties");
            cmHandle.additionalProperties().forEach(privateProperties::put);
        });
        final ObjectNode definition = value.putObject("productionJobDefinition");
        definition.putObject("targetSelector").put("dataNodeSelector", String.join("\n", selectors));
        final ObjectNode dataSelectorOut = definition.putObject("dataSelector");
        if (CREATE.equals(type) && dataSelector != null && dataSelector.isObject()) {
            dataSelectorOut.setAll((ObjectNode) dataSelector);
        } else {
            dataSelectorOut.putNull("notificationTypes").putNull("notificationFilter");
        }
        final ProducerRecord<String, String> record = new ProducerRecord<>(topic, dataJobId, data.toString());
        Map.of("ce_specversion", "1.0", "ce_id", UUID.randomUUID().toString(), "ce_source", "NCMP", "ce_type", type,
            "ce_dataschema", DATA_SCHEMA, "ce_time", DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS)),
            "ce_correlationid", dataJobId + "#" + dmiServiceName)
            .forEach((name, headerValue) -> record.headers().add(name, headerValue.getBytes(StandardCharsets.UTF_8)));
        return record;
    }
}
