package io.cpsng.cps.api.exceptions;

/** The object cannot be deleted while others depend on it. */
public class InUseException extends CpsException {

    public InUseException(final String message, final String details) {
        super(message, details);
    }
}
