package io.cpsng.ncmp.dmi;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of plugin answers this instance holds while reading them, all calls together: each answer under
 * ncmp.dmi.max-response-size still ran a 1 GB heap out when 16 came at once. A reservation that would pass the
 * limit is refused, not waited for: the bytes arrive on the HTTP client's own threads, which must not block.
 */
final class AnswerBytesBudget {

    private final long limit;
    private final AtomicLong reserved = new AtomicLong();

    AnswerBytesBudget(final long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    /** Takes the bytes from the budget if they fit in what is left of it. */
    boolean tryReserve(final long bytes) {
        long current = reserved.get();
        while (current + bytes <= limit) {
            if (reserved.compareAndSet(current, current + bytes)) {
                return true;
            }
            current = reserved.get();
        }
        return false;
    }

    void release(final long bytes) {
        reserved.addAndGet(-bytes);
    }

    /** What all answers being read hold now. */
    long reserved() {
        return reserved.get();
    }
}
