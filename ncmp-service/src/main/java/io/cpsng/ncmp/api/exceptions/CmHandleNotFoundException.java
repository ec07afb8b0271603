package io.cpsng.ncmp.api.exceptions;

/** No CM handle has this id or alternate id, or owns this FDN: answered 404. */
public class CmHandleNotFoundException extends NcmpException {

    private static final String MESSAGE = "Cm handle not found";

    public CmHandleNotFoundException(final String cmHandleReference) {
        super(MESSAGE, "No cm handle found with id or alternate id " + cmHandleReference);
    }

    private CmHandleNotFoundException(final String message, final String details) {
        super(message, details);
    }

    /** No handle owns the FDN: the reference's details. */
    public static CmHandleNotFoundException noOwnerOf(final String distinguishedName) {
        return new CmHandleNotFoundException(MESSAGE, "No cm handles found with reference " + distinguishedName);
    }
}
