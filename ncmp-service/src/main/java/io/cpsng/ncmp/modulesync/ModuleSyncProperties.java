package io.cpsng.ncmp.modulesync;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the module-sync watchdog works through the queue. The defaults suit a laptop with one DMI plugin.
 *
 * @param enabled     whether the watchdog runs on its schedule; off, only direct calls of
 *                    {@link ModuleSyncWatchdog#syncDueHandles()} sync (specs)
 * @param interval    pause between the end of one round and the start of the next
 * @param batchSize   handles claimed and processed together: one read, one anchor insert, one state write
 * @param parallelism batches processed at once, each on its own worker thread
 * @param lease       how long a claim is exclusive; an instance that dies loses its handles after this
 * @param backoffBase delay before the first retry of a failed handle, doubled on every further failure
 * @param backoffCap  the longest delay between retries
 * @param lockWait    how long a worker waits for another one (of any instance) fetching the same module set
 * @param traceCapacity rows of the module-sync trace kept in memory (the oldest are dropped); 0 records none
 * @param maxModulesPerHandle the most modules a plugin may name for one handle; more fail the handle's sync
 */
@ConfigurationProperties("ncmp.module-sync")
public record ModuleSyncProperties(@DefaultValue("true") boolean enabled,
                                   @DefaultValue("2s") Duration interval,
                                   @DefaultValue("200") int batchSize,
                                   @DefaultValue("4") int parallelism,
                                   @DefaultValue("2m") Duration lease,
                                   @DefaultValue("5s") Duration backoffBase,
                                   @DefaultValue("5m") Duration backoffCap,
                                   @DefaultValue("1m") Duration lockWait,
                                   @DefaultValue("500000") int traceCapacity,
                                   @DefaultValue("20000") int maxModulesPerHandle) {

    public ModuleSyncProperties {
        if (batchSize < 1) {
            throw new IllegalArgumentException("ncmp.module-sync.batch-size must be at least 1");
        }
        if (!ModuleSyncWatchdog.isValidParallelism(parallelism)) {
            throw new IllegalArgumentException("ncmp.module-sync.parallelism must be between 1 and "
                + ModuleSyncWatchdog.MAX_PARALLELISM);
        }
        if (traceCapacity < 0) {
            throw new IllegalArgumentException("ncmp.module-sync.trace-capacity must not be negative");
        }
        if (maxModulesPerHandle < 1) {
            throw new IllegalArgumentException("ncmp.module-sync.max-modules-per-handle must be at least 1");
        }
    }
}
