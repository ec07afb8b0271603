package io.cpsng.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends batches of handles (numbered 1 to N, in batches of B) from C client threads, each taking the next
 * batch when its previous one is answered, as C independent clients would.
 */
final class BatchRunner {

    /** The request of handles first to last: returns how many of them the service refused. */
    interface BatchRequest {
        int send(int first, int last);
    }

    /** When one batch was sent and answered, in microseconds since the epoch. */
    record BatchTiming(int first, int last, long startMicros, long endMicros) {
    }

    /** All batches: how long they took, the requests and handles that failed, and each batch's timing. */
    record Outcome(double seconds, long startMicros, long endMicros, int failedRequests, int refusedHandles,
                   List<BatchTiming> timings) {
    }

    private final int handles;
    private final int batchSize;
    private final int clients;
    private final AtomicInteger answeredHandles = new AtomicInteger();

    BatchRunner(final int handles, final int batchSize, final int clients) {
        this.handles = handles;
        this.batchSize = batchSize;
        this.clients = clients;
    }

    /** Handles whose request has been answered so far (for the progress line). */
    int answeredHandles() {
        return answeredHandles.get();
    }

    Outcome run(final BatchRequest request) {
        final AtomicInteger nextFirst = new AtomicInteger(1);
        final AtomicInteger failedRequests = new AtomicInteger();
        final AtomicInteger refusedHandles = new AtomicInteger();
        final AtomicLong lastEnd = new AtomicLong();
        final List<BatchTiming> timings = Collections.synchronizedList(new ArrayList<>());
        final long startNanos = System.nanoTime();
        final long startMicros = Clock.epochMicros();
        try (ExecutorService clientThreads = Executors.newFixedThreadPool(clients,
            Thread.ofPlatform().name("measure-client-", 1).daemon(true).factory())) {
            final List<Future<?>> running = new ArrayList<>();
            for (int client = 0; client < clients; client++) {
                running.add(clientThreads.submit(() -> {
                    int first;
                    while ((first = nextFirst.getAndAdd(batchSize)) <= handles) {
                        final int last = Math.min(first + batchSize - 1, handles);
                        final long batchStart = Clock.epochMicros();
                        final int refused = request.send(first, last);
                        final long batchEnd = Clock.epochMicros();
                        lastEnd.accumulateAndGet(batchEnd, Math::max);
                        timings.add(new BatchTiming(first, last, batchStart, batchEnd));
                        if (refused > 0) {
                            failedRequests.incrementAndGet();
                            refusedHandles.addAndGet(refused);
                        }
                        answeredHandles.addAndGet(last - first + 1);
                    }
                }));
            }
            running.forEach(BatchRunner::await);
        }
        return new Outcome((System.nanoTime() - startNanos) / 1e9, startMicros, lastEnd.get(), failedRequests.get(),
            refusedHandles.get(), List.copyOf(timings));
    }

    private static void await(final Future<?> client) {
        try {
            client.get();
        } catch (final ExecutionException failure) {
            if (failure.getCause() instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            throw new MeasureException("A client failed: " + failure.getCause(), failure.getCause());
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new MeasureException("Interrupted while sending requests", interrupted);
        }
    }
}
