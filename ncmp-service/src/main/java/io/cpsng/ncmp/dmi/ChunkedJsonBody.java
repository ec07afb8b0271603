package io.cpsng.ncmp.dmi;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request body written as JSON into chunks, the first of 1 KB (most DMI calls are small), each next twice as large
 * up to 64 KB. A write job's sub-job of 100,000 operations is 23 MB: as one array, G1 allocates it outside the young
 * generation, in regions of its own (while large jobs ran, collections started by such allocations took half the
 * pause time), and the HTTP client copies it once more to send it. In chunks, it is sent from them as they are.
 */
final class ChunkedJsonBody extends OutputStream {

    private static final int FIRST_CHUNK_BYTES = 1024;
    private static final int MOST_CHUNK_BYTES = 64 * 1024;

    private final List<byte[]> fullChunks = new ArrayList<>();
    private byte[] chunk = new byte[FIRST_CHUNK_BYTES];
    private int used;
    private long fullBytes;

    private ChunkedJsonBody() {
    }

    /** The body as the HTTP client publishes it, with its length. */
    static HttpRequest.BodyPublisher of(final JsonMapper jsonMapper, final Object body) {
        final ChunkedJsonBody chunks = new ChunkedJsonBody();
        jsonMapper.writeValue(chunks, body);
        if (chunks.fullChunks.isEmpty()) {
            return HttpRequest.BodyPublishers.ofByteArray(chunks.chunk, 0, chunks.used);
        }
        return HttpRequest.BodyPublishers.fromPublisher(
            HttpRequest.BodyPublishers.ofInputStream(chunks::inputStream), chunks.fullBytes + chunks.used);
    }

    @Override
    public void write(final int next) {
        if (used == chunk.length) {
            nextChunk();
        }
        chunk[used++] = (byte) next;
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) {
        int written = 0;
        while (written < length) {
            if (used == chunk.length) {
                nextChunk();
            }
            final int count = Math.min(length - written, chunk.length - used);
            System.arraycopy(bytes, offset + written, chunk, used, count);
            used += count;
            written += count;
        }
    }

    private void nextChunk() {
        fullChunks.add(chunk);
        fullBytes += chunk.length;
        chunk = new byte[Math.min(MOST_CHUNK_BYTES, chunk.length * 2)];
        used = 0;
    }

    /** The bytes written, from the first; a new stream each time, as the client may send the body again. */
    private InputStream inputStream() {
        final List<InputStream> parts = new ArrayList<>(fullChunks.size() + 1);
        fullChunks.forEach(full -> parts.add(new ByteArrayInputStream(full)));
        parts.add(new ByteArrayInputStream(chunk, 0, used));
        return new SequenceInputStream(Collections.enumeration(parts));
    }
}
