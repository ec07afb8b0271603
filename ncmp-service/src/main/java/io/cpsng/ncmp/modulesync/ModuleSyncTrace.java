package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.api.model.ModuleSyncTraceRow;
import io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The trace of module sync: a row (handle, phase, start, end) for every phase each handle went through, in a
 * ring of fixed capacity that drops the oldest rows when full. Rows are held in parallel arrays, not as an
 * object each: 500,000 rows take about 10 MB besides the ids, which are the strings the handles already have.
 *
 * <p>A phase done for many handles at once is recorded with one lock for all its rows, so a batch of 200
 * handles costs one lock, not 200. Reads copy the rows under the lock and build the result after releasing it.
 */
@Component
class ModuleSyncTrace {

    private final int capacity;
    private final String[] cmHandleIds;
    private final byte[] phaseOrdinals;
    private final long[] startMicros;
    private final long[] endMicros;
    // not synchronized: DMI calls record their rows from virtual threads, which a monitor pins on Java 21
    private final Lock lock = new ReentrantLock();
    private int nextIndex;
    private int size;

    @Autowired
    ModuleSyncTrace(final ModuleSyncProperties moduleSyncProperties) {
        this(moduleSyncProperties.traceCapacity());
    }

    ModuleSyncTrace(final int capacity) {
        this.capacity = capacity;
        cmHandleIds = new String[capacity];
        phaseOrdinals = new byte[capacity];
        startMicros = new long[capacity];
        endMicros = new long[capacity];
    }

    /** Microseconds since the epoch: the unit of the trace, the precision of PostgreSQL's timestamps. */
    static long epochMicros(final Instant instant) {
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
    }

    /** Records the phase of every handle, all with the same start and end. */
    void record(final Phase phase, final Collection<String> phaseCmHandleIds, final long phaseStartMicros,
                final long phaseEndMicros) {
        if (capacity == 0 || phaseCmHandleIds.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            for (final String cmHandleId : phaseCmHandleIds) {
                append(cmHandleId, phase, phaseStartMicros, phaseEndMicros);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records the phase of every handle, each with its own start (the same index) and all with the same end. */
    void record(final Phase phase, final List<String> phaseCmHandleIds, final long[] phaseStartMicros,
                final long phaseEndMicros) {
        if (capacity == 0 || phaseCmHandleIds.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            for (int index = 0; index < phaseCmHandleIds.size(); index++) {
                append(phaseCmHandleIds.get(index), phase, phaseStartMicros[index], phaseEndMicros);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The rows whose phase ended at or after the given time, in the order they were recorded. */
    List<ModuleSyncTraceRow> rowsEndingSince(final long sinceMicros) {
        if (capacity == 0) {
            return List.of();
        }
        final String[] copiedIds;
        final byte[] copiedPhases;
        final long[] copiedStarts;
        final long[] copiedEnds;
        lock.lock();
        try {
            copiedIds = oldestFirst(cmHandleIds, new String[size]);
            copiedPhases = oldestFirst(phaseOrdinals, new byte[size]);
            copiedStarts = oldestFirst(startMicros, new long[size]);
            copiedEnds = oldestFirst(endMicros, new long[size]);
        } finally {
            lock.unlock();
        }
        final Phase[] phases = Phase.values();
        final List<ModuleSyncTraceRow> rows = new ArrayList<>();
        for (int index = 0; index < copiedIds.length; index++) {
            if (copiedEnds[index] >= sinceMicros) {
                rows.add(new ModuleSyncTraceRow(copiedIds[index], phases[copiedPhases[index]].tag(),
                    copiedStarts[index], copiedEnds[index]));
            }
        }
        return rows;
    }

    // callers hold the lock
    private void append(final String cmHandleId, final Phase phase, final long rowStartMicros,
                        final long rowEndMicros) {
        cmHandleIds[nextIndex] = cmHandleId;
        phaseOrdinals[nextIndex] = (byte) phase.ordinal();
        startMicros[nextIndex] = rowStartMicros;
        endMicros[nextIndex] = rowEndMicros;
        nextIndex = (nextIndex + 1) % capacity;
        size = Math.min(size + 1, capacity);
    }

    /** Copies the rows held in one of the arrays into the target, oldest first; callers hold the lock. */
    private <A> A oldestFirst(final A source, final A target) {
        final int oldestIndex = (nextIndex - size + capacity) % capacity;
        final int untilEnd = Math.min(size, capacity - oldestIndex);
        System.arraycopy(source, oldestIndex, target, 0, untilEnd);
        System.arraycopy(source, 0, target, untilEnd, size - untilEnd);
        return target;
    }
}
