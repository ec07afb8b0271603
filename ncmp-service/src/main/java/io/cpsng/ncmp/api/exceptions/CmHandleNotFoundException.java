package io.cpsng.ncmp.api.exceptions;

/** No CM handle has this id or alternate id: answered 404. */
public class CmHandleNotFoundException extends NcmpException {

    public CmHandleNotFoundException(final String cmHandleReference) {
        super("Cm handle not found", "No cm handle found with id or alternate id " + cmHandleReference);
    }
}
