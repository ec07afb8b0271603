package io.cpsng.ncmp.sync;

import io.cpsng.ncmp.inventory.CmHandlesAdvised;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.sync.ModuleSyncWork.ClaimedWork;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Moves queued handles to READY: on its own schedule, a round runs one worker per unit of parallelism, each
 * claiming a batch of due handles, syncing it and claiming the next until nothing is due. Claims are leased
 * rows, so instances sharing the database split the work and never hold the same handle at once.
 *
 * <p>The trigger and the workers have their own threads, never Spring's single default scheduler thread
 * (sharing it starved the reference system's registration, CPS-1126). They are not beans: a bean of type
 * Executor or TaskScheduler would stand in for the application's own in Spring Boot's auto-configuration.
 *
 * <p>Besides its schedule, a round starts as soon as handles were queued (their registration committed), so
 * they need not wait for the interval to pass; requests during a round are served by one more round after it.
 * Rounds never overlap: they all run on the trigger's one thread.
 *
 * <p>The parallelism starts as configured and can be changed while running (an operator's knob): the worker
 * pool is resized at once, and the next round runs as many workers as the new value says.
 */
@Component
@EnableConfigurationProperties(ModuleSyncProperties.class)
public class ModuleSyncWatchdog implements SmartLifecycle {

    /** The most batches one instance syncs at once: each holds a database connection while it writes. */
    static final int MAX_PARALLELISM = 64;

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleSyncWatchdog.class);
    // on shutdown, running batches may finish (they take seconds) so their handles need not wait for the lease
    private static final long SHUTDOWN_WAIT_SECONDS = 30;

    private final ModuleSyncWork moduleSyncWork;
    private final ModuleSyncWorker moduleSyncWorker;
    private final ModuleSyncProperties moduleSyncProperties;
    private final String instanceId = "ncmp-" + UUID.randomUUID();
    private final AtomicLong claimSequence = new AtomicLong();
    private final AtomicBoolean roundRequested = new AtomicBoolean();
    private volatile int parallelism;
    // made on start and shut down on stop: test contexts are stopped while paused and started again
    private volatile ScheduledExecutorService trigger;
    private volatile ThreadPoolExecutor workers;
    private volatile boolean running;

    ModuleSyncWatchdog(final ModuleSyncWork moduleSyncWork, final ModuleSyncWorker moduleSyncWorker,
                       final ModuleSyncProperties moduleSyncProperties) {
        this.moduleSyncWork = moduleSyncWork;
        this.moduleSyncWorker = moduleSyncWorker;
        this.moduleSyncProperties = moduleSyncProperties;
        this.parallelism = moduleSyncProperties.parallelism();
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
        final ThreadPoolExecutor currentWorkers = workers;
        final int workerCount = parallelism; // read once: a change made during a round applies to the next
        final List<Future<Integer>> rounds = new ArrayList<>();
        for (int worker = 0; worker < workerCount; worker++) {
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

    /** Starts a round soon after handles became due, unless one is requested already (or sync is off). */
    @TransactionalEventListener(fallbackExecution = true)
    public void onHandlesAdvised(final CmHandlesAdvised cmHandlesAdvised) {
        final ScheduledExecutorService currentTrigger = trigger;
        if (running && moduleSyncProperties.enabled() && roundRequested.compareAndSet(false, true)) {
            try {
                currentTrigger.execute(() -> {
                    roundRequested.set(false);
                    syncOnSchedule();
                });
            } catch (final RejectedExecutionException stopping) {
                roundRequested.set(false);
            }
        }
    }

    /** The batches a round syncs at once. */
    int parallelism() {
        return parallelism;
    }

    /**
     * Sets the batches a round syncs at once, from the next round on; InvalidInputException outside
     * 1..{@value #MAX_PARALLELISM}. The worker pool is resized before the new value is published, so after a
     * growth every worker of the next round has its own thread; a round running while the pool shrinks queues
     * its extra workers until a thread is free.
     */
    synchronized void setParallelism(final int newParallelism) {
        if (!isValidParallelism(newParallelism)) {
            throw new InvalidInputException("Invalid module-sync parallelism",
                "parallelism must be between 1 and " + MAX_PARALLELISM + ", was " + newParallelism);
        }
        final ThreadPoolExecutor currentWorkers = workers;
        if (currentWorkers != null) {
            resize(currentWorkers, newParallelism);
        }
        LOGGER.info("Module sync parallelism set to {} (was {})", newParallelism, parallelism);
        parallelism = newParallelism;
    }

    static boolean isValidParallelism(final int parallelism) {
        return parallelism >= 1 && parallelism <= MAX_PARALLELISM;
    }

    @Override
    public synchronized void start() {
        // a fixed pool, as Executors.newFixedThreadPool makes it, but typed so that it can be resized
        workers = new ThreadPoolExecutor(parallelism, parallelism, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(), Thread.ofPlatform().name("module-sync-worker-", 1).daemon(true).factory());
        trigger = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("module-sync-trigger").daemon(true).factory());
        running = true;
        if (moduleSyncProperties.enabled()) {
            final long intervalMillis = moduleSyncProperties.interval().toMillis();
            trigger.scheduleWithFixedDelay(this::syncOnSchedule, intervalMillis, intervalMillis,
                TimeUnit.MILLISECONDS);
        }
        LOGGER.info("Module sync watchdog {} {}, parallelism now {}", instanceId, moduleSyncProperties, parallelism);
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

    /** The core size may never exceed the maximum: growing sets the maximum first, shrinking the core. */
    private static void resize(final ThreadPoolExecutor pool, final int size) {
        if (size > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(size);
            pool.setCorePoolSize(size);
        } else {
            pool.setCorePoolSize(size);
            pool.setMaximumPoolSize(size);
        }
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
