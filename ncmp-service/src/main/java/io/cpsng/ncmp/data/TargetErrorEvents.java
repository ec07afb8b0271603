package io.cpsng.ncmp.data;

import io.cpsng.ncmp.data.DataOperationEvents.Response;
import io.cpsng.ncmp.data.PendingAnswers.Target;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * NCMP's own error events about targets of a pending request (not found, not ready, the plugin failed): sent, the
 * targets are told of; should the broker not take the event, the verdicts stay with the targets and the answer
 * timeout tells them ({@link AnswerTimeouts}). Never throws: what it could not record, the timeout tells again.
 */
@Component
class TargetErrorEvents {

    private static final Logger LOGGER = LoggerFactory.getLogger(TargetErrorEvents.class);

    private final PendingAnswers pendingAnswers;

    TargetErrorEvents(final PendingAnswers pendingAnswers) {
        this.pendingAnswers = pendingAnswers;
    }

    void tell(final DataOperationEvents events, final String topic, final String requestId,
              final List<Response> responses) {
        final List<Target> targets = targets(requestId, responses);
        boolean sent = false;
        try {
            events.send(topic, requestId, responses);
            sent = true;
            pendingAnswers.told(targets);
        } catch (final RuntimeException failure) {
            LOGGER.warn("Request {}: its error event {}, it is sent when its answer timeout passes: {}", requestId,
                sent ? "was sent but not recorded" : "could not be sent to " + topic, failure.getMessage());
            if (!sent) {
                recordVerdicts(requestId, targets);
            }
        }
    }

    private void recordVerdicts(final String requestId, final List<Target> targets) {
        try {
            pendingAnswers.notTold(targets);
        } catch (final RuntimeException failure) {
            LOGGER.warn("Request {}: the verdicts of its error event could not be recorded, its targets are told as"
                + " not answered: {}", requestId, failure.getMessage());
        }
    }

    /** The targets the responses tell of, as pending: by operation ('' for none) and id. */
    static List<Target> targets(final String requestId, final List<Response> responses) {
        return responses.stream().flatMap(response -> response.ids().stream().map(id -> new Target(requestId,
            Objects.requireNonNullElse(response.operationId(), ""), id, response.status()))).toList();
    }
}
