package io.cpsng.ncmp.api.model;

import java.time.Duration;

/** Module sync's settings as they are now: parallelism can change at runtime, the others are configured. */
public record ModuleSyncSettings(int parallelism, int batchSize, Duration interval, int traceCapacity) {
}
