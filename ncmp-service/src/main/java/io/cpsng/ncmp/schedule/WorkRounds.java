package io.cpsng.ncmp.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads of a watchdog that works through leased rows in rounds (module sync, data sync): a trigger thread
 * that runs the rounds, never two at once, on a schedule or when asked; a pool of workers a round runs in parallel,
 * resizable while running. Not beans: a bean of type Executor would stand in for the application's own in Spring
 * Boot's auto-configuration. Made when the watchdog starts and shut down when it stops (test contexts are stopped
 * while paused and started again).
 */
public final class WorkRounds {

    private static final Logger LOGGER = LoggerFactory.getLogger(WorkRounds.class);
    // on shutdown, running batches may finish (they take seconds) so their rows need not wait for the lease
    private static final long SHUTDOWN_WAIT_SECONDS = 30;

    private final String name;
    private final ScheduledExecutorService trigger;
    private final ThreadPoolExecutor workers;

    /** Threads named {name}-trigger and {name}-worker-N, the pool of the given size. */
    public WorkRounds(final String name, final int workerThreads) {
        this.name = name;
        // a fixed pool, as Executors.newFixedThreadPool makes it, but typed so that it can be resized
        this.workers = new ThreadPoolExecutor(workerThreads, workerThreads, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(), Thread.ofPlatform().name(name + "-worker-", 1).daemon(true).factory());
        this.trigger = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name(name + "-trigger").daemon(true).factory());
    }

    /** The round every interval after the previous one ended; a failing round is logged, the schedule goes on. */
    public void schedule(final Duration interval, final Runnable round) {
        trigger.scheduleWithFixedDelay(() -> runLogged(round), interval.toMillis(), interval.toMillis(),
            TimeUnit.MILLISECONDS);
    }

    /** The round soon, on the trigger thread; false if it no longer takes work (stopping). */
    public boolean runSoon(final Runnable round) {
        try {
            trigger.execute(() -> runLogged(round));
            return true;
        } catch (final RejectedExecutionException stopping) {
            return false;
        }
    }

    /** Runs the worker on that many threads at once and answers the sum of what they answered. */
    public int runWorkers(final int count, final IntSupplier worker) {
        final List<Future<Integer>> running = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            running.add(workers.submit(worker::getAsInt));
        }
        return running.stream().mapToInt(this::resultOf).sum();
    }

    /** Runs a round as {@link #runWorkers} does, and logs its count and rate when it completed anything. */
    public int runRound(final int count, final IntSupplier worker) {
        final long startNanos = System.nanoTime();
        final int processed = runWorkers(count, worker);
        if (processed > 0) {
            final long millis = Math.max(1, (System.nanoTime() - startNanos) / 1_000_000);
            LOGGER.info("A {} round: {} handles in {} ms, {} handles/s", name, processed, millis,
                processed * 1000L / millis);
        }
        return processed;
    }

    /** The core size may never exceed the maximum: growing sets the maximum first, shrinking the core. */
    public void resize(final int workerThreads) {
        if (workerThreads > workers.getMaximumPoolSize()) {
            workers.setMaximumPoolSize(workerThreads);
            workers.setCorePoolSize(workerThreads);
        } else {
            workers.setCorePoolSize(workerThreads);
            workers.setMaximumPoolSize(workerThreads);
        }
    }

    /** Stops the schedule and lets running workers finish, for a while. */
    public void stop() {
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

    private void runLogged(final Runnable round) {
        try {
            round.run();
        } catch (final RuntimeException roundFailure) {
            // a failure must not cancel the schedule: the next round tries again
            LOGGER.error("A {} round failed", name, roundFailure);
        }
    }

    private int resultOf(final Future<Integer> worker) {
        try {
            return worker.get();
        } catch (final ExecutionException failure) {
            LOGGER.error("A {} worker failed", name, failure.getCause());
            return 0;
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
