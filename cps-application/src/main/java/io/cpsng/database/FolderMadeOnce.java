package io.cpsng.database;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

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

    private FolderMadeOnce() {
    }

    /** The folder, made by the maker unless it exists; whether it exists is judged by the file named. */
    static Path get(final Path folder, final String fileItHolds, final Maker maker) throws IOException {
        if (Files.exists(folder.resolve(fileItHolds))) {
            return folder;
        }
        Files.createDirectories(folder.getParent());
        final Path making = Files.createTempDirectory(folder.getParent(), "making-");
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

    static void deleteTree(final Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
