package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.inventory.ModuleSyncRows.ClaimedWork;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Module sync's meters: a timer per phase (ncmp.module-sync.phase, tag phase) and counters of handles
 * that ended a round READY or LOCKED (ncmp.module-sync.handles, tag outcome). Timing a phase also records
 * it in the {@link ModuleSyncTrace} for each handle it was done for, from the same measurement.
 */
@Component
class ModuleSyncMetrics {

    /** The phases of a handle's sync, named as in the phase tag. */
    enum Phase {
        WAITING_FOR_WORKER("waiting-for-worker"),
        DMI_MODULE_REFERENCES("dmi-module-references"),
        DMI_MODULE_RESOURCES("dmi-module-resources"),
        SCHEMA_SET_CREATION("schema-set-creation"),
        STATE_WRITE("state-write");

        private final String tag;

        Phase(final String tag) {
            this.tag = tag;
        }

        String tag() {
            return tag;
        }
    }

    private final Map<Phase, Timer> timers = new EnumMap<>(Phase.class);
    private final Counter succeeded;
    private final Counter failed;
    private final ModuleSyncTrace trace;

    ModuleSyncMetrics(final MeterRegistry meterRegistry, final ModuleSyncTrace trace) {
        this.trace = trace;
        for (final Phase phase : Phase.values()) {
            timers.put(phase, Timer.builder("ncmp.module-sync.phase").tag("phase", phase.tag)
                .description("Time spent in a phase of module sync").register(meterRegistry));
        }
        succeeded = Counter.builder("ncmp.module-sync.handles").tag("outcome", "success")
            .description("Handles that module sync (or upgrade) made READY").register(meterRegistry);
        failed = Counter.builder("ncmp.module-sync.handles").tag("outcome", "failure")
            .description("Handles that module sync (or upgrade) left LOCKED for a retry").register(meterRegistry);
    }

    /** Times the phase, done once for the handles given, also when it fails; returns what the work returned. */
    <T> T time(final Phase phase, final Collection<String> cmHandleIds, final Supplier<T> work) {
        // the start on the wall clock for the trace, the duration from the monotonic clock for both
        final long startMicros = ModuleSyncTrace.epochMicros(Instant.now());
        final long startNanos = System.nanoTime();
        try {
            return work.get();
        } finally {
            final long elapsedNanos = System.nanoTime() - startNanos;
            timers.get(phase).record(elapsedNanos, TimeUnit.NANOSECONDS);
            trace.record(phase, cmHandleIds, startMicros, startMicros + elapsedNanos / 1_000);
        }
    }

    void time(final Phase phase, final Collection<String> cmHandleIds, final Runnable work) {
        time(phase, cmHandleIds, () -> {
            work.run();
            return null;
        });
    }

    /** Times how long each claimed handle waited for a worker: from when it was due until its batch was claimed. */
    void recordWaiting(final List<ClaimedWork> claimed, final Instant claimedAt) {
        final long claimedAtMicros = ModuleSyncTrace.epochMicros(claimedAt);
        final long[] dueAtMicros = new long[claimed.size()];
        for (int index = 0; index < claimed.size(); index++) {
            // due_at is the database's clock, which may run ahead of ours: a handle due "later" waited for nothing
            dueAtMicros[index] = Math.min(ModuleSyncTrace.epochMicros(claimed.get(index).dueAt()), claimedAtMicros);
            timers.get(Phase.WAITING_FOR_WORKER).record(claimedAtMicros - dueAtMicros[index], TimeUnit.MICROSECONDS);
        }
        trace.record(Phase.WAITING_FOR_WORKER, claimed.stream().map(ClaimedWork::cmHandleId).toList(), dueAtMicros,
            claimedAtMicros);
    }

    void countOutcomes(final int successes, final int failures) {
        succeeded.increment(successes);
        failed.increment(failures);
    }
}
