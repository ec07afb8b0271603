package io.cpsng.database;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of the PostgreSQL server as a child process of this JVM, so that its end is seen at once
 * ({@link #onExit()}). Its log goes to this service's log; the last FATAL or PANIC line is kept, since it says why
 * the server stopped or did not start.
 */
final class PostgresProcess {

    private static final Logger LOGGER = LoggerFactory.getLogger(PostgresProcess.class);
    private static final Logger POSTGRES_LOG = LoggerFactory.getLogger("postgres");
    private static final Duration POLL = Duration.ofMillis(50);

    private final Process process;
    private final int port;
    private volatile String lastFailure = "";

    private PostgresProcess(final Process process, final int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the server and waits until it answers queries on the folder given: crash recovery counts as start. */
    static PostgresProcess start(final PostgresBinaries binaries, final Path dataDirectory, final int port,
                                 final Map<String, String> serverSettings, final Duration startTimeout) {
        final List<String> arguments = new ArrayList<>(List.of("-D", dataDirectory.toString(), "-p",
            String.valueOf(port)));
        serverSettings.forEach((name, value) -> arguments.addAll(List.of("-c", name + "=" + value)));
        final Process process;
        try {
            process = new ProcessBuilder(binaries.command("postgres", arguments)).redirectErrorStream(true).start();
        } catch (final IOException startFailure) {
            throw new UncheckedIOException("PostgreSQL could not be run", startFailure);
        }
        final PostgresProcess postgresProcess = new PostgresProcess(process, port);
        Thread.ofPlatform().daemon().name("postgres-log-" + process.pid()).start(postgresProcess::relayLog);
        try {
            postgresProcess.awaitReady(dataDirectory, startTimeout);
        } catch (final RuntimeException notReady) {
            process.destroyForcibly();
            throw notReady;
        }
        return postgresProcess;
    }

    /** Runs initdb, pg_ctl and the like to their end; the output when they fail. */
    static void run(final PostgresBinaries binaries, final String program, final List<String> arguments,
                    final Duration timeout) {
        try {
            final Process process = new ProcessBuilder(binaries.command(program, arguments)).redirectErrorStream(true)
                .start();
            final CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process));
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(program + " did not end within " + timeout.toSeconds() + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(program + " failed: " + lastLines(output.join()));
            }
        } catch (final IOException runFailure) {
            throw new UncheckedIOException(program + " could not be run", runFailure);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(program + " interrupted", interrupted);
        }
    }

    static String jdbcUrl(final int port) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    long pid() {
        return process.pid();
    }

    CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The last FATAL or PANIC line of the server's log, or empty. */
    String lastFailure() {
        return lastFailure;
    }

    /** The server's end as a sentence: its exit code and what it said last. */
    String exitDescription() {
        final String exit = process.isAlive() ? "is running"
            // the JDK reports a process ended by signal N as exit code 128 + N
            : process.exitValue() > 128 ? "was ended by signal " + (process.exitValue() - 128)
            : "exited with code " + process.exitValue();
        return lastFailure.isEmpty() ? exit : exit + " (" + lastFailure + ")";
    }

    private void awaitReady(final Path dataDirectory, final Duration startTimeout) {
        final long deadline = System.nanoTime() + startTimeout.toNanos();
        SQLException lastRefusal = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                awaitLogEnd();
                throw new IllegalStateException("PostgreSQL " + exitDescription());
            }
            try {
                if (servesFolder(dataDirectory)) {
                    return;
                }
                throw new IllegalStateException("Port " + port + " is served by another PostgreSQL");
            } catch (final SQLException notReadyYet) {
                lastRefusal = notReadyYet;
            }
            sleep(POLL);
        }
        throw new IllegalStateException("PostgreSQL did not accept connections within " + startTimeout.toSeconds()
            + " s" + (lastRefusal == null ? "" : ": " + lastRefusal.getMessage()));
    }

    /** The server answering on the port is this one (and not another that held the port first). */
    private boolean servesFolder(final Path dataDirectory) throws SQLException {
        final Properties properties = new Properties();
        properties.setProperty("user", "postgres");
        properties.setProperty("connectTimeout", "1");
        properties.setProperty("socketTimeout", "5");
        try (Connection connection = DriverManager.getConnection(jdbcUrl(port), properties);
             Statement statement = connection.createStatement();
             ResultSet resultSet = statement.executeQuery("SHOW data_directory")) {
            resultSet.next();
            return Path.of(resultSet.getString(1)).equals(dataDirectory);
        }
    }

    private void relayLog() {
        try (BufferedReader reader = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("FATAL:") || line.startsWith("PANIC:")) {
                    lastFailure = line.replaceAll("\\s+", " ");
                    POSTGRES_LOG.error(line);
                } else if (line.startsWith("WARNING:") || line.startsWith("ERROR:")) {
                    POSTGRES_LOG.warn(line);
                } else {
                    POSTGRES_LOG.info(line);
                }
            }
        } catch (final IOException logClosed) {
            LOGGER.debug("PostgreSQL's log ended", logClosed);
        }
    }

    /** The log is read by another thread: its last lines arrive just after the process ends. */
    private void awaitLogEnd() {
        final long deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        while (lastFailure.isEmpty() && System.nanoTime() < deadline) {
            sleep(Duration.ofMillis(10));
        }
    }

    private static String readAll(final Process process) {
        try {
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException readFailure) {
            return "";
        }
    }

    private static String lastLines(final String output) {
        final List<String> lines = output.lines().filter(line -> !line.isBlank()).toList();
        return String.join(" ", lines.subList(Math.max(0, lines.size() - 2), lines.size())).replaceAll("\\s+", " ");
    }

    /** The pause between two polls of the server (or its log): it tells no one when it is ready, it is asked. */
    private static void sleep(final Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for PostgreSQL", interrupted);
        }
    }
}
