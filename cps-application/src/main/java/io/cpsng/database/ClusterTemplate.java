package io.cpsng.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * New data folders as copies of one database cluster that initdb made once per binaries and settings, kept beside
 * the unpacked binaries. A start is bound by the CPU (docs/performance.md, "Where a start's CPU goes"): initdb's
 * bootstrap took about a second of it, copying its 39 MB a tenth to a third of that. A copy counts once it is whole:
 * a marker in the folder, removed at the end, has a start after an interrupted copy (kill -9, a power loss) make it
 * again.
 */
final class ClusterTemplate {

    private static final Logger LOGGER = LoggerFactory.getLogger(ClusterTemplate.class);
    private static final Duration INITDB_TIMEOUT = Duration.ofSeconds(60);
    private static final String VERSION_FILE = "PG_VERSION";
    private static final String COPYING_MARKER = ".copying-cluster-template";

    private ClusterTemplate() {
    }

    /** Whether the folder holds a cluster: PG_VERSION, by which PostgreSQL knows one, and no copy under way. */
    static boolean holdsCluster(final Path dataDirectory) {
        return Files.exists(dataDirectory.resolve(VERSION_FILE))
            && !Files.exists(dataDirectory.resolve(COPYING_MARKER));
    }

    /**
     * Makes the empty folder, or one a copy was interrupted in, a new database cluster; durable, all of it is on disk
     * before the copy counts as done. Refuses a folder holding anything else, as initdb does.
     */
    static void initialise(final PostgresBinaries binaries, final Path dataDirectory, final List<String> settings,
                           final boolean durable) {
        try {
            final Path template = template(binaries, settings);
            clearInterruptedCopy(dataDirectory);
            final Path marker = dataDirectory.resolve(COPYING_MARKER);
            Files.createFile(marker);
            if (durable) {
                syncFolder(dataDirectory);
            }
            copyTree(template, dataDirectory);
            // PostgreSQL refuses a data folder others may read
            Files.setPosixFilePermissions(dataDirectory, PosixFilePermissions.fromString("rwx------"));
            if (durable) {
                PostgresProcess.run(binaries, "initdb", List.of("--sync-only", "-D", dataDirectory.toString()),
                    INITDB_TIMEOUT);
            }
            Files.delete(marker);
            if (durable) {
                // a marker back after a power loss would have the next start copy over the data written since
                syncFolder(dataDirectory);
            }
        } catch (final IOException copyFailure) {
            throw new UncheckedIOException(copyFailure);
        }
    }

    private static Path template(final PostgresBinaries binaries, final List<String> settings) throws IOException {
        // the settings name the template: a release that makes its clusters otherwise gets a template of its own
        final Path template = binaries.home().resolve("cluster-" + HexFormat.of().toHexDigits(settings.hashCode()));
        return FolderMadeOnce.get(template, VERSION_FILE, folder -> {
            LOGGER.info("Making the template of new databases with initdb in {}", template);
            final List<String> arguments = new ArrayList<>(settings);
            arguments.addAll(List.of("--no-sync", "-D", folder.toString()));
            PostgresProcess.run(binaries, "initdb", arguments, INITDB_TIMEOUT);
        });
    }

    private static void clearInterruptedCopy(final Path dataDirectory) throws IOException {
        final List<Path> entries;
        try (Stream<Path> children = Files.list(dataDirectory)) {
            entries = children.toList();
        }
        if (entries.isEmpty()) {
            return;
        }
        if (!Files.exists(dataDirectory.resolve(COPYING_MARKER))) {
            throw new IllegalStateException("the folder is not empty and holds no PostgreSQL database");
        }
        LOGGER.info("Copying the template into {} again: the last copy was interrupted", dataDirectory);
        for (final Path entry : entries) {
            FolderMadeOnce.deleteTree(entry);
        }
    }

    private static void copyTree(final Path template, final Path dataDirectory) throws IOException {
        try (Stream<Path> paths = Files.walk(template)) {
            // parents before their children; the folder itself exists
            for (final Path source : paths.skip(1).toList()) {
                Files.copy(source, dataDirectory.resolve(template.relativize(source).toString()),
                    StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    private static void syncFolder(final Path folder) throws IOException {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
