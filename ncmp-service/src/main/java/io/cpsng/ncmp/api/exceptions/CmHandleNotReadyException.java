package io.cpsng.ncmp.api.exceptions;

import io.cpsng.ncmp.api.model.CmHandleState;

/** The handle exists but is not READY for data operations: answered 409. */
public class CmHandleNotReadyException extends NcmpException {

    public CmHandleNotReadyException(final String cmHandleId, final CmHandleState cmHandleState) {
        super("Cm handle not ready", "Cm handle " + cmHandleId + " is in state " + cmHandleState
            + "; data operations need state READY");
    }
}
