package io.cpsng.rest.error;

/** A request the endpoints cannot take as given (a parameter not served or repeated, a null body): a 400 naming it. */
public class BadRequestException extends RuntimeException {

    private final String details;

    public BadRequestException(final String message, final String details) {
        super(message);
        this.details = details;
    }

    public String getDetails() {
        return details;
    }
}
