package io.cpsng.ncmp.data;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.api.model.DataOperationRequest.Operation;
import io.cpsng.ncmp.data.DataOperationEvents.Response;
import io.cpsng.ncmp.data.PendingAnswers.ExpiredRequest;
import io.cpsng.ncmp.data.PendingAnswers.Target;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the wait of clients whose plugins accepted a request and never sent its result: once the answer timeout has
 * passed, the targets nobody told the client of are told as 102 (the plugin is not responding) in one event on the
 * client's topic, those with a verdict of NCMP's whose event the broker did not take with it; those of a request its
 * instance accepted but died before handing on, as 108. Every instance
 * looks, each request is told by the one that claims it.
 */
class AnswerTimeouts {

    private static final int REQUESTS_PER_ROUND = 100;
    private static final Duration LONGEST_CHECK_INTERVAL = Duration.ofSeconds(1);
    private static final Logger LOGGER = LoggerFactory.getLogger(AnswerTimeouts.class);

    private final PendingAnswers pendingAnswers;
    private final DataOperationEvents dataOperationEvents;
    private final Duration answerTimeout;
    private final Counter timedOutTargets;

    AnswerTimeouts(final PendingAnswers pendingAnswers, final DataOperationEvents dataOperationEvents,
                   final DataOperationProperties dataOperationProperties, final PeriodicTasks periodicTasks,
                   final MeterRegistry meterRegistry) {
        this.pendingAnswers = pendingAnswers;
        this.dataOperationEvents = dataOperationEvents;
        this.answerTimeout = dataOperationProperties.answerTimeout();
        this.timedOutTargets = Counter.builder("ncmp.data-operations.timed-out-targets")
            .description("Targets of asynchronous data requests told to their clients as not answered in time")
            .register(meterRegistry);
        final Duration checkInterval = answerTimeout.dividedBy(2).compareTo(LONGEST_CHECK_INTERVAL) < 0
            ? answerTimeout.dividedBy(2) : LONGEST_CHECK_INTERVAL;
        periodicTasks.every("Data operation answer timeouts", checkInterval,
            () -> tellExpired() == REQUESTS_PER_ROUND);
    }

    /** Tells the clients of up to a round of requests past their deadline; returns how many requests. */
    int tellExpired() {
        return pendingAnswers.tellExpired(REQUESTS_PER_ROUND, requests -> {
            int targets = 0;
            for (final ExpiredRequest request : requests) {
                final List<Response> responses = request.dispatched()
                    ? notAnswered(request) : notHandedOn(request);
                if (!responses.isEmpty()) {
                    dataOperationEvents.send(request.topic(), request.requestId(), responses);
                    targets += responses.stream().mapToInt(response -> response.ids().size()).sum();
                }
            }
            if (targets > 0) {
                timedOutTargets.increment(targets);
                LOGGER.warn("{} targets of {} asynchronous requests had no answer within {}: their clients are told so",
                    targets, requests.size(), answerTimeout);
            }
        });
    }

    /**
     * Per operation, in the client's order, the targets still pending: with NCMP's own verdict where its event could
     * not be sent, else as not answered by their plugin (102).
     */
    static List<Response> notAnswered(final ExpiredRequest request) {
        final Map<String, Map<DataOperationStatus, List<String>>> pendingPerOperation = request.targets().stream()
            .collect(Collectors.groupingBy(Target::operationId, Collectors.groupingBy(
                target -> Objects.requireNonNullElse(target.status(), DataOperationStatus.DMI_SERVICE_NOT_RESPONDING),
                () -> new EnumMap<>(DataOperationStatus.class),
                Collectors.mapping(Target::cmHandleId, Collectors.toList()))));
        final List<Response> responses = new ArrayList<>();
        for (final Operation operation : request.operations()) {
            final Map<DataOperationStatus, List<String>> pending = pendingPerOperation.remove(
                Objects.requireNonNullElse(operation.operationId(), ""));
            if (pending != null) {
                pending.forEach((status, ids) -> responses.add(new Response(operation.operationId(), ids,
                    operation.resourceIdentifier(), operation.options(), status)));
            }
        }
        return responses;
    }

    private static List<Response> notHandedOn(final ExpiredRequest request) {
        return request.operations().stream().map(operation -> new Response(operation.operationId(),
            operation.targetIds(), operation.resourceIdentifier(), operation.options(),
            DataOperationStatus.UNKNOWN_ERROR)).toList();
    }
}
