package io.cpsng.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A folder that several processes may need at once and only one must make: each makes it in a folder of its own
 * beside it and moves that into place in one step; a process that loses the move uses the winner's and deletes its
 * own. So a folder under the name is always whole.
 */
final class FolderMadeOnce {

    /** Fills the given (new, empty) folder; what it leaves there becomes the folder made. */
    @FunctionalInterface
    interface Maker {
        void make(Path folder) throws IOException;
    }

    private static final Logger LOGGER = LoggerFactory.getLogger(FolderMadeOnce.class);
    private static final String MAKING = "making-";
    private static final Duration ABANDONED_AFTER = Duration.ofMinutes(10);

    private FolderMadeOnce() {
    }

    /** The folder, made by the maker unless it exists; whether it exists is judged by the file named. */
    static Path get(final Path folder, final String fileItHolds, final Maker maker) throws IOException {
        Files.createDirectories(folder.getParent());
        deleteAbandoned(folder.getParent());
        if (Files.exists(folder.resolve(fileItHolds))) {
            return folder;
        }
        final Path making = Files.createTempDirectory(folder.getParent(), MAKING);
        try {
            final Path made = making.resolve("made");
            Files.createDirectory(made);
            maker.make(made);
            Files.move(made, folder, StandardCopyOption.ATOMIC_MOVE);
        } catch (final FileAlreadyExistsException | AtomicMoveNotSupportedException madeByAnother) {
            // another process moved its folder into place first: that one is used
        } catch (final IOException moveFailure) {
            if (!Files.isDirectory(folder)) {
                throw moveFailure;
            }
        } finally {
            deleteTree(making);
        }
        return folder;
    }

    /**
     * The folders of makers that died (kill -9), tens of MB each: a making takes seconds, one this old is no one's.
     * Another process may be deleting them too; whatever cannot be deleted now is left for the next start.
     */
    private static void deleteAbandoned(final Path parent) {
        final FileTime abandonedBefore = FileTime.from(Instant.now().minus(ABANDONED_AFTER));
        try (Stream<Path> siblings = Files.list(parent)) {
            for (final Path sibling : siblings.filter(path -> path.getFileName().toString().startsWith(MAKING))
                .toList()) {
                if (Files.getLastModifiedTime(sibling).compareTo(abandonedBefore) < 0) {
                    deleteTree(sibling);
                }
            }
        } catch (final IOException | UncheckedIOException notDeletedNow) {
            LOGGER.debug("An abandoned folder in {} is left for the next start", parent, notDeletedNow);
        }
    }

    static void deleteTree(final Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
