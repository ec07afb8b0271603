package io.cpsng.database;

/**
 * The embedded PostgreSQL cannot start: what went wrong and where, in one sentence, and what the user can do
 * about it ({@link EmbeddedPostgresFailureAnalyzer} prints both instead of a stack trace).
 */
public class EmbeddedPostgresException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String action;

    EmbeddedPostgresException(final String problem, final String action, final Throwable cause) {
        super(problem, cause);
        this.action = action;
    }

    EmbeddedPostgresException(final String problem, final String action) {
        this(problem, action, null);
    }

    String action() {
        return action;
    }
}
