package io.cpsng.ncmp.datasync;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the data-sync watchdog caches the operational data of handles with data sync on.
 *
 * @param enabled     whether the watchdog runs on its schedule; off, only direct calls of
 *                    {@link DataSyncWatchdog#syncDueHandles()} sync (specs)
 * @param interval    pause between the end of one round and the start of the next
 * @param batchSize   handles one worker claims at once
 * @param parallelism workers a round runs, each on its own thread, each holding a database connection at times
 * @param lease       how long a claim is exclusive; an instance that dies loses its handles after this
 * @param backoffBase delay before the first retry of a failed sync, doubled on every further failure
 * @param backoffCap  the longest delay between retries
 */
@ConfigurationProperties("ncmp.data-sync")
public record DataSyncProperties(@DefaultValue("true") boolean enabled,
                                 @DefaultValue("2s") Duration interval,
                                 @DefaultValue("50") int batchSize,
                                 @DefaultValue("4") int parallelism,
                                 @DefaultValue("2m") Duration lease,
                                 @DefaultValue("5s") Duration backoffBase,
                                 @DefaultValue("5m") Duration backoffCap) {

    public DataSyncProperties {
        if (batchSize < 1) {
            throw new IllegalArgumentException("ncmp.data-sync.batch-size must be at least 1");
        }
        if (parallelism < 1 || parallelism > 64) {
            throw new IllegalArgumentException("ncmp.data-sync.parallelism must be between 1 and 64");
        }
    }
}
