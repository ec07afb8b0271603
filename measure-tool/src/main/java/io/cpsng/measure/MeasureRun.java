package io.cpsng.measure;

import io.cpsng.dmistub.DmiStub;
import io.cpsng.dmistub.DmiStubSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One run: registers the handles from the clients while following them to READY, reads the service's trace
 * of their sync, writes trace.csv, progress.csv and timeline.png, and deregisters them (timed). The tool's
 * command line and the NCMP performance specs both run it.
 */
public final class MeasureRun {

    private final MeasureOptions options;
    private final PrintStream out;
    private final boolean terminal;

    public MeasureRun(final MeasureOptions options, final PrintStream out, final boolean terminal) {
        this.options = options;
        this.out = out;
        this.terminal = terminal;
    }

    public MeasureResult run() {
        final ServiceClient serviceClient = new ServiceClient(options.serviceUrl(), options.username(),
            options.password());
        serviceClient.readyCmHandleIds(); // fails early, and clearly, on a wrong URL or password
        final DmiStub ownStub = options.dmiUrl() == null ? DmiStub.start(options.dmiPort(), DmiStubSettings.DEFAULTS
            .withModulesDelayMs(options.dmiDelayMs()).withResourcesDelayMs(options.dmiResourcesDelayMs())) : null;
        final Integer configuredParallelism = serviceClient.moduleSyncParallelism();
        try {
            final URI dmiUrl = ownStub == null ? options.dmiUrl() : URI.create(ownStub.baseUrl());
            setParallelism(serviceClient, configuredParallelism);
            out.println("Measure run: " + options.describe());
            return measure(serviceClient, dmiUrl);
        } finally {
            if (options.parallelism() != null && configuredParallelism != null) {
                serviceClient.setModuleSyncParallelism(configuredParallelism);
            }
            if (ownStub != null) {
                ownStub.stop();
            }
        }
    }

    private void setParallelism(final ServiceClient serviceClient, final Integer configuredParallelism) {
        if (options.parallelism() == null) {
            return;
        }
        if (configuredParallelism == null) {
            throw new MeasureException("The service does not let its module-sync parallelism be set "
                + "(no /actuator/modulesync); leave --parallelism out");
        }
        serviceClient.setModuleSyncParallelism(options.parallelism());
    }

    private MeasureResult measure(final ServiceClient serviceClient, final URI dmiUrl) {
        final HandleLoad load = new HandleLoad(options.handlePrefix(), options.handles(), options.tags());
        final List<String> cmHandleIds = load.cmHandleIds();
        final Set<String> ownCmHandleIds = new HashSet<>(cmHandleIds);
        final BatchRunner registration = new BatchRunner(options.handles(), options.batchSize(), options.clients());
        final ProgressMonitor progress = new ProgressMonitor(serviceClient, ownCmHandleIds,
            registration::answeredHandles, out, terminal);
        final OptionalDouble cpuBefore = serviceClient.processCpuSeconds();
        final Instant runStart = Instant.now();
        final long runStartNanos = System.nanoTime();
        progress.start(runStartNanos);
        final BatchRunner.Outcome registered = registration.run((first, last) ->
            serviceClient.register(dmiUrl, load.cmHandles(first, last)));
        awaitAllReady(progress);
        final double readySecondsPolled = (System.nanoTime() - runStartNanos) / 1e9;
        final OptionalDouble cpuAfter = serviceClient.processCpuSeconds();
        final List<ProgressMonitor.Sample> samples = progress.stop();
        final Set<String> ready = serviceClient.readyCmHandleIds();
        ready.retainAll(ownCmHandleIds);

        final List<TraceRow> trace = ownTrace(serviceClient, runStart, ownCmHandleIds, load, registered);
        final long lastStateWrite = trace.stream().filter(row -> TraceRow.STATE_WRITE.equals(row.phase()))
            .mapToLong(TraceRow::endMicros).max().orElse(0);
        final boolean allReady = ready.size() == options.handles();
        // the trace's last state write is exact; polling only knows it to within a second
        final double readySeconds = !allReady ? Double.NaN : lastStateWrite > 0
            ? (lastStateWrite - registered.startMicros()) / 1e6 : readySecondsPolled;
        final double readyAfterLastCall = !allReady ? Double.NaN
            : readySeconds - (registered.endMicros() - registered.startMicros()) / 1e6;
        writeFiles(cmHandleIds, trace, samples, registered.startMicros());

        final BatchRunner.Outcome deregistered = options.deregister()
            ? new BatchRunner(options.handles(), options.batchSize(), options.clients()).run((first, last) ->
                serviceClient.deregister(dmiUrl, cmHandleIds.subList(first - 1, last)))
            : null;
        final int cores = (int) serviceClient.metric("system.cpu.count", null).orElse(0);
        final double cpuCoresBusy = cpuBefore.isPresent() && cpuAfter.isPresent()
            ? (cpuAfter.getAsDouble() - cpuBefore.getAsDouble()) / readySecondsPolled : Double.NaN;
        final int lockedEvents = samples.isEmpty() ? 0 : samples.getLast().locked();
        final MeasureResult result = new MeasureResult(options.handles(), registered.seconds(), readySeconds,
            readyAfterLastCall, ready.size(), lockedEvents,
            registered.failedRequests() + (deregistered == null ? 0 : deregistered.failedRequests()),
            registered.refusedHandles() + (deregistered == null ? 0 : deregistered.refusedHandles()),
            deregistered == null ? Double.NaN : deregistered.seconds(), cpuCoresBusy, cores, PhaseSummary.of(trace));
        result.phases().lines().forEach(out::println);
        result.lines().forEach(out::println);
        out.println("Files: " + options.outputDirectory().resolve("trace.csv") + ", progress.csv, timeline.png");
        return result;
    }

