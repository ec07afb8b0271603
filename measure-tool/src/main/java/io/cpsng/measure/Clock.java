package io.cpsng.measure;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Wall-clock time in microseconds since the epoch: the unit of the service's trace. */
final class Clock {

    private Clock() {
    }

    static long epochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
