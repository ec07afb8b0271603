package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.lcm.LcmOutbox;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The trust level devices report of themselves (heartbeats), kept as the handle's own level: the one registration
 * gives it, so it survives restarts. What clients see is the lower of it and its DMI plugin's ({@link
 * CmHandleColumns#TRUST_LEVEL}); an event goes out only where that changes.
 */
@Component
public class DeviceTrustRows {

    private static final String SET_DEVICE_TRUST_LEVELS = """
        WITH beat AS (
            SELECT b.id, b.level FROM unnest(?::text[], ?::text[]) AS b(id, level)),
        before AS (
            SELECT h.id, %1$s AS trust_level FROM ncmp_cm_handle h JOIN beat b ON b.id = h.id
            WHERE coalesce(h.trust_level, 'COMPLETE') <> b.level ORDER BY h.id FOR UPDATE OF h),
        changed AS (
            UPDATE ncmp_cm_handle h SET trust_level = b.level FROM before, beat b
            WHERE h.id = before.id AND b.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier,
                before.trust_level AS old_level, %1$s AS new_level),
        events AS (
            SELECT %2$s FROM changed WHERE old_level <> new_level),
        written AS (
            %3$s RETURNING 1),
        unknown AS (
            SELECT count(*) AS handles, min(b.id) AS example FROM beat b
            WHERE NOT EXISTS (SELECT 1 FROM ncmp_cm_handle h WHERE h.id = b.id))
        SELECT (SELECT count(*) FROM changed), (SELECT count(*) FROM written), unknown.handles, unknown.example
        FROM unknown""".formatted(CmHandleColumns.TRUST_LEVEL, LcmValues.eventRow("", LcmOutbox.UPDATE,
        LcmValues.trustLevel("old_level"), LcmValues.trustLevel("new_level")), LcmOutbox.insertEventsFrom("events"));

    /**
     * What applying a batch of levels did.
     *
     * @param changed        handles whose own level changed
     * @param visible        of those, the ones whose visible level changed (an event each)
     * @param unknown        ids that name no handle
     * @param unknownExample one of them, for the log
     */
    public record Applied(int changed, int visible, int unknown, String unknownExample) {
    }

    private final JdbcTemplate jdbcTemplate;

    DeviceTrustRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** Gives each handle its level (COMPLETE or NONE) in one statement, with an event where the visible one changed. */
    public Applied setDeviceTrustLevels(final Map<String, String> levelPerHandle) {
        return jdbcTemplate.queryForObject(SET_DEVICE_TRUST_LEVELS, (resultSet, rowNumber) -> new Applied(
                resultSet.getInt(1), resultSet.getInt(2), resultSet.getInt(3), resultSet.getString(4)),
            SqlArrays.texts(levelPerHandle.keySet()), SqlArrays.texts(levelPerHandle.values()));
    }
}
