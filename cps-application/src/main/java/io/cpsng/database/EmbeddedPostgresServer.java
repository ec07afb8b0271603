package io.cpsng.database;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's own PostgreSQL, from the binaries on the class path, kept in a data folder. The service owns it:
 * <ul>
 *   <li>the folder is locked for as long as the JVM lives ({@link DataFolderLock}), so a second service on it fails
 *   at once, and a PostgreSQL found running on it at start was left by a service that is gone: it is stopped,
 *   and the start goes through PostgreSQL's crash recovery;</li>
 *   <li>the server runs as a child process: when it ends unasked, it is started again on the same folder and port,
 *   after 1 s, 2 s, 4 s... at most the cap, until it runs (a full disk, once freed); listeners hear of each
 *   change;</li>
 *   <li>a stop of the service (close, or the JVM's shutdown hook) stops it cleanly.</li>
 * </ul>
 * The one way this project starts an embedded database: for the product in a kept folder, for tests in a fresh one.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger LOGGER = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    /**
     * How initdb makes a database whose text sorts and compares by code point, whatever the host's locale, with
     * PostgreSQL's own collation (no libc call per comparison): ADR 0021. docker-compose's database is made alike.
     */
    public static final List<String> CODE_POINT_COLLATION = List.of("--locale-provider=builtin",
        "--builtin-locale=C.UTF-8");

    private final EmbeddedPostgresProperties properties;
    private final Path dataDirectory;
    private final PostgresBinaries binaries;
    private final DataFolderLock folderLock;
    private final int port;
    private final List<Runnable> stateListeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor(
        task -> Thread.ofPlatform().daemon().name("embedded-postgres-restart").unstarted(task));

    private volatile PostgresProcess server;
    private volatile String outage;
    private volatile boolean closed;
    private int failedRestarts;
    private long stoppedAtNanos;

    private EmbeddedPostgresServer(final EmbeddedPostgresProperties properties, final Path dataDirectory,
                                   final PostgresBinaries binaries, final DataFolderLock folderLock, final int port) {
        this.properties = properties;
        this.dataDirectory = dataDirectory;
        this.binaries = binaries;
        this.folderLock = folderLock;
        this.port = port;
    }

    /** Starts on the folder (made, and initialised, when new) and answers once the server takes queries. */
    public static EmbeddedPostgresServer start(final EmbeddedPostgresProperties properties) {
        final long startNanos = System.nanoTime();
        final Path dataDirectory = Path.of(properties.dataDirectory()).toAbsolutePath().normalize();
        final int port = properties.port() == 0 ? freePort() : properties.port();
        final DataFolderLock folderLock = DataFolderLock.acquire(dataDirectory);
        try {
            final PostgresBinaries binaries = PostgresBinaries.get();
            prepareFolder(binaries, dataDirectory, properties.durable());
            stopLeftOverServer(binaries, dataDirectory);
            final EmbeddedPostgresServer embeddedPostgres =
                new EmbeddedPostgresServer(properties, dataDirectory, binaries, folderLock, port);
            embeddedPostgres.startServer();
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("embedded-postgres-stop")
                .unstarted(embeddedPostgres::close));
            LOGGER.info("Embedded PostgreSQL {} started on port {} with data in {} in {} ms ({})",
                binaries.majorVersion(), port, dataDirectory, (System.nanoTime() - startNanos) / 1_000_000,
                properties.durable() ? "durable: fsync and synchronous_commit on" : "not durable: fsync off");
            return embeddedPostgres;
        } catch (final RuntimeException startFailure) {
            folderLock.close();
            throw startFailure instanceof EmbeddedPostgresException embeddedPostgresException
                ? embeddedPostgresException
                : new EmbeddedPostgresException("Embedded PostgreSQL did not start on port " + port
                    + " with data in " + dataDirectory + ": " + startFailure.getMessage(),
                    "Fix the cause above, or set spring.datasource.url to use a PostgreSQL of your own.", startFailure);
        }
    }

    public String jdbcUrl() {
        return PostgresProcess.jdbcUrl(port);
    }

    public String username() {
        return "postgres";
    }

    public int port() {
        return port;
    }

    /** Why the server is not running, or empty while it runs. */
    public Optional<String> outage() {
        return Optional.ofNullable(outage);
    }

    /** Called (on another thread) whenever the server stops unasked, fails a restart, or runs again. */
    public void addStateListener(final Runnable listener) {
        stateListeners.add(listener);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        restarts.shutdownNow();
        final PostgresProcess running = server;
        if (running != null && running.isAlive()) {
            stopServer(binaries, dataDirectory, running.pid());
            LOGGER.info("Embedded PostgreSQL stopped (data in {})", dataDirectory);
        }
        folderLock.close();
    }

    private void startServer() {
        final PostgresProcess started = PostgresProcess.start(binaries, dataDirectory, port, serverSettings(),
            properties.startTimeout());
        server = started;
        started.onExit().thenRun(() -> restarts.execute(() -> serverEnded(started)));
    }

    private void serverEnded(final PostgresProcess ended) {
        if (closed || ended != server) {
            return;
        }
        stoppedAtNanos = System.nanoTime();
        failedRestarts = 0;
        outage = "the embedded PostgreSQL (PID " + ended.pid() + ") " + ended.exitDescription();
        LOGGER.error("Embedded PostgreSQL stopped unasked: {}; starting it again in {} ms", outage,
            properties.restartDelay().toMillis());
        notifyListeners();
        restarts.schedule(this::restart, properties.restartDelay().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void restart() {
        if (closed) {
            return;
        }
        try {
            startServer();
            outage = null;
            LOGGER.info("Embedded PostgreSQL runs again on port {} (PID {}), {} ms after it stopped, {} failed attempts",
                port, server.pid(), (System.nanoTime() - stoppedAtNanos) / 1_000_000, failedRestarts);
        } catch (final RuntimeException restartFailure) {
            failedRestarts++;
            final long delayMillis = Math.min(properties.restartDelayCap().toMillis(),
                properties.restartDelay().toMillis() << Math.min(failedRestarts, 20));
            outage = "the embedded PostgreSQL does not start again: " + restartFailure.getMessage();
            LOGGER.warn("Embedded PostgreSQL did not start again (attempt {}): {}; next attempt in {} ms",
                failedRestarts, restartFailure.getMessage(), delayMillis);
            restarts.schedule(this::restart, delayMillis, TimeUnit.MILLISECONDS);
        }
        notifyListeners();
    }

    private void notifyListeners() {
        for (final Runnable listener : stateListeners) {
            try {
                listener.run();
            } catch (final RuntimeException listenerFailure) {
                LOGGER.warn("A listener of the embedded PostgreSQL failed", listenerFailure);
            }
        }
    }

    private Map<String, String> serverSettings() {
        final Map<String, String> settings = new LinkedHashMap<>();
        // TCP on the loopback only, no Unix socket: nothing outside this folder and port to collide with
        settings.put("listen_addresses", "127.0.0.1");
        settings.put("unix_socket_directories", "");
        settings.put("log_line_prefix", "");
        // a failed statement is one line: no statement text, no DETAIL quoting the values a client sent
        settings.put("log_error_verbosity", "terse");
        settings.put("log_min_error_statement", "panic");
        settings.put("timezone", "UTC");
        settings.put("max_connections", "200");
        settings.put("shared_buffers", properties.sharedBuffers());
        settings.put("work_mem", "16MB");
        settings.put("maintenance_work_mem", "128MB");
        settings.put("max_wal_size", "2GB");
        final String durability = properties.durable() ? "on" : "off";
        settings.put("fsync", durability);
        settings.put("synchronous_commit", durability);
        settings.put("full_page_writes", durability);
        return settings;
    }

    /** Initialises a new folder; refuses one of another PostgreSQL major version, which this server cannot read. */
    private static void prepareFolder(final PostgresBinaries binaries, final Path dataDirectory, final boolean durable) {
        if (ClusterTemplate.holdsCluster(dataDirectory)) {
            final String folderVersion = readTrimmed(dataDirectory.resolve("PG_VERSION"));
            if (!folderVersion.equals(String.valueOf(binaries.majorVersion()))) {
                throw new EmbeddedPostgresException("The data folder " + dataDirectory + " holds a PostgreSQL "
                    + folderVersion + " database; this service runs PostgreSQL " + binaries.majorVersion(),
                    "Upgrade the folder with pg_upgrade, or give the service another folder "
                        + "(cps.embedded-postgres.data-directory).");
            }
            return;
        }
        LOGGER.info("Initialising a new PostgreSQL database in {}", dataDirectory);
        final List<String> settings = new ArrayList<>(List.of("-A", "trust", "-U", "postgres", "-E", "UTF-8"));
        settings.addAll(CODE_POINT_COLLATION);
        try {
            ClusterTemplate.initialise(binaries, dataDirectory, settings, durable);
        } catch (final RuntimeException initialiseFailure) {
            throw new EmbeddedPostgresException("The data folder " + dataDirectory + " could not be initialised: "
                + initialiseFailure.getMessage(), "Give the service an empty folder it can write "
                + "(cps.embedded-postgres.data-directory).", initialiseFailure);
        }
    }

    /**
     * A PostgreSQL still running on the folder while no service holds its lock was left by a service that died
     * (kill -9 does not end the server): it is stopped, cleanly if it can be, so that this start can run.
     */
    private static void stopLeftOverServer(final PostgresBinaries binaries, final Path dataDirectory) {
        final Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        final String firstLine = readTrimmed(pidFile).lines().findFirst().orElse("");
        final Optional<ProcessHandle> leftOver = parsePid(firstLine).flatMap(ProcessHandle::of)
            .filter(ProcessHandle::isAlive)
            .filter(handle -> handle.info().command().map(command -> command.endsWith("postgres")).orElse(false));
        if (leftOver.isEmpty()) {
            return;
        }
        final long startNanos = System.nanoTime();
        LOGGER.warn("Found PostgreSQL (PID {}) still running on {}, left by a service that is gone: stopping it",
            leftOver.get().pid(), dataDirectory);
        stopServer(binaries, dataDirectory, leftOver.get().pid());
        LOGGER.warn("Stopped the left-over PostgreSQL (PID {}) in {} ms",
            leftOver.get().pid(), (System.nanoTime() - startNanos) / 1_000_000);
    }

    /** pg_ctl's fast stop (sessions rolled back, a checkpoint written); if that fails, the server is killed. */
    private static void stopServer(final PostgresBinaries binaries, final Path dataDirectory, final long pid) {
        try {
            PostgresProcess.run(binaries, "pg_ctl", List.of("stop", "-D", dataDirectory.toString(), "-m", "fast",
                "-w", "-t", String.valueOf(STOP_TIMEOUT.toSeconds())), STOP_TIMEOUT.plusSeconds(5));
        } catch (final RuntimeException stopFailure) {
            LOGGER.warn("PostgreSQL (PID {}) did not stop cleanly ({}): killing it", pid, stopFailure.getMessage());
            ProcessHandle.of(pid).ifPresent(postmaster -> {
                postmaster.descendants().forEach(ProcessHandle::destroyForcibly);
                postmaster.destroyForcibly();
                postmaster.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(notEnded -> postmaster).join();
            });
        }
    }

    private static Optional<Long> parsePid(final String line) {
        try {
            return Optional.of(Long.parseLong(line.trim()));
        } catch (final NumberFormatException notAPid) {
            return Optional.empty();
        }
    }

    private static String readTrimmed(final Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (final IOException readFailure) {
            return "";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (final IOException noPort) {
            throw new IllegalStateException("No free port for the embedded PostgreSQL", noPort);
        }
    }
}
