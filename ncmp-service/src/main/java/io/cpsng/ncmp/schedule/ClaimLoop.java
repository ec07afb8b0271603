package io.cpsng.ncmp.schedule;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * What each worker of a round does (module sync, data sync): claims a batch of due rows, works it, and claims again
 * until none is due or the watchdog stops. Every claim has an owner of its own, so that completing a batch cannot
 * touch rows a later claim of this instance holds.
 *
 * @param <T> a claimed row
 */
public final class ClaimLoop<T> {

    private final String instanceId = "ncmp-" + UUID.randomUUID();
    private final AtomicLong claimSequence = new AtomicLong();
    private final Claim<T> claim;
    private final Work<T> work;

    /** Claims up to a batch of due rows for the owner. */
    @FunctionalInterface
    public interface Claim<T> {
        List<T> due(String owner);
    }

    /** Works a claimed batch; answers how many rows it completed. */
    @FunctionalInterface
    public interface Work<T> {
        int process(String owner, List<T> batch);
    }

    public ClaimLoop(final Claim<T> claim, final Work<T> work) {
        this.claim = claim;
        this.work = work;
    }

    /** This instance, as the owners of its claims begin. */
    public String instanceId() {
        return instanceId;
    }

    /** Claims and works batches while running and some are due; answers how many rows it completed. */
    public int drain(final BooleanSupplier running) {
        int processed = 0;
        while (running.getAsBoolean()) {
            final String owner = instanceId + "/" + claimSequence.incrementAndGet();
            final List<T> batch = claim.due(owner);
            if (batch.isEmpty()) {
                break;
            }
            processed += work.process(owner, batch);
        }
        return processed;
    }
}
