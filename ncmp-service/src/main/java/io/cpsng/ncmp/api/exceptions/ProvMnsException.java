package io.cpsng.ncmp.api.exceptions;

/**
 * A ProvMnS request refused: what went wrong, a title, and for a patch the index of the operation refused. The REST
 * layer answers it in the 3GPP ProvMnS error shape, with the status the problem calls for.
 */
public class ProvMnsException extends NcmpException {

    /** What went wrong, with its error type in the 3GPP ProvMnS error response. */
    public enum Problem {
        INVALID_REQUEST("VALIDATION_ERROR"),
        NO_HANDLE_OWNS_FDN("IE_NOT_FOUND"),
        HANDLE_NOT_READY("APPLICATION_LAYER_ERROR"),
        POLICY_DENIED("APPLICATION_LAYER_ERROR"),
        TOO_MANY_OPERATIONS("SERVER_LIMITATION"),
        NOT_SUPPORTED("SERVER_LIMITATION"),
        PLUGIN_UNREACHABLE("APPLICATION_LAYER_ERROR"),
        PLUGIN_SILENT("APPLICATION_LAYER_ERROR");

        private final String type;

        Problem(final String type) {
            this.type = type;
        }

        public String type() {
            return type;
        }
    }

    private final Problem problem;
    private final String badOp;

    public ProvMnsException(final Problem problem, final String title) {
        this(problem, title, null);
    }

    public ProvMnsException(final Problem problem, final String title, final String badOp) {
        super(title, null);
        this.problem = problem;
        this.badOp = badOp;
    }

    public Problem getProblem() {
        return problem;
    }

    public String getBadOp() {
        return badOp;
    }
}
