package io.cpsng.ncmp.api.exceptions;

/** The DMI plugin did not answer within the read timeout (ncmp.dmi.read-timeout). */
public class DmiTimeoutException extends DmiException {

    public DmiTimeoutException(final String details) {
        super("DMI plugin did not answer in time", details, null);
    }
}
