package io.cpsng.cps.api.exceptions;

/** Root of the store's exceptions: a short message and details saying what and where. */
public abstract class CpsException extends RuntimeException {

    private final String details;

    protected CpsException(final String message, final String details) {
        super(message);
        this.details = details;
    }

    protected CpsException(final String message, final String details, final Throwable cause) {
        super(message, cause);
        this.details = details;
    }

    public String getDetails() {
        return details;
    }
}
