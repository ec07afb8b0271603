package io.cpsng.measure;

/** A run cannot go on: the service is unreachable, refuses, or answers what the tool cannot read. */
public class MeasureException extends RuntimeException {

    public MeasureException(final String message) {
        super(message);
    }

    public MeasureException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
