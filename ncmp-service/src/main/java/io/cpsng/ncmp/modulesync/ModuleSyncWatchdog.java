package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.inventory.ModuleSyncRows;
import io.cpsng.ncmp.inventory.ModuleSyncRows.ClaimedWork;
import io.cpsng.ncmp.registration.CmHandlesAdvised;
import io.cpsng.ncmp.schedule.ClaimLoop;
import io.cpsng.ncmp.schedule.WorkRounds;
import java.util.concurrent.atomic.AtomicBoolean;
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

    private final ModuleSyncProperties moduleSyncProperties;
    private final ClaimLoop<ClaimedWork> claimLoop;
    private final AtomicBoolean roundRequested = new AtomicBoolean();
    private volatile int parallelism;
    private volatile WorkRounds rounds;
    private volatile boolean running;

    ModuleSyncWatchdog(final ModuleSyncRows moduleSyncRows, final ModuleSyncWorker moduleSyncWorker,
                       final ModuleSyncProperties moduleSyncProperties) {
        this.moduleSyncProperties = moduleSyncProperties;
        this.claimLoop = new ClaimLoop<>(
            owner -> moduleSyncRows.claimDue(owner, moduleSyncProperties.batchSize(), moduleSyncProperties.lease()),
            moduleSyncWorker::sync);
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
        // parallelism is read once: a change made during a round applies to the next
        return rounds.runRound(parallelism, () -> claimLoop.drain(this::isRunning));
    }

    /** Starts a round soon after handles became due, unless one is requested already (or sync is off). */
    @TransactionalEventListener(fallbackExecution = true)
    public void onHandlesAdvised(final CmHandlesAdvised cmHandlesAdvised) {
        final WorkRounds currentRounds = rounds;
        if (running && moduleSyncProperties.enabled() && roundRequested.compareAndSet(false, true)
            && !currentRounds.runSoon(() -> {
                roundRequested.set(false);
                syncDueHandles();
            })) {
            roundRequested.set(false);
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
        final WorkRounds currentRounds = rounds;
        if (currentRounds != null) {
            currentRounds.resize(newParallelism);
        }
        LOGGER.info("Module sync parallelism set to {} (was {})", newParallelism, parallelism);
        parallelism = newParallelism;
    }

    static boolean isValidParallelism(final int parallelism) {
        return parallelism >= 1 && parallelism <= MAX_PARALLELISM;
    }

    @Override
    public synchronized void start() {
        rounds = new WorkRounds("module-sync", parallelism);
        running = true;
        if (moduleSyncProperties.enabled()) {
            rounds.schedule(moduleSyncProperties.interval(), this::syncDueHandles);
        }
        LOGGER.info("Module sync watchdog {} {}, parallelism now {}", claimLoop.instanceId(), moduleSyncProperties,
            parallelism);
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
