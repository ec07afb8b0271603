package io.cpsng.ncmp.lcm;

import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.LockReason;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The state transitions of module sync: each stamps lastUpdateTime and keeps what module sync does not
 * own (the data-sync flag and state).
 */
public final class CmHandleStates {

    private CmHandleStates() {
    }

    /** READY, without a lock reason. */
    public static CompositeState ready(final CompositeState previous) {
        return new CompositeState(CmHandleState.READY, null, now(), dataSyncEnabled(previous),
            dataSyncState(previous));
    }

    /** LOCKED for the reason (one of the {@link LockReason} constants), with details saying why. */
    public static CompositeState locked(final CompositeState previous, final String reason, final String details) {
        return new CompositeState(CmHandleState.LOCKED, new LockReason(reason, details), now(),
            dataSyncEnabled(previous), dataSyncState(previous));
    }

    /** The time stamp of a transition: ISO-8601 in UTC. */
    public static String now() {
        return OffsetDateTime.now(ZoneOffset.UTC).toString();
    }

    private static boolean dataSyncEnabled(final CompositeState previous) {
        return previous != null && previous.dataSyncEnabled();
    }

    private static String dataSyncState(final CompositeState previous) {
        return previous == null ? null : previous.dataSyncState();
    }
}
