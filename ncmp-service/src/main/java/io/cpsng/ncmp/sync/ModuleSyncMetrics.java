package io.cpsng.ncmp.sync;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Module sync's meters: a timer per phase (ncmp.module-sync.phase, tag phase) and counters of handles
 * that ended a round READY or LOCKED (ncmp.module-sync.handles, tag outcome).
 */
@Component
class ModuleSyncMetrics {

    /** The phases of a handle's sync, named as in the phase tag. */
    enum Phase {
        WAITING_FOR_WORKER("waiting-for-worker"),
        DMI_MODULE_REFERENCES("dmi-module-references"),
        DMI_MODULE_RESOURCES("dmi-module-resources"),
        SCHEMA_SET_CREATION("schema-set-creation"),
        ANCHOR_CREATION("anchor-creation"),
        STATE_WRITE("state-write");

        private final String tag;

        Phase(final String tag) {
            this.tag = tag;
        }
    }

    private final Map<Phase, Timer> timers = new EnumMap<>(Phase.class);
    private final Counter succeeded;
    private final Counter failed;

    ModuleSyncMetrics(final MeterRegistry meterRegistry) {
        for (final Phase phase : Phase.values()) {
            timers.put(phase, Timer.builder("ncmp.module-sync.phase").tag("phase", phase.tag)
                .description("Time spent in a phase of module sync").register(meterRegistry));
        }
        succeeded = Counter.builder("ncmp.module-sync.handles").tag("outcome", "success")
            .description("Handles that module sync (or upgrade) made READY").register(meterRegistry);
        failed = Counter.builder("ncmp.module-sync.handles").tag("outcome", "failure")
            .description("Handles that module sync (or upgrade) left LOCKED for a retry").register(meterRegistry);
    }

    <T> T time(final Phase phase, final Supplier<T> work) {
        return timers.get(phase).record(work);
    }

    void time(final Phase phase, final Runnable work) {
        timers.get(phase).record(work);
    }

    void recordWaiting(final Duration waited) {
        timers.get(Phase.WAITING_FOR_WORKER).record(waited.isNegative() ? Duration.ZERO : waited);
    }

    void countOutcomes(final int successes, final int failures) {
        succeeded.increment(successes);
        failed.increment(failures);
    }
}
