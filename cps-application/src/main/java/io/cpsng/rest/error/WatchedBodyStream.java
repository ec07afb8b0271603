package io.cpsng.rest.error;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;

/**
 * A request body passed through to its reader while a filter watches each byte read (its size, its text), and
 * fails the read with an IOException the error advice answers. Subclasses say what they watch for.
 */
abstract class WatchedBodyStream extends ServletInputStream {

    private final ServletInputStream body;

    WatchedBodyStream(final ServletInputStream body) {
        this.body = body;
    }

    /** Each byte read, in order. */
    abstract void watch(byte next) throws IOException;

    /** The bytes of one read, in order; a watcher that needs only their number overrides this. */
    void watch(final byte[] buffer, final int start, final int count) throws IOException {
        for (int index = start; index < start + count; index++) {
            watch(buffer[index]);
        }
    }

    /** The body ended. */
    void watchEnd() throws IOException {
    }

    @Override
    public int read() throws IOException {
        final int next = body.read();
        if (next >= 0) {
            watch((byte) next);
        } else {
            watchEnd();
        }
        return next;
    }

    @Override
    public int read(final byte[] buffer, final int start, final int length) throws IOException {
        final int count = body.read(buffer, start, length);
        if (count < 0) {
            watchEnd();
        } else {
            watch(buffer, start, count);
        }
        return count;
    }

    @Override
    public boolean isFinished() {
        return body.isFinished();
    }

    @Override
    public boolean isReady() {
        return body.isReady();
    }

    @Override
    public void setReadListener(final ReadListener readListener) {
        body.setReadListener(readListener);
    }

    @Override
    public int available() throws IOException {
        return body.available();
    }
}
