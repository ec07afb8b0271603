package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.cps.api.exceptions.DataValidationException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The triggers: clients' subscription events (plain JSON, {"eventType": "dataJobCreated" or "dataJobDeleted",
 * "event": {"dataJob": {"id", "productionJobDefinition": {"targetSelector": {"dataNodeSelector"}, "dataSelector"}}}}),
 * and DMI plugins' answers (a CloudEvent: ce_type subscriptionCreateResponse, ce_correlationid
 * {@code <dataJobId>#<plugin>}, value {"data": {"statusCode": "1", "statusMessage": "ACCEPTED"}}, anything else a
 * rejection), each taken in turn. A record that cannot be read is skipped; the first of each kind is logged. So is
 * one holding a NUL character, or one whose data the store refuses: its statement failing held every later record.
 */
class SubscriptionListeners {

    private static final Logger LOGGER = LoggerFactory.getLogger(SubscriptionListeners.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    private final DataJobSubscriptions dataJobSubscriptions;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    SubscriptionListeners(final DataJobSubscriptions dataJobSubscriptions) {
        this.dataJobSubscriptions = dataJobSubscriptions;
    }

    @KafkaListener(id = "data-job-subscriptions", topics = "${ncmp.datajob.subscription.topic:subscription}",
        groupId = "${ncmp.datajob.subscription.consumer-group:ncmp-data-job-subscriptions}",
        containerFactory = "subscriptionContainerFactory", batch = "true")
    void onClientEvents(final List<ConsumerRecord<String, String>> events) {
        for (final ConsumerRecord<String, String> event : events) {
            try {
                onClientEvent(event.value());
            } catch (final DataValidationException refused) {
                // the store's refusal of this event's data (a selector longer than an xpath may be): taking the
                // batch again would be refused again, and held every event after it
                skip("a client event whose data the store refuses", refused.getDetails());
            }
        }
    }

    @KafkaListener(id = "data-job-subscription-answers",
        topics = "${ncmp.datajob.subscription.dmi-out-topic:dmi-ncmp-cm-avc-subscription}",
        groupId = "${ncmp.datajob.subscription.consumer-group:ncmp-data-job-subscriptions}",
        containerFactory = "subscriptionContainerFactory", batch = "true")
    void onDmiAnswers(final List<ConsumerRecord<String, String>> answers) {
        answers.forEach(this::onDmiAnswer);
    }

    private void onClientEvent(final String value) {
        final JsonNode event = readJson(value, "client event");
        if (event == null) {
            return;
        }
        if (holdsNul(event)) {
            skip("a client event holding a NUL character", value.substring(0, Math.min(100, value.length())));
            return;
        }
        final JsonNode dataJob = event.path("event").path("dataJob");
        final String dataJobId = dataJob.path("id").asString("");
        final String eventType = event.path("eventType").asString("");
        if (dataJobId.isBlank()) {
            skip("a client event without event.dataJob.id", value);
        } else if ("dataJobCreated".equals(eventType)) {
            final JsonNode definition = dataJob.path("productionJobDefinition");
            final String dataNodeSelector = definition.path("targetSelector").path("dataNodeSelector").asString("");
            if (dataNodeSelector.isBlank()) {
                skip("a dataJobCreated without a dataNodeSelector", dataJobId);
            } else {
                dataJobSubscriptions.created(dataJobId, dataNodeSelector, definition.get("dataSelector"));
            }
        } else if ("dataJobDeleted".equals(eventType)) {
            dataJobSubscriptions.deleted(dataJobId);
        } else {
            skip("a client event of an unknown eventType", eventType);
        }
    }

    private void onDmiAnswer(final ConsumerRecord<String, String> answer) {
        final String correlationId = header(answer, "ce_correlationid");
        final int separator = correlationId == null ? -1 : correlationId.lastIndexOf('#');
        if (separator <= 0 || separator == correlationId.length() - 1 || correlationId.indexOf('\0') >= 0) {
            skip("a DMI answer whose ce_correlationid is not <dataJobId>#<plugin>", String.valueOf(correlationId));
            return;
        }
        final JsonNode value = readJson(answer.value(), "DMI answer");
        if (value == null) {
            return;
        }
        final JsonNode data = value.path("data");
        final boolean accepted = "1".equals(data.path("statusCode").asString(""))
            && "ACCEPTED".equals(data.path("statusMessage").asString(""));
        final String plugin = correlationId.substring(separator + 1);
        if (!dataJobSubscriptions.answered(correlationId.substring(0, separator), plugin,
            header(answer, "ce_type"), accepted)) {
            skip("an answer from a DMI plugin that was not asked (or for selectors no longer pending)",
                correlationId);
        }
    }

    private JsonNode readJson(final String value, final String what) {
        try {
            return JSON.readTree(value == null ? "" : value);
        } catch (final JacksonException notJson) {
            skip("a " + what + " that is not JSON", String.valueOf(value).substring(0,
                Math.min(100, String.valueOf(value).length())));
            return null;
        }
    }

    /** Whether a text or a member's name in the JSON holds a NUL character (written \u0000). */
    private static boolean holdsNul(final JsonNode json) {
        if (json.isString()) {
            return json.asString().indexOf('\0') >= 0;
        }
        if (json.isObject()) {
            return json.properties().stream()
                .anyMatch(member -> member.getKey().indexOf('\0') >= 0 || holdsNul(member.getValue()));
        }
        return json.isArray() && json.valueStream().anyMatch(SubscriptionListeners::holdsNul);
    }

    private void skip(final String kind, final String example) {
        if (logged.add(kind)) {
            LOGGER.warn("Skipped {}, e.g. {}; further ones are skipped without a log line", kind, example);
        } else {
            LOGGER.debug("Skipped {}: {}", kind, example);
        }
    }

    private static String header(final ConsumerRecord<String, String> record, final String name) {
        final Header header = record.headers().lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
