package io.cpsng.ncmp.api.exceptions;

/** The policy executor did not allow a write (ncmp.policy-executor.enabled). */
public class PolicyDeniedException extends NcmpException {

    public PolicyDeniedException(final String decisionId, final String decision, final String reason) {
        super("Operation not allowed. Decision id " + decisionId + " : " + decision, reason);
    }
}
