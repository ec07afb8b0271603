package io.cpsng.cps.api.exceptions;

/** The input is invalid: a name, a YANG model, data against its schema, a cps-path, an option. */
public class DataValidationException extends CpsException {

    public DataValidationException(final String message, final String details) {
        super(message, details);
    }

    public DataValidationException(final String message, final String details, final Throwable cause) {
        super(message, details, cause);
    }
}
