package io.cpsng.ncmp.api.model;

/**
 * One phase of one handle's module sync, named as in the tag of the ncmp.module-sync.phase timer
 * (waiting-for-worker, dmi-module-references, ...), with its wall-clock start and end in microseconds since
 * the epoch. A phase done once for many handles (a module set's DMI call, a batch's state write) has a row
 * for each of them.
 */
public record ModuleSyncTraceRow(String cmHandleId, String phase, long startEpochMicros, long endEpochMicros) {
}
