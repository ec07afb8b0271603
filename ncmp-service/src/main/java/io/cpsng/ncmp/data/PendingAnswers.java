package io.cpsng.ncmp.data;

import io.cpsng.ncmp.api.model.DataOperationRequest.Operation;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The asynchronous requests whose client still waits for an answer on its topic (ncmp_pending_request and
 * ncmp_pending_target, whose only user this is). Every target stays pending until a plugin's result or an event of
 * NCMP's own has told the client of it; past the request's deadline, what is left is handed to one instance to tell.
 */
@Component
class PendingAnswers {

    /**
     * A target of a request: the operation ('' for a pass-through read), the handle as its plugin names it (or as
     * the client did, when unknown), and NCMP's verdict on it, null while it waits for its plugin.
     */
    record Target(String requestId, String operationId, String cmHandleId, DataOperationStatus status) {

        Target(final String requestId, final String operationId, final String cmHandleId) {
            this(requestId, operationId, cmHandleId, null);
        }
    }

    /** A request past its deadline: what the client asked, and the targets nobody has told it of yet. */
    record ExpiredRequest(String requestId, String topic, List<Operation> operations, boolean dispatched,
                          List<Target> targets) {
    }

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final TypeReference<List<Operation>> OPERATIONS = new TypeReference<>() {
    };

    private static final String ACCEPT = """
        INSERT INTO ncmp_pending_request (request_id, topic, operations, deadline)
        VALUES (?, ?, ?::jsonb, now() + make_interval(secs => ?))""";
    private static final String ACCEPT_DISPATCHED = """
        WITH request AS (
            INSERT INTO ncmp_pending_request (request_id, topic, operations, dispatched, deadline)
            VALUES (?, ?, ?::jsonb, true, now() + make_interval(secs => ?)) RETURNING request_id)
        INSERT INTO ncmp_pending_target SELECT request.request_id, '', ?, NULL FROM request""";
    // marks the request as handed on and writes its targets in one statement; nothing when the request is gone
    // (told of already, by the instance that found it past its deadline)
    private static final String DISPATCH = """
        WITH request AS (
            UPDATE ncmp_pending_request SET dispatched = true WHERE request_id = ? RETURNING request_id),
        targets AS (
            INSERT INTO ncmp_pending_target
            SELECT request.request_id, t.operation_id, t.cm_handle_id, t.status
            FROM request, unnest(?::text[], ?::text[], ?::text[]) AS t(operation_id, cm_handle_id, status)
            ON CONFLICT DO NOTHING)
        SELECT count(*) FROM request""";
    // an answer without an operation id answers the handle in every operation of the request
    private static final String TOLD = """
        DELETE FROM ncmp_pending_target t
        USING unnest(?::text[], ?::text[], ?::text[]) AS a(request_id, operation_id, cm_handle_id)
        WHERE t.request_id = a.request_id AND t.cm_handle_id = a.cm_handle_id
          AND (a.operation_id IS NULL OR t.operation_id = a.operation_id)""";
    // a statement of its own: one statement does not see its own deletes
    private static final String ANSWERED_WHOLLY = """
        DELETE FROM ncmp_pending_request r WHERE r.request_id = ANY(?::text[]) AND r.dispatched
        AND NOT EXISTS (SELECT 1 FROM ncmp_pending_target t WHERE t.request_id = r.request_id)""";
    private static final String NOT_TOLD = """
        UPDATE ncmp_pending_target t SET status = a.status
        FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS a(request_id, operation_id, cm_handle_id, status)
        WHERE t.request_id = a.request_id AND t.operation_id = a.operation_id AND t.cm_handle_id = a.cm_handle_id""";
    private static final String TOLD_WHOLLY = "DELETE FROM ncmp_pending_request WHERE request_id = ANY(?::text[])";
    private static final String CLAIM_EXPIRED = """
        SELECT request_id, topic, operations::text, dispatched FROM ncmp_pending_request
        WHERE deadline <= now() ORDER BY deadline LIMIT ? FOR UPDATE SKIP LOCKED""";
    private static final String TARGETS_OF = """
        SELECT request_id, operation_id, cm_handle_id, status FROM ncmp_pending_target
        WHERE request_id = ANY(?::text[])
        ORDER BY request_id, operation_id, cm_handle_id""";

    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;

