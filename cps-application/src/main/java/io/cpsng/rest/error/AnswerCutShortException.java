package io.cpsng.rest.error;

/**
 * A request that failed after its answer had begun (a streamed search whose database failed mid-way). Nothing can
 * be answered any more; the error advice leaves it to the container, which closes the connection without ending the
 * answer, so the client sees a failed transfer rather than a complete-looking one.
 */
public class AnswerCutShortException extends RuntimeException {

    public AnswerCutShortException(final RuntimeException cause) {
        super("The answer had begun when the request failed: " + cause.getMessage(), cause);
    }
}
