package io.cpsng.ncmp.trust;

import io.cpsng.ncmp.inventory.DeviceTrustRows;
import io.cpsng.ncmp.inventory.DeviceTrustRows.Applied;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Device heartbeats as DMI plugins send them (a binary CloudEvent: the handle's id in the ce_id header, the value
 * {"data":{"trustLevel":"COMPLETE"|"NONE"}}), applied a batch at a time: each handle takes the last level of the
 * batch, in one statement. A record that cannot be applied is skipped and counted; the first of each kind is logged,
 * so a plugin sending nonsense at a high rate does not flood the log.
 */
public class DeviceHeartbeats {

    private static final Logger LOGGER = LoggerFactory.getLogger(DeviceHeartbeats.class);
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final Set<String> LEVELS = Set.of("COMPLETE", "NONE");

    /** Why a heartbeat was skipped. */
    enum Skipped { NO_CE_ID, NOT_JSON, UNKNOWN_TRUST_LEVEL, UNKNOWN_CM_HANDLE }

    private final DeviceTrustRows deviceTrustRows;
    private final Counter applied;
    private final Map<Skipped, Counter> skipped = new EnumMap<>(Skipped.class);
    private final Set<Skipped> logged = ConcurrentHashMap.newKeySet();

    DeviceHeartbeats(final DeviceTrustRows deviceTrustRows, final MeterRegistry meterRegistry) {
        this.deviceTrustRows = deviceTrustRows;
        this.applied = Counter.builder("ncmp.device-heartbeats.applied")
            .description("Device heartbeats applied to their handles' trust level").register(meterRegistry);
        for (final Skipped reason : Skipped.values()) {
            skipped.put(reason, Counter.builder("ncmp.device-heartbeats.skipped").tag("reason", reason.name())
                .description("Device heartbeats that could not be applied").register(meterRegistry));
        }
    }

    /** Applies the batch; a failure to write it throws, so the batch is consumed again. */
    public void apply(final List<ConsumerRecord<String, String>> heartbeats) {
        final Map<String, String> levelPerHandle = new LinkedHashMap<>();
        for (final ConsumerRecord<String, String> heartbeat : heartbeats) {
            final String cmHandleId = header(heartbeat, "ce_id");
            if (cmHandleId == null || cmHandleId.isEmpty()) {
                skip(Skipped.NO_CE_ID, "offset " + heartbeat.offset() + " of " + heartbeat.topic() + "-"
                    + heartbeat.partition());
                continue;
            }
            if (cmHandleId.indexOf('\0') >= 0) {
                // no handle has one (a registration refuses it), and PostgreSQL refuses it in a statement's text
                skip(Skipped.UNKNOWN_CM_HANDLE, cmHandleId);
                continue;
            }
            final String level = trustLevelOf(cmHandleId, heartbeat.value());
            if (level != null) {
                levelPerHandle.remove(cmHandleId);
                levelPerHandle.put(cmHandleId, level);
            }
        }
        if (levelPerHandle.isEmpty()) {
            return;
        }
        final Applied outcome = deviceTrustRows.setDeviceTrustLevels(levelPerHandle);
        applied.increment(levelPerHandle.size() - outcome.unknown());
        if (outcome.unknown() > 0) {
            skip(Skipped.UNKNOWN_CM_HANDLE, outcome.unknownExample(), outcome.unknown());
        }
        LOGGER.debug("{} heartbeats: {} handles changed their own trust level, {} the one clients see",
            heartbeats.size(), outcome.changed(), outcome.visible());
    }

    private String trustLevelOf(final String cmHandleId, final String value) {
        final JsonNode trustLevel;
        try {
            trustLevel = value == null ? null : JSON.readTree(value).path("data").get("trustLevel");
        } catch (JacksonException notJson) {
            skip(Skipped.NOT_JSON, cmHandleId);
            return null;
        }
        if (trustLevel == null || !LEVELS.contains(trustLevel.asString(""))) {
            skip(Skipped.UNKNOWN_TRUST_LEVEL, cmHandleId + " (" + (trustLevel == null ? "none" : trustLevel) + ")");
            return null;
        }
        return trustLevel.asString();
    }

    private void skip(final Skipped reason, final String example) {
        skip(reason, example, 1);
    }

    private void skip(final Skipped reason, final String example, final int count) {
        skipped.get(reason).increment(count);
        if (logged.add(reason)) {
            LOGGER.warn("Device heartbeat skipped: {}, e.g. {}; further ones are counted in"
                + " ncmp.device-heartbeats.skipped{reason={}}, not logged", reason, example, reason);
        }
    }

    private static String header(final ConsumerRecord<String, String> record, final String name) {
        final Header header = record.headers().lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
