package io.cpsng.cps.ri;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Decodes the text of a read's rows (xpath, leaves) while the rows still stream in. Decoding the leaves' JSON took
 * as long as reading the rows (86,000 fragments: 60-230 ms after 140-200 ms), so chunks of rows go to threads of
 * their own as they arrive and the decoding overlaps with the driver's work and PostgreSQL's: 0.56 of the raw read
 * limit decoding in line, 0.75 so. At the end the reader decodes, in its own thread, every chunk no thread has
 * started yet: a read never waits behind other reads' chunks, and under load, with the threads busy, it costs what
 * decoding in line costs.
 */
@Component
class FragmentDecoder implements DisposableBean {

    static final int CHUNK_SIZE = 2_000;

    private final ExecutorService executor;

    FragmentDecoder() {
        // one core is left to the thread reading the rows
        final AtomicInteger threadNumber = new AtomicInteger();
        final int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        executor = Executors.newFixedThreadPool(threads, runnable -> {
            final Thread thread = new Thread(runnable, "fragment-decoder-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The decoding of one read: rows are added in the order they come, then {@link Decoding#finish} waits. */
    Decoding start() {
        return new Decoding();
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }

    final class Decoding {

        private final List<FutureTask<Void>> chunks = new ArrayList<>();
        // sized as it grows: most reads are of a few rows; once a chunk is full, the next is a full chunk's size
        private List<FragmentNode> pending = new ArrayList<>();

        void add(final FragmentNode fragmentNode) {
            pending.add(fragmentNode);
            if (pending.size() == CHUNK_SIZE) {
                final List<FragmentNode> chunk = pending;
                final FutureTask<Void> task = new FutureTask<>(() -> chunk.forEach(FragmentNode::decode), null);
                chunks.add(task);
                executor.execute(task);
                pending = new ArrayList<>(CHUNK_SIZE);
            }
        }

        /** Drops the chunks not yet started: the read failed. */
        void cancel() {
            chunks.forEach(chunk -> chunk.cancel(false));
        }

        /** Decodes the rest here, runs the chunks not yet started and waits for the others; a failure is thrown. */
        void finish() {
            pending.forEach(FragmentNode::decode);
            for (final FutureTask<Void> chunk : chunks) {
                // a task already started or done ignores run(); one still queued runs here and is skipped there
                chunk.run();
                try {
                    chunk.get();
                } catch (final InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while decoding the rows of a read", interrupted);
                } catch (final ExecutionException decodingFailure) {
                    throw decodingFailure.getCause() instanceof RuntimeException runtimeException
                        ? runtimeException : new IllegalStateException(decodingFailure.getCause());
                }
            }
        }
    }
}
