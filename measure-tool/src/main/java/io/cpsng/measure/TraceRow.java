package io.cpsng.measure;

/** One phase of one handle: from start to end, in microseconds since the epoch. */
public record TraceRow(String cmHandleId, String phase, long startMicros, long endMicros) {

    /** The phase the tool itself records: a handle's registration request, from sending to the answer. */
    public static final String REGISTRATION_REQUEST = "registration-request";
    /** The service's phase that ends a handle's sync: its READY (or LOCKED) state is written. */
    public static final String STATE_WRITE = "state-write";

    public long micros() {
        return endMicros - startMicros;
    }
}
