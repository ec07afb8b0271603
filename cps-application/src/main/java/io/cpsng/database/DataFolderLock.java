package io.cpsng.database;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Marks the data folder as this service's for as long as the JVM lives: an operating-system lock on a file beside the
 * folder, which the kernel releases when the process ends however it ends (kill -9 included). So a start that gets
 * the lock knows that no live service uses the folder, and a PostgreSQL still running on it was left by a dead one.
 * The file holds the owner's PID, for the message a second service on the folder gives.
 */
final class DataFolderLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private DataFolderLock(final FileChannel channel, final FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Creates the folder if needed and locks it; refuses a folder that cannot be written or is in use. */
    static DataFolderLock acquire(final Path dataDirectory) {
        final Path lockFile = dataDirectory.resolveSibling(dataDirectory.getFileName() + ".lock");
        final FileChannel channel;
        try {
            Files.createDirectories(dataDirectory);
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        } catch (final IOException | SecurityException notWritable) {
            throw new EmbeddedPostgresException("The data folder " + dataDirectory + " cannot be written: "
                + notWritable, "Give the service a folder it can write (cps.embedded-postgres.data-directory).",
                notWritable);
        }
        try {
            final FileLock lock = tryLock(channel);
            if (lock == null) {
                final String owner = new String(Files.readAllBytes(lockFile), StandardCharsets.UTF_8).trim();
                channel.close();
                throw new EmbeddedPostgresException("The data folder " + dataDirectory
                    + " is in use by another running service (PID " + (owner.isEmpty() ? "unknown" : owner) + ")",
                    "Stop that service first, or give this one a folder of its own "
                        + "(cps.embedded-postgres.data-directory).");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(String.valueOf(ProcessHandle.current().pid())
                .getBytes(StandardCharsets.UTF_8)), 0);
            return new DataFolderLock(channel, lock);
        } catch (final IOException lockFailure) {
            throw new EmbeddedPostgresException("The data folder " + dataDirectory + " cannot be locked: "
                + lockFailure, "Give the service a folder on a local file system it can write.", lockFailure);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (final IOException alreadyClosed) {
            // the lock goes with the channel
        }
    }

    private static FileLock tryLock(final FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (final OverlappingFileLockException lockedInThisJvm) {
            return null;
        }
    }
}
