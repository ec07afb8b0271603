package io.cpsng.ncmp.datasync;

import io.cpsng.ncmp.datasync.DataSyncWork.ClaimedHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * reference's own test suite reads.
 */
@Component
@EnableConfigurationProperties(DataSyncProperties.class)
public class DataSyncWatchdog implements SmartLifecycle {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataSyncWatchdog.class);
    private static final long SHUTDOWN_WAIT_SECONDS = 30;

    private final DataSyncWork dataSyncWork;
    private final DataSyncWorker dataSyncWorker;
    private final DataSyncProperties dataSyncProperties;
    private final String instanceId = "ncmp-" + UUID.randomUUID();
    private final AtomicLong claimSequence = new AtomicLong();
    // made on start and shut down on stop: test contexts are stopped while paused and started again
    private volatile ScheduledExecutorService trigger;
    private volatile ExecutorService workers;
    private volatile boolean running;

    DataSyncWatchdog(final DataSyncWork dataSyncWork, final DataSyncWorker dataSyncWorker,
                     final DataSyncProperties dataSyncProperties) {
        this.dataSyncWork = dataSyncWork;
        this.dataSyncWorker = dataSyncWorker;
        this.dataSyncProperties = dataSyncProperties;
    }

    /** Syncs due handles until none is due, batches in parallel; returns how many it stored. */
    public int syncDueHandles() {
        if (!running) {
            return 0;
        }
        final long startNanos = System.nanoTime();
        final List<Future<Integer>> rounds = new ArrayList<>();
        for (int worker = 0; worker < dataSyncProperties.parallelism(); worker++) {
            rounds.add(workers.submit(this::syncWhileDue));
        }
        final int stored = rounds.stream().mapToInt(DataSyncWatchdog::handlesStored).sum();
        if (stored > 0) {
            final long millis = Math.max(1, (System.nanoTime() - startNanos) / 1_000_000);
            LOGGER.info("Data sync round: {} handles SYNCHRONIZED in {} ms, {} handles/s", stored, millis,
                stored * 1000L / millis);
        }
        return stored;
    }

    @Override
    public synchronized void start() {
        workers = Executors.newFixedThreadPool(dataSyncProperties.parallelism(),
            Thread.ofPlatform().name("data-sync-worker-", 1).daemon(true).factory());
        trigger = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("data-sync-trigger").daemon(true).factory());
        running = true;
        if (dataSyncProperties.enabled()) {
            final long intervalMillis = dataSyncProperties.interval().toMillis();
            trigger.scheduleWithFixedDelay(this::syncOnSchedule, intervalMillis, intervalMillis,
                TimeUnit.MILLISECONDS);
        }
        LOGGER.info("Data sync watchdog {} {}", instanceId, dataSyncProperties);
    }

    @Override
    public void stop() {
        running = false;
        trigger.shutdownNow();
        workers.shutdown();
        try {
            if (!workers.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                workers.shutdownNow();
            }
        } catch (final InterruptedException interrupted) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void syncOnSchedule() {
        try {
            syncDueHandles();
        } catch (final RuntimeException roundFailure) {
            // a failure must not cancel the schedule: the next round tries again
            LOGGER.error("Data sync round failed", roundFailure);
        }
    }

    private int syncWhileDue() {
        int stored = 0;
        while (running) {
            // a claim per batch: completing it cannot touch rows a later claim of this instance holds
            final String owner = instanceId + "/" + claimSequence.incrementAndGet();
            final List<ClaimedHandle> batch = dataSyncWork.claimDue(owner, dataSyncProperties.batchSize(),
                dataSyncProperties.lease());
            if (batch.isEmpty()) {
                break;
            }
            stored += dataSyncWorker.sync(owner, batch);
        }
        return stored;
    }

    private static int handlesStored(final Future<Integer> round) {
        try {
            return round.get();
        } catch (final ExecutionException failure) {
            LOGGER.error("A data sync worker failed", failure.getCause());
            return 0;
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
