package io.cpsng.ncmp.api.exceptions;

/** The request is invalid as a whole (not one handle of it): answered 400. */
public class InvalidInputException extends NcmpException {

    public InvalidInputException(final String message, final String details) {
        super(message, details);
    }
}
