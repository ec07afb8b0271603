package io.cpsng.ncmp.data;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Request ids and event ids of the data path: random (version 4) UUIDs as the reference's, drawn from the thread's
 * own generator. They name, they do not guard: UUID.randomUUID's shared SecureRandom is one lock, and under a batch
 * read load the threads answering requests spent most of their time waiting for it.
 */
final class RequestIds {

    private static final long VERSION_MASK = 0xFFFFFFFFFFFF0FFFL;
    private static final long VERSION_4 = 0x0000000000004000L;
    private static final long VARIANT_MASK = 0x3FFFFFFFFFFFFFFFL;
    private static final long VARIANT_IETF = 0x8000000000000000L;

    private RequestIds() {
    }

    static String next() {
        final ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong() & VERSION_MASK | VERSION_4, random.nextLong() & VARIANT_MASK | VARIANT_IETF)
            .toString();
    }
}
