package io.cpsng.ncmp.trust;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.dmi.DmiProperties;
import io.cpsng.ncmp.inventory.DmiPluginRows;
import io.cpsng.ncmp.inventory.DmiPluginRows.DmiPlugin;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private final DmiPluginRows dmiPluginRows;
    private final DmiClient dmiClient;
    private final DmiProperties dmiProperties;
    private final TransactionTemplate transactionTemplate;
    private final String instanceId = "ncmp-" + UUID.randomUUID();

    DmiTrustLevels(final DmiPluginRows dmiPluginRows, final DmiClient dmiClient, final DmiProperties dmiProperties,
                   final PlatformTransactionManager transactionManager, final PeriodicTasks periodicTasks) {
        this.dmiPluginRows = dmiPluginRows;
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
        final List<DmiPlugin> plugins = dmiPluginRows.claimDue(instanceId,
            dmiProperties.healthCheckInterval().multipliedBy(9).dividedBy(10));
        plugins.forEach(this::check);
        return plugins.size();
    }

    private void check(final DmiPlugin plugin) {
        final String trustLevel = dmiClient.isHealthy(plugin.name(), dmiProperties.healthCheckTimeout())
            ? "COMPLETE" : "NONE";
        // the plugin's level and its handles' change together: a recovery half written would never be retried
        transactionTemplate.executeWithoutResult(status -> write(plugin, trustLevel));
    }

    private void write(final DmiPlugin plugin, final String trustLevel) {
        if (!trustLevel.equals(plugin.trustLevel())) {
            LOGGER.warn("DMI plugin {} is {}", plugin.name(), "NONE".equals(trustLevel) ? "down: its handles'"
                + " trust level is NONE" : "up again: its handles' trust level is back");
            dmiPluginRows.setTrustLevel(plugin.name(), trustLevel);
        }
        if ("NONE".equals(trustLevel) || !trustLevel.equals(plugin.trustLevel())) {
            final int changed = dmiPluginRows.setHandlesTrustLevel(plugin.name(), trustLevel);
            if (changed > 0) {
                LOGGER.info("Trust level {} for {} handles of DMI plugin {}", trustLevel, changed, plugin.name());
            }
        }
    }
}