    private void awaitAllReady(final ProgressMonitor progress) {
        try {
            if (!progress.awaitAllReady(options.timeout())) {
                out.println();
                out.println("Not every handle was READY within " + options.timeout().toSeconds() + " s");
            }
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new MeasureException("Interrupted while waiting for READY", interrupted);
        }
    }

    /**
     * The service's trace rows of this run's handles, with the tool's own rows: each handle's registration
     * request. A service without a trace gives only the tool's rows.
     */
    private List<TraceRow> ownTrace(final ServiceClient serviceClient, final Instant runStart,
                                    final Set<String> ownCmHandleIds, final HandleLoad load,
                                    final BatchRunner.Outcome registered) {
        final List<TraceRow> trace = new ArrayList<>();
        for (final BatchRunner.BatchTiming batch : registered.timings()) {
            for (int number = batch.first(); number <= batch.last(); number++) {
                trace.add(new TraceRow(load.cmHandleId(number), TraceRow.REGISTRATION_REQUEST, batch.startMicros(),
                    batch.endMicros()));
            }
        }
        try {
            serviceClient.trace(runStart).stream().filter(row -> ownCmHandleIds.contains(row.cmHandleId()))
                .forEach(trace::add);
        } catch (final MeasureException noTrace) {
            out.println("No service trace: " + noTrace.getMessage());
        }
        return trace;
    }

    private void writeFiles(final List<String> cmHandleIds, final List<TraceRow> trace,
                            final List<ProgressMonitor.Sample> samples, final long runStartMicros) {
        final Path directory = options.outputDirectory();
        try {
            Files.createDirectories(directory);
            final List<String> progressLines = new ArrayList<>();
            progressLines.add("seconds,registered,ready,locked");
            samples.forEach(sample -> progressLines.add(String.format(Locale.ROOT, "%.3f,%d,%d,%d", sample.seconds(),
                sample.registered(), sample.ready(), sample.locked())));
            Files.write(directory.resolve("progress.csv"), progressLines, StandardCharsets.UTF_8);
        } catch (final IOException unwritable) {
            throw new UncheckedIOException("Could not write into " + directory, unwritable);
        }
        TraceCsv.write(directory.resolve("trace.csv"), trace);
        TimelineChart.write(directory.resolve("timeline.png"), cmHandleIds, options.sampledHandles(), trace, samples,
            runStartMicros, String.format(Locale.ROOT, "%,d handles, batches of %,d, %d clients, %s",
                options.handles(), options.batchSize(), options.clients(),
                options.tags() == 0 ? "no tags" : options.tags() + " tags"));
    }
}
