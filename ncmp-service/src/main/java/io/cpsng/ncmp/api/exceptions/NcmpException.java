package io.cpsng.ncmp.api.exceptions;

/** Root of NCMP's exceptions: a short message and details saying what and where. */
public abstract class NcmpException extends RuntimeException {

    private final String details;

    protected NcmpException(final String message, final String details) {
        super(message);
        this.details = details;
    }

    public String getDetails() {
        return details;
    }
}
