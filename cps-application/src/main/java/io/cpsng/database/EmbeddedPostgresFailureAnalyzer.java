package io.cpsng.database;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** A start that fails for the embedded database ends with what, where and what to do: no stack trace to read. */
class EmbeddedPostgresFailureAnalyzer extends AbstractFailureAnalyzer<EmbeddedPostgresException> {

    @Override
    protected FailureAnalysis analyze(final Throwable rootFailure, final EmbeddedPostgresException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
