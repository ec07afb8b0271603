package io.cpsng.ncmp.api.exceptions;

/**
 * A ProvMnS request refused, in the terms of the 3GPP ProvMnS error response: the HTTP status, its error type
 * (VALIDATION_ERROR, IE_NOT_FOUND, APPLICATION_LAYER_ERROR, SERVER_LIMITATION) and a title; for a patch, the
 * index of the operation refused.
 */
public class ProvMnsException extends NcmpException {

    private final int status;
    private final String type;
    private final String badOp;

    public ProvMnsException(final int status, final String type, final String title) {
        this(status, type, title, null);
    }

    public ProvMnsException(final int status, final String type, final String title, final String badOp) {
        super(title, null);
        this.status = status;
        this.type = type;
        this.badOp = badOp;
    }

    public int getStatus() {
        return status;
    }

    public String getType() {
        return type;
    }

    public String getBadOp() {
        return badOp;
    }
}
