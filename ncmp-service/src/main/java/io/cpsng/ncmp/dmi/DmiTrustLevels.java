package io.cpsng.ncmp.dmi;

import io.cpsng.ncmp.events.LcmOutbox;
import io.cpsng.ncmp.inventory.CmHandleRows;
import io.cpsng.cps.schedule.PeriodicTasks;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps the trust level of handles in step with their DMI plugins' health: each round, an instance claims the
 * plugins whose check is due (a lease on their row of ncmp_dmi_plugin, so one instance checks a plugin at a
 * time), calls each one's health endpoint and writes the outcome. A plugin that does not answer turns its handles'
 * trust level NONE, one statement with an event per handle whose trust level changed; one that answers again
 * turns them back. While a plugin stays down, every check repeats the statement for handles registered since.
 */
@Component
public class DmiTrustLevels {

    private static final Logger LOGGER = LoggerFactory.getLogger(DmiTrustLevels.class);

    private static final String CLAIM_DUE = """
        WITH due AS (
            SELECT name FROM ncmp_dmi_plugin WHERE lease_until IS NULL OR lease_until < now()
            ORDER BY name FOR UPDATE SKIP LOCKED)
        UPDATE ncmp_dmi_plugin p SET owner = ?, lease_until = now() + make_interval(secs => ?)
        FROM due WHERE p.name = due.name
        RETURNING p.name, p.trust_level""";

    private static final String SET_TRUST_LEVEL = """
        WITH before AS (
            SELECT h.id, %1$s AS trust_level FROM ncmp_cm_handle h
            WHERE (h.dmi_service_name = ? OR h.dmi_data_service_name = ? OR h.dmi_model_service_name = ?)
                AND h.dmi_trust_level <> ? ORDER BY h.id FOR UPDATE),
        changed AS (
            UPDATE ncmp_cm_handle h SET dmi_trust_level = ? FROM before WHERE h.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier,
                before.trust_level AS old_level, %1$s AS new_level),
        events AS (
            SELECT id, alternate_id, module_set_tag, data_producer_identifier, 'update' AS event_type, jsonb_build_object('trustLevel', old_level) AS old_values,
                jsonb_build_object('trustLevel', new_level) AS new_values
            FROM changed WHERE old_level <> new_level)
        %2$s""".formatted(CmHandleRows.TRUST_LEVEL, LcmOutbox.insertEventsFrom("events"));

    private record Plugin(String name, String trustLevel) {
    }

    private final JdbcTemplate jdbcTemplate;
    private final DmiClient dmiClient;
    private final DmiProperties dmiProperties;
    private final TransactionTemplate transactionTemplate;
    private final String instanceId = "ncmp-" + UUID.randomUUID();

    DmiTrustLevels(final JdbcTemplate jdbcTemplate, final DmiClient dmiClient, final DmiProperties dmiProperties,
                   final PlatformTransactionManager transactionManager, final PeriodicTasks periodicTasks) {
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.dmiClient = dmiClient;
        this.dmiProperties = dmiProperties;
        if (!dmiProperties.healthCheckInterval().isZero()) {
            periodicTasks.every("DMI health checks", dmiProperties.healthCheckInterval(), () -> {
                checkDuePlugins();
                return false;
            });
        }
    }

    /** Checks every plugin no other instance checked within the interval; returns how many it checked. */
    public int checkDuePlugins() {
        final List<Plugin> plugins = jdbcTemplate.query(CLAIM_DUE, (resultSet, rowNumber) ->
            new Plugin(resultSet.getString(1), resultSet.getString(2)), instanceId,
            seconds(dmiProperties.healthCheckInterval()) * 0.9);
        plugins.forEach(this::check);
        return plugins.size();
    }

    private void check(final Plugin plugin) {
        final String trustLevel = dmiClient.isHealthy(plugin.name(), dmiProperties.healthCheckTimeout())
            ? "COMPLETE" : "NONE";
        // the plugin's level and its handles' change together: a recovery half written would never be retried
        transactionTemplate.executeWithoutResult(status -> write(plugin, trustLevel));
    }

    private void write(final Plugin plugin, final String trustLevel) {
        if (!trustLevel.equals(plugin.trustLevel())) {
            LOGGER.warn("DMI plugin {} is {}", plugin.name(), "NONE".equals(trustLevel) ? "down: its handles'"
                + " trust level is NONE" : "up again: its handles' trust level is back");
            jdbcTemplate.update("UPDATE ncmp_dmi_plugin SET trust_level = ? WHERE name = ?", trustLevel,
                plugin.name());
        }
        if ("NONE".equals(trustLevel) || !trustLevel.equals(plugin.trustLevel())) {
            final int changed = jdbcTemplate.update(SET_TRUST_LEVEL, plugin.name(), plugin.name(), plugin.name(),
                trustLevel, trustLevel);
            if (changed > 0) {
                LOGGER.info("Trust level {} for {} handles of DMI plugin {}", trustLevel, changed, plugin.name());
            }
        }
    }

    private static double seconds(final Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
