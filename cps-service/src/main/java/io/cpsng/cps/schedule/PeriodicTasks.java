package io.cpsng.cps.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The background work of the store and NCMP that runs on a fixed delay (event sequencing and relay, purges,
 * retries, health checks), each task on a thread of its own so that a slow one (a DMI health check waiting for its
 * timeout, a relay waiting for Kafka) never holds up another. Module sync has its own watchdog. As there, the
 * threads are not beans: a bean of type Executor would replace the application's own in Spring Boot's
 * auto-configuration.
 */
@Component
public class PeriodicTasks implements SmartLifecycle {

    private static final Logger LOGGER = LoggerFactory.getLogger(PeriodicTasks.class);

    private record Task(String name, Duration delay, BooleanSupplier work) {
    }

    private final List<Task> tasks = new ArrayList<>();
    private final Set<String> pausedTasks = ConcurrentHashMap.newKeySet();
    private volatile ScheduledExecutorService executor;

    /**
     * Runs the work every delay, from start to stop. The work answers whether more is waiting: if so it runs again
     * at once (a backlog drains at full speed), else after the delay. A failure is logged and the work runs again
     * after the delay.
     */
    public synchronized void every(final String name, final Duration delay, final BooleanSupplier work) {
        tasks.add(new Task(name, delay, work));
    }

    /**
     * Holds the named task's work until it is resumed; a round under way finishes. For maintenance and for
     * measuring the service without one task (the relay, to compare with Kafka and without).
     */
    public void pause(final String name) {
        pausedTasks.add(name);
    }

    public void resume(final String name) {
        pausedTasks.remove(name);
    }

    @Override
    public synchronized void start() {
        final AtomicInteger threadNumber = new AtomicInteger();
        executor = Executors.newScheduledThreadPool(Math.max(1, tasks.size()), runnable -> {
            final Thread thread = new Thread(runnable, "periodic-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        tasks.forEach(task -> executor.schedule(() -> run(task), task.delay().toMillis(), TimeUnit.MILLISECONDS));
    }

    private void run(final Task task) {
        boolean moreWaiting = false;
        try {
            moreWaiting = !pausedTasks.contains(task.name()) && task.work().getAsBoolean();
        } catch (final RuntimeException failure) {
            LOGGER.warn("{} failed, tried again in {}: {}", task.name(), task.delay(), failure.toString());
        }
        final ScheduledExecutorService current = executor;
        if (current != null) {
            try {
                current.schedule(() -> run(task), moreWaiting ? 0 : task.delay().toMillis(), TimeUnit.MILLISECONDS);
            } catch (final RejectedExecutionException stopping) {
                LOGGER.debug("{} stopped", task.name());
            }
        }
    }

    @Override
    public synchronized void stop() {
        final ScheduledExecutorService current = executor;
        executor = null;
        if (current != null) {
            current.shutdownNow();
            try {
                current.awaitTermination(10, TimeUnit.SECONDS);
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return executor != null;
    }
}
