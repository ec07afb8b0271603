package io.cpsng.measure;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Follows a run once a second: handles registered (answered by the service), READY and LOCKED, and the READY
 * rate, as a progress line rewritten in place on a terminal (a line every few seconds otherwise), keeping
 * every sample for the throughput curve. READY and LOCKED come from the service's module-sync counters
 * (ncmp.module-sync.handles, per outcome) counted from the run's start; a service without them (the reference
 * system) is asked by id-search instead.
 */
final class ProgressMonitor {

    /** One sample: seconds since the run started and the counts then. */
    record Sample(double seconds, int registered, int ready, int locked) {
    }

    private static final String SYNC_COUNTER = "ncmp.module-sync.handles";
    private static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final int PLAIN_LINE_EVERY = 5;

    private final ServiceClient serviceClient;
    private final Set<String> ownCmHandleIds;
    private final IntSupplier registered;
    private final PrintStream out;
    private final boolean terminal;
    private final double readyBaseline;
    private final double lockedBaseline;
    private final boolean countersPresent;
    private final List<Sample> samples = new ArrayList<>();
    private final CountDownLatch allReady = new CountDownLatch(1);
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(
        Thread.ofPlatform().name("measure-progress").daemon(true).factory());
    private volatile long startNanos;
    private int sampleNumber;

    ProgressMonitor(final ServiceClient serviceClient, final Set<String> ownCmHandleIds, final IntSupplier registered,
                    final PrintStream out, final boolean terminal) {
        this.serviceClient = serviceClient;
        this.ownCmHandleIds = ownCmHandleIds;
        this.registered = registered;
        this.out = out;
        this.terminal = terminal;
        final OptionalDouble readyCounter = serviceClient.metric(SYNC_COUNTER, "outcome:success");
        this.countersPresent = readyCounter.isPresent();
        this.readyBaseline = readyCounter.orElse(0);
        this.lockedBaseline = serviceClient.metric(SYNC_COUNTER, "outcome:failure").orElse(0);
    }

    void start(final long runStartNanos) {
        startNanos = runStartNanos;
        sampler.scheduleWithFixedDelay(this::sampleOnce, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits until every handle of the run counts as READY; false when the timeout came first. */
    boolean awaitAllReady(final Duration timeout) throws InterruptedException {
        return allReady.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops following, ends the progress line and returns the samples taken. */
    List<Sample> stop() {
        sampler.shutdown();
        try {
            sampler.awaitTermination(10, TimeUnit.SECONDS);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (terminal) {
            out.println();
        }
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    private void sampleOnce() {
        try {
            final Sample sample = sample();
            final Sample previous;
            synchronized (samples) {
                previous = samples.isEmpty() ? new Sample(0, 0, 0, 0) : samples.getLast();
                samples.add(sample);
            }
            if (terminal || sampleNumber % PLAIN_LINE_EVERY == 0 || sample.ready() >= ownCmHandleIds.size()) {
                out.print((terminal ? "\r" : "") + line(sample, previous) + (terminal ? "" : "\n"));
                out.flush();
            }
            if (sample.ready() >= ownCmHandleIds.size()) {
                allReady.countDown();
            }
            sampleNumber++;
        } catch (final MeasureException unanswered) {
            // one missed sample is no reason to give up the run: the next one may be answered
            out.println();
            out.println("Progress not read: " + unanswered.getMessage());
        }
    }

    private Sample sample() {
        final double seconds = (System.nanoTime() - startNanos) / 1e9;
        final int registeredNow = registered.getAsInt();
        if (countersPresent) {
            final int ready = (int) (serviceClient.metric(SYNC_COUNTER, "outcome:success").orElse(0) - readyBaseline);
            final int locked = (int) (serviceClient.metric(SYNC_COUNTER, "outcome:failure").orElse(0)
                - lockedBaseline);
            return new Sample(seconds, registeredNow, ready, locked);
        }
        final Set<String> ready = serviceClient.readyCmHandleIds();
        ready.retainAll(ownCmHandleIds);
        return new Sample(seconds, registeredNow, ready.size(), 0);
    }

    private String line(final Sample sample, final Sample previous) {
        final double interval = sample.seconds() - previous.seconds();
        final double rate = interval <= 0 ? 0 : (sample.ready() - previous.ready()) / interval;
        return String.format(Locale.ROOT, "registered %,d/%,d  READY %,d  LOCKED %,d  %,.0f READY/s  %.1f s   ",
            sample.registered(), ownCmHandleIds.size(), sample.ready(), sample.locked(), rate, sample.seconds());
    }
}
