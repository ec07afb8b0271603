package io.cpsng.measure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a handle's time went: per phase, the average time per handle and its share of the average
 * start-to-finish time (from its registration request being sent to its state being written). Where phases
 * overlap, the earlier one keeps the time. What no phase covers (waiting for a module set another worker is
 * fetching, gaps between phases) is "other".
 */
public record PhaseSummary(int handles, double startToFinishSeconds, Map<String, Double> averageSecondsByPhase) {

    /** The phases in the order a handle goes through them, with the names the summary shows. */
    public static final Map<String, String> PHASE_NAMES = phaseNames();
    public static final String OTHER = "other";

    /** The summary of the handles whose sync finished (a state-write row) among the rows. */
    public static PhaseSummary of(final Collection<TraceRow> rows) {
        final Map<String, Long> startByHandle = new HashMap<>();
        final Map<String, Long> finishByHandle = new HashMap<>();
        for (final TraceRow row : rows) {
            startByHandle.merge(row.cmHandleId(), row.startMicros(), Math::min);
            if (TraceRow.STATE_WRITE.equals(row.phase())) {
                finishByHandle.merge(row.cmHandleId(), row.endMicros(), Math::max);
            }
        }
        final int finished = finishByHandle.size();
        if (finished == 0) {
            return new PhaseSummary(0, 0, Map.of());
        }
        final Map<String, Long> microsByPhase = new HashMap<>();
        final Map<String, List<TraceRow>> rowsByHandle = new HashMap<>();
        for (final TraceRow row : rows) {
            if (finishByHandle.containsKey(row.cmHandleId())) {
                rowsByHandle.computeIfAbsent(row.cmHandleId(), id -> new ArrayList<>()).add(row);
            }
        }
        rowsByHandle.values().forEach(handleRows -> addExclusiveTimes(handleRows, microsByPhase));
        long startToFinishMicros = 0;
        for (final Map.Entry<String, Long> finish : finishByHandle.entrySet()) {
            startToFinishMicros += finish.getValue() - startByHandle.get(finish.getKey());
        }
        final double startToFinish = startToFinishMicros / 1e6 / finished;
        final Map<String, Double> averages = new LinkedHashMap<>();
        final List<String> phases = new ArrayList<>(PHASE_NAMES.keySet());
        microsByPhase.keySet().stream().filter(phase -> !PHASE_NAMES.containsKey(phase)).sorted().forEach(phases::add);
        double covered = 0;
        for (final String phase : phases) {
            final double average = microsByPhase.getOrDefault(phase, 0L) / 1e6 / finished;
            averages.put(phase, average);
            covered += average;
        }
        averages.put(OTHER, Math.max(0, startToFinish - covered));
        return new PhaseSummary(finished, startToFinish, averages);
    }

    /**
     * Adds each phase's time not already covered by an earlier phase of the handle: the service's queue wait
     * starts when the registration request wrote the handle, before the request was answered, and counting
     * the overlap twice would make the shares add up to more than the whole.
     */
    private static void addExclusiveTimes(final List<TraceRow> handleRows, final Map<String, Long> microsByPhase) {
        handleRows.sort(Comparator.comparingLong(TraceRow::startMicros));
        long coveredUntil = Long.MIN_VALUE;
        for (final TraceRow row : handleRows) {
            final long exclusiveStart = Math.max(row.startMicros(), coveredUntil);
            microsByPhase.merge(row.phase(), Math.max(0, row.endMicros() - exclusiveStart), Long::sum);
            coveredUntil = Math.max(coveredUntil, row.endMicros());
        }
    }

    public double share(final String phase) {
        return startToFinishSeconds == 0 ? 0 : averageSecondsByPhase.getOrDefault(phase, 0d) / startToFinishSeconds;
    }

    /** The table the tool prints: a line per phase with its average and share. */
    public List<String> lines() {
        final List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "Averages per handle (%,d handles; start to finish %.3f s):", handles,
            startToFinishSeconds));
        averageSecondsByPhase.forEach((phase, seconds) -> lines.add(String.format(Locale.ROOT,
            "  %-42s %9.3f s  %5.1f %%", PHASE_NAMES.getOrDefault(phase, phase), seconds, 100 * share(phase))));
        return lines;
    }

    private static Map<String, String> phaseNames() {
        final Map<String, String> names = new LinkedHashMap<>();
        names.put(TraceRow.REGISTRATION_REQUEST, "registration request");
        names.put("waiting-for-worker", "queued, waiting for a sync worker");
        names.put("dmi-module-references", "DMI module references");
        names.put("dmi-module-resources", "DMI module resources");
        names.put("schema-set-creation", "schema set creation");
        names.put(TraceRow.STATE_WRITE, "state writes");
        names.put(OTHER, "other (module-set locks, between phases)");
        return names;
    }
}
