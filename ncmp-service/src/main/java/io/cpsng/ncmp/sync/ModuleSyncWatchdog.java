package io.cpsng.ncmp.sync;

import io.cpsng.ncmp.sync.ModuleSyncWork.ClaimedWork;
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
 * Moves queued handles to READY: on its own schedule, a round runs one worker per unit of parallelism, each
 * claiming a batch of due handles, syncing it and claiming the next until nothing is due. Claims are leased
 * rows, so instances sharing the database split the work and never hold the same handle at once.
 *
 * <p>The trigger and the workers have their own threads, never Spring's single default scheduler thread
 * (sharing it starved the reference system's registration, CPS-1126). They are not beans: a bean of type
 * Executor or TaskScheduler would stand in for the application's own in Spring Boot's auto-configuration.
 */
@Component
@EnableConfigurationProperties(ModuleSyncProperties.class)
public class ModuleSyncWatchdog implements SmartLifecycle {

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleSyncWatchdog.class);
    // on shutdown, running batches may finish (they take seconds) so their handles need not wait for the lease
    private static final long SHUTDOWN_WAIT_SECONDS = 30;

    private final ModuleSyncWork moduleSyncWork;
    private final ModuleSyncWorker moduleSyncWorker;
    private final ModuleSyncProperties moduleSyncProperties;
    private final String instanceId = "ncmp-" + UUID.randomUUID();
    private final AtomicLong claimSequence = new AtomicLong();
    // made on start and shut down on stop: test contexts are stopped while paused and started again
    private volatile ScheduledExecutorService trigger;
    private volatile ExecutorService workers;
    private volatile boolean running;

    ModuleSyncWatchdog(final ModuleSyncWork moduleSyncWork, final ModuleSyncWorker moduleSyncWorker,
                       final ModuleSyncProperties moduleSyncProperties) {
        this.moduleSyncWork = moduleSyncWork;
        this.moduleSyncWorker = moduleSyncWorker;
        this.moduleSyncProperties = moduleSyncProperties;
    }

    /**
     * Syncs due handles until none is due, batches in parallel; returns how many handles it processed
     * (READY or LOCKED for a retry). Handles whose retry is not due yet are left for a later round.
     */
    public int syncDueHandles() {
        if (!running) {
            return 0;
        }
        final long startNanos = System.nanoTime();
        final ExecutorService currentWorkers = workers;
        final List<Future<Integer>> rounds = new ArrayList<>();
        for (int worker = 0; worker < moduleSyncProperties.parallelism(); worker++) {
            rounds.add(currentWorkers.submit(this::syncWhileDue));
        }
        final int processed = rounds.stream().mapToInt(ModuleSyncWatchdog::handlesProcessed).sum();
        if (processed > 0) {
            final long millis = (System.nanoTime() - startNanos) / 1_000_000;
            LOGGER.info("Module sync round: {} handles in {} ms, {} handles/s", processed, millis,
                millis == 0 ? processed : processed * 1000L / millis);
        }
        return processed;
    }

    @Override
    public void start() {
        workers = Executors.newFixedThreadPool(moduleSyncProperties.parallelism(),
            Thread.ofPlatform().name("module-sync-worker-", 1).daemon(true).factory());
        trigger = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("module-sync-trigger").daemon(true).factory());
        running = true;
        if (moduleSyncProperties.enabled()) {
            final long intervalMillis = moduleSyncProperties.interval().toMillis();
            trigger.scheduleWithFixedDelay(this::syncOnSchedule, intervalMillis, intervalMillis,
                TimeUnit.MILLISECONDS);
        }
        LOGGER.info("Module sync watchdog {} {}", instanceId, moduleSyncProperties);
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
            LOGGER.error("Module sync round failed", roundFailure);
        }
    }

    /** One worker: claims and syncs batches until none is due (or the application stops). */
    private int syncWhileDue() {
        int processed = 0;
        while (running) {
            // a claim per batch: completing it cannot touch rows a later claim of this instance holds
            final String owner = instanceId + "/" + claimSequence.incrementAndGet();
            final List<ClaimedWork> batch = moduleSyncWork.claimDue(owner, moduleSyncProperties.batchSize(),
                moduleSyncProperties.lease());
            if (batch.isEmpty()) {
                break;
            }
            processed += moduleSyncWorker.sync(owner, batch);
        }
        return processed;
    }

    private static int handlesProcessed(final Future<Integer> round) {
        try {
            return round.get();
        } catch (final ExecutionException failure) {
            LOGGER.error("A module sync worker failed", failure.getCause());
            return 0;
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