    PendingAnswers(final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager) {
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /** A batch request the client is about to get the id of, before its targets are looked up. */
    void accept(final String requestId, final String topic, final List<Operation> operations, final Duration timeout) {
        jdbcTemplate.update(ACCEPT, requestId, topic, JSON.writeValueAsString(operations), seconds(timeout));
    }

    /** A pass-through read the client is about to get the id of, its one target known. */
    void acceptDispatched(final String requestId, final String topic, final Operation operation,
                          final String cmHandleId, final Duration timeout) {
        jdbcTemplate.update(ACCEPT_DISPATCHED, requestId, topic, JSON.writeValueAsString(List.of(operation)),
            seconds(timeout), cmHandleId);
    }

    /** The request's targets, about to be told of or handed to plugins; false if the request was told of already. */
    boolean dispatch(final String requestId, final Collection<Target> targets) {
        final Long requests = jdbcTemplate.queryForObject(DISPATCH, Long.class, requestId,
            column(targets, Target::operationId), column(targets, Target::cmHandleId), statuses(targets));
        return requests != null && requests == 1;
    }

    /** Targets the client has been told of (an operation id null: of any operation); a request told of all, gone. */
    void told(final Collection<Target> targets) {
        if (!targets.isEmpty()) {
            jdbcTemplate.update(TOLD, column(targets, Target::requestId), column(targets, Target::operationId),
                column(targets, Target::cmHandleId));
            jdbcTemplate.update(ANSWERED_WHOLLY, (Object) targets.stream().map(Target::requestId).distinct()
                .toArray(String[]::new));
        }
    }

    /** Targets with a verdict whose event the broker did not take: told with it when their request expires. */
    void notTold(final Collection<Target> targets) {
        jdbcTemplate.update(NOT_TOLD, column(targets, Target::requestId), column(targets, Target::operationId),
            column(targets, Target::cmHandleId), statuses(targets));
    }

    /** Requests the client has been told all of (a pass-through result, a failure of the whole request). */
    void toldWholly(final Collection<String> requestIds) {
        if (!requestIds.isEmpty()) {
            jdbcTemplate.update(TOLD_WHOLLY, (Object) requestIds.toArray(String[]::new));
        }
    }

    /**
     * Claims up to limit requests past their deadline, hands them to tell and deletes them, in one transaction:
     * other instances skip them meanwhile, and if telling fails they stay for the next round. Returns how many.
     */
    int tellExpired(final int limit, final Consumer<List<ExpiredRequest>> tell) {
        final Integer told = transactionTemplate.execute(status -> {
            final List<ExpiredRequest> claimed = jdbcTemplate.query(CLAIM_EXPIRED, (row, rowNumber) ->
                new ExpiredRequest(row.getString(1), row.getString(2), JSON.readValue(row.getString(3), OPERATIONS),
                    row.getBoolean(4), List.of()), limit);
            if (claimed.isEmpty()) {
                return 0;
            }
            final String[] requestIds = claimed.stream().map(ExpiredRequest::requestId).toArray(String[]::new);
            final Map<String, List<Target>> targets = jdbcTemplate.query(TARGETS_OF, (row, rowNumber) ->
                    new Target(row.getString(1), row.getString(2), row.getString(3),
                        row.getString(4) == null ? null : DataOperationStatus.valueOf(row.getString(4))),
                    (Object) requestIds)
                .stream().collect(Collectors.groupingBy(Target::requestId));
            tell.accept(claimed.stream().map(request -> new ExpiredRequest(request.requestId(), request.topic(),
                request.operations(), request.dispatched(), targets.getOrDefault(request.requestId(), List.of())))
                .toList());
            jdbcTemplate.update(TOLD_WHOLLY, (Object) requestIds);
            return claimed.size();
        });
        return told == null ? 0 : told;
    }

    private static String[] column(final Collection<Target> targets, final Function<Target, String> value) {
        return targets.stream().map(value).toArray(String[]::new);
    }

    private static String[] statuses(final Collection<Target> targets) {
        return column(targets, target -> target.status() == null ? null : target.status().name());
    }

    /** The timeout as the deadline's make_interval takes it: deadlines are on PostgreSQL's clock, every instance's. */
    private static double seconds(final Duration timeout) {
        return timeout.toMillis() / 1000.0;
    }
}
