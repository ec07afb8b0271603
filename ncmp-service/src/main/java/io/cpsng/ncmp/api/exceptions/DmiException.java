package io.cpsng.ncmp.api.exceptions;

import io.cpsng.ncmp.api.model.DmiResponse;

/** A DMI plugin could not be reached or answered with an error; carries what it answered, if anything. */
public class DmiException extends NcmpException {

    private final transient DmiResponse dmiResponse;

    public DmiException(final String message, final String details, final DmiResponse dmiResponse) {
        super(message, details);
        this.dmiResponse = dmiResponse;
    }

    /** The plugin's answer, or null when there was none (timeout, connection refused). */
    public DmiResponse getDmiResponse() {
        return dmiResponse;
    }
}
