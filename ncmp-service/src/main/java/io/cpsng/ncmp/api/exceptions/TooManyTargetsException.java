package io.cpsng.ncmp.api.exceptions;

/** A data operation naming more handles than one operation may (answered 413, as the reference does). */
public class TooManyTargetsException extends NcmpException {

    public TooManyTargetsException(final String operationId, final int targets, final int limit) {
        super("Operation '" + operationId + "' affects too many (" + targets + ") cm handles",
            "An operation may name at most " + limit + " cm handles; split it into several operations.");
    }
}
