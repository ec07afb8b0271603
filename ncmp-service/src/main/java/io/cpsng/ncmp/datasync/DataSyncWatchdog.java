package io.cpsng.ncmp.datasync;

import io.cpsng.ncmp.inventory.DataSyncRows;
import io.cpsng.ncmp.inventory.DataSyncRows.ClaimedHandle;
import io.cpsng.ncmp.schedule.ClaimLoop;
import io.cpsng.ncmp.schedule.WorkRounds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Caches the operational data of handles with data sync on, as the module-sync watchdog moves handles to READY:
 * on its own schedule and threads, a round runs one worker per unit of parallelism, each claiming a batch of due
 * handles (leased rows: instances sharing the database split the work, and the handles of one that died are taken
 * over when the lease runs out), syncing it and claiming the next until nothing is due. Turning sync on does not
 * start a round at once: the handle is UNSYNCHRONIZED until the next one, at most an interval later, which the
 * reference's own test suite reads. Each round first checks that the database has not emptied the cache in a crash
 * recovery (ADR 0017).
 */
@Component
@EnableConfigurationProperties(DataSyncProperties.class)
public class DataSyncWatchdog implements SmartLifecycle {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataSyncWatchdog.class);

    private final DataSyncProperties dataSyncProperties;
    private final DataSyncWorker dataSyncWorker;
    private final ClaimLoop<ClaimedHandle> claimLoop;
    private volatile WorkRounds rounds;
    private volatile boolean running;

    DataSyncWatchdog(final DataSyncRows dataSyncRows, final DataSyncWorker dataSyncWorker,
                     final DataSyncProperties dataSyncProperties) {
        this.dataSyncProperties = dataSyncProperties;
        this.dataSyncWorker = dataSyncWorker;
        this.claimLoop = new ClaimLoop<>(
            owner -> dataSyncRows.claimDue(owner, dataSyncProperties.batchSize(), dataSyncProperties.lease()),
            dataSyncWorker::sync);
    }

    /** Syncs due handles until none is due, batches in parallel; returns how many it stored. */
    public int syncDueHandles() {
        if (!running) {
            return 0;
        }
        dataSyncWorker.resyncIfCacheEmptied();
        return rounds.runRound(dataSyncProperties.parallelism(), () -> claimLoop.drain(this::isRunning));
    }

    @Override
    public synchronized void start() {
        rounds = new WorkRounds("data-sync", dataSyncProperties.parallelism());
        running = true;
        if (dataSyncProperties.enabled()) {
            rounds.schedule(dataSyncProperties.interval(), this::syncDueHandles);
        }
        LOGGER.info("Data sync watchdog {} {}", claimLoop.instanceId(), dataSyncProperties);
    }

    @Override
    public void stop() {
        running = false;
        rounds.stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
