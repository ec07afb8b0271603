package io.cpsng.config;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a real PostgreSQL from the binaries on the class path (io.zonky.test). The one way this
 * project starts an embedded database: for the demo with a kept data folder, for tests in a fresh one.
 */
public final class EmbeddedPostgresLauncher {

    private static final Logger LOGGER = LoggerFactory.getLogger(EmbeddedPostgresLauncher.class);

    private EmbeddedPostgresLauncher() {
    }

    /** Starts on a free port; with a data folder, keeps (or reuses) its data, without one, uses a fresh folder. */
    public static EmbeddedPostgres start(final Path dataDirectory) {
        try {
            final EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "200")
                .setServerConfig("shared_buffers", "256MB")
                .setServerConfig("work_mem", "16MB")
                .setServerConfig("maintenance_work_mem", "128MB")
                .setServerConfig("max_wal_size", "2GB")
                .setServerConfig("synchronous_commit", "off");
            if (dataDirectory != null) {
                Files.createDirectories(dataDirectory);
                builder.setDataDirectory(dataDirectory).setCleanDataDirectory(false);
            }
            final EmbeddedPostgres embeddedPostgres = builder.start();
            LOGGER.info("Embedded PostgreSQL started on port {} with data in {}", embeddedPostgres.getPort(),
                dataDirectory == null ? "a temporary folder" : dataDirectory.toAbsolutePath());
            return embeddedPostgres;
        } catch (final IOException startFailure) {
            throw new UncheckedIOException("Embedded PostgreSQL did not start", startFailure);
        }
    }
}
