package io.cpsng.cps.events;

import io.cpsng.cps.api.exceptions.DataValidationException;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * How an event feed (lifecycle events, data-updated events) takes a request: its bounds checked, then a read that
 * waits for events, again whenever this instance numbered events ({@link #wake()}) and at least every
 * {@value #RECHECK_MILLIS} ms for those another instance numbered.
 */
public final class LongPoll {

    private static final long RECHECK_MILLIS = 200;

    private final Object numbered = new Object();

    /** Refuses a feed request whose position, limit or wait is out of bounds, saying which. */
    public static void validate(final long afterPosition, final int limit, final Duration wait, final int maxLimit,
                                final Duration maxWait) {
        if (afterPosition < 0) {
            throw new DataValidationException("Invalid event position",
                "after must be 0 or more, not " + afterPosition);
        }
        if (limit < 1 || limit > maxLimit) {
            throw new DataValidationException("Invalid event limit",
                "limit must be 1 to " + maxLimit + ", not " + limit);
        }
        if (wait.isNegative() || wait.compareTo(maxWait) > 0) {
            throw new DataValidationException("Invalid wait",
                "wait must be 0s to " + maxWait.toSeconds() + "s, not " + wait);
        }
    }

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
