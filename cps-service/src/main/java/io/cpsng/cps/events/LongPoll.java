package io.cpsng.cps.events;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * How an event feed waits for events: it reads again whenever this instance numbered events ({@link #wake()}),
 * and at least every {@value #RECHECK_MILLIS} ms for those another instance numbered.
 */
public final class LongPoll {

    private static final long RECHECK_MILLIS = 200;

    private final Object numbered = new Object();

    /** The first read that finds events, or the last, empty one once the wait is over. */
    public <E> List<E> read(final Duration wait, final Supplier<List<E>> read) {
        final long deadlineNanos = System.nanoTime() + wait.toNanos();
        List<E> events = read.get();
        while (events.isEmpty() && System.nanoTime() < deadlineNanos) {
            await(Math.min(RECHECK_MILLIS, (deadlineNanos - System.nanoTime()) / 1_000_000 + 1));
            events = read.get();
        }
        return events;
    }

    /** Wakes the reads waiting for events: this instance numbered some. */
    public void wake() {
        synchronized (numbered) {
            numbered.notifyAll();
        }
    }

    private void await(final long millis) {
        synchronized (numbered) {
            try {
                numbered.wait(millis);
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for events", interrupted);
            }
        }
    }
}
