package io.cpsng.cps.api.exceptions;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;

/**
 * A failure that says the database is away (stopped, restarting, unreachable) or out of space, not that the request
 * was wrong: read from the SQLSTATE of the SQLException behind it, however Spring, Hibernate or the pool wrapped it
 * (a dying connection often surfaces as a failed rollback). Such a request wrote nothing and may be retried as it is.
 *
 * @param diskFull true for SQLSTATE 53100 (disk_full)
 * @param reason   PostgreSQL's message, without its hint lines
 */
public record DatabaseOutage(boolean diskFull, String reason) {

    private static final String DISK_FULL = "53100";
    /** HikariCP's answer on a connection it closed because it broke; it carries no SQLSTATE. */
    private static final String POOL_CLOSED_CONNECTION = "Connection is closed";

    /** The outage behind a failure, or empty when the failure is something else. */
    public static Optional<DatabaseOutage> of(final Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sqlException && isOutage(sqlException)) {
                return Optional.of(new DatabaseOutage(DISK_FULL.equals(sqlException.getSQLState()),
                    firstLine(sqlException.getMessage())));
            }
        }
        return Optional.empty();
    }

    private static boolean isOutage(final SQLException sqlException) {
        final String sqlState = sqlException.getSQLState() == null ? "" : sqlException.getSQLState();
        // 08 connection, 53 insufficient resources, 57P0x shut down or starting, 58 system (I/O) error; the
        // pool's timeout and its closed connection (the rollback of a write that met the outage) carry no state
        return sqlException instanceof SQLTransientConnectionException
            || POOL_CLOSED_CONNECTION.equals(sqlException.getMessage()) || sqlState.startsWith("08")
            || sqlState.startsWith("53") || sqlState.startsWith("57P0") || sqlState.startsWith("58");
    }

    private static String firstLine(final String message) {
        final String firstLine = message == null ? "" : message.lines().findFirst().orElse("");
        return firstLine.endsWith(".") ? firstLine.substring(0, firstLine.length() - 1) : firstLine;
    }
}
