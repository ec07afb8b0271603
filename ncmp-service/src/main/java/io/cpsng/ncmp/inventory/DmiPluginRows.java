package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.lcm.LcmOutbox;
import java.time.Duration;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The DMI plugins handles are registered with (ncmp_dmi_plugin, filled by registration) and their health as their
 * handles' trust level shows it. A plugin's check is claimed with a lease on its row, so that one instance checks
 * a plugin at a time.
 */
@Component
public class DmiPluginRows {

    private static final String CLAIM_DUE = """
        WITH due AS (
            SELECT name FROM ncmp_dmi_plugin WHERE lease_until IS NULL OR lease_until < now()
            ORDER BY name FOR UPDATE SKIP LOCKED)
        UPDATE ncmp_dmi_plugin p SET owner = ?, lease_until = now() + make_interval(secs => ?)
        FROM due WHERE p.name = due.name
        RETURNING p.name, p.trust_level""";

    private static final String SET_HANDLES_TRUST_LEVEL = """
        WITH before AS (
            SELECT h.id, %1$s AS trust_level FROM ncmp_cm_handle h
            WHERE (h.dmi_service_name = ? OR h.dmi_data_service_name = ? OR h.dmi_model_service_name = ?)
                AND h.dmi_trust_level <> ? ORDER BY h.id FOR UPDATE),
        changed AS (
            UPDATE ncmp_cm_handle h SET dmi_trust_level = ? FROM before WHERE h.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier,
                before.trust_level AS old_level, %1$s AS new_level),
        events AS (
            SELECT %2$s FROM changed WHERE old_level <> new_level)
        %3$s""".formatted(CmHandleColumns.TRUST_LEVEL, LcmValues.eventRow("", LcmOutbox.UPDATE,
        LcmValues.trustLevel("old_level"), LcmValues.trustLevel("new_level")), LcmOutbox.insertEventsFrom("events"));

    /** A plugin and the trust level its last check gave it. */
    public record DmiPlugin(String name, String trustLevel) {
    }

    private final JdbcTemplate jdbcTemplate;

    DmiPluginRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** Claims the plugins no instance checked within the lease, for the owner until the lease runs out. */
    public List<DmiPlugin> claimDue(final String owner, final Duration lease) {
        return jdbcTemplate.query(CLAIM_DUE, (resultSet, rowNumber) ->
            new DmiPlugin(resultSet.getString(1), resultSet.getString(2)), owner, SqlArrays.seconds(lease));
    }

    /** Records the plugin's trust level as its last check found it. */
    public void setTrustLevel(final String plugin, final String trustLevel) {
        jdbcTemplate.update("UPDATE ncmp_dmi_plugin SET trust_level = ? WHERE name = ?", trustLevel, plugin);
    }

    /**
     * Gives the plugin's handles that trust level, with an event per handle whose visible trust level changed;
     * returns how many those are (a handle with a registered trust level below COMPLETE may show no change).
     */
    public int setHandlesTrustLevel(final String plugin, final String trustLevel) {
        return jdbcTemplate.update(SET_HANDLES_TRUST_LEVEL, plugin, plugin, plugin, trustLevel, trustLevel);
    }
}
