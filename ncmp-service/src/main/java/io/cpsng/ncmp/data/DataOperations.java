package io.cpsng.ncmp.data;

import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.NcmpDataOperationService;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.exceptions.TooManyTargetsException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.DataOperationRequest;
import io.cpsng.ncmp.api.model.DataOperationRequest.Operation;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.data.DataOperationEvents.Response;
import io.cpsng.ncmp.data.PendingAnswers.Target;
import io.cpsng.ncmp.dmi.DataOperationsRequest;
import io.cpsng.ncmp.dmi.DataOperationsRequest.DmiOperation;
import io.cpsng.ncmp.dmi.DmiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

/**
 * Data operations on many handles (POST /ncmp/v1/data?topic=), as the reference runs them: the request is checked
 * whole and answered with a request id; then, on one of a few lookup threads, its targets are looked up in one
 * query, those unknown (100) or not READY (101) are told in one event on the client's topic, and the rest go,
 * grouped by data plugin, in one POST {plugin}/dmi/v1/data per plugin, which sends the results to the topic itself
 * (through ncmp-async-m2m, see {@link DataOperationResultForwarder}). A plugin that cannot be reached (102),
 * refuses (103) or fails otherwise (108) is told as an event for its handles; should the lookup itself fail, every
 * target gets 108. Every target is pending ({@link PendingAnswers}) from before the client gets the request id until
 * the client is told of it, so that one a plugin accepts and never answers ends as 102 ({@link AnswerTimeouts}).
 */
@Service
@EnableConfigurationProperties(DataOperationProperties.class)
class DataOperations implements NcmpDataOperationService, DisposableBean {

    static final int MAX_TARGETS_PER_OPERATION = 200;
    private static final int LOOKUP_THREADS = 4;

    private static final Logger LOGGER = LoggerFactory.getLogger(DataOperations.class);
    private static final Set<String> DATASTORES = Set.of(DataPassThrough.PASSTHROUGH_OPERATIONAL,
        DataPassThrough.PASSTHROUGH_RUNNING);
    private static final Set<String> OPERATIONS_NOT_YET_SUPPORTED = Set.of("create", "update", "patch", "delete");

    private final NcmpCmHandleService ncmpCmHandleService;
    private final DmiClient dmiClient;
    private final ClientTopics clientTopics;
    private final PendingAnswers pendingAnswers;
    private final TargetErrorEvents targetErrorEvents;
    private final Duration answerTimeout;
    // the lookups queue for a few connections, so that a burst of requests cannot take the whole pool; the calls
    // to the plugins, which wait on the network, each have a virtual thread
    private final ExecutorService lookups = Executors.newFixedThreadPool(LOOKUP_THREADS,
        Thread.ofPlatform().name("data-operation-lookup-", 0).daemon().factory());
    private final ExecutorService executor = Executors.newThreadPerTaskExecutor(
        Thread.ofVirtual().name("data-operation-", 0).factory());

    DataOperations(final NcmpCmHandleService ncmpCmHandleService, final DmiClient dmiClient,
                   final ClientTopics clientTopics, final PendingAnswers pendingAnswers,
                   final TargetErrorEvents targetErrorEvents, final DataOperationProperties dataOperationProperties) {
        this.ncmpCmHandleService = ncmpCmHandleService;
        this.dmiClient = dmiClient;
        this.clientTopics = clientTopics;
        this.pendingAnswers = pendingAnswers;
        this.targetErrorEvents = targetErrorEvents;
        this.answerTimeout = dataOperationProperties.answerTimeout();
    }

    @Override
    public String startDataOperations(final String topic, final DataOperationRequest dataOperationRequest,
                                      final String authorization) {
        validate(topic, dataOperationRequest);
        final DataOperationEvents events = clientTopics.events(topic);
        final String requestId = RequestIds.next();
        pendingAnswers.accept(requestId, topic, dataOperationRequest.operations(), answerTimeout);
        lookups.execute(() -> run(topic, requestId, dataOperationRequest.operations(), events, authorization));
        return requestId;
    }

    @Override
    public void destroy() {
        lookups.shutdownNow();
        executor.shutdownNow();
    }

    private void validate(final String topic, final DataOperationRequest dataOperationRequest) {
        clientTopics.validate(topic);
        if (dataOperationRequest.operations().isEmpty()) {
            throw new InvalidInputException("No data operation", "The request body has no operations.");
        }
        for (final Operation operation : dataOperationRequest.operations()) {
            if (operation.operation() == null || operation.datastore() == null) {
                throw new InvalidInputException("Invalid operation", "Operation id " + operation.operationId()
                    + " needs an operation (read) and a datastore.");
            }
            if (OPERATIONS_NOT_YET_SUPPORTED.contains(operation.operation())) {
                throw new InvalidInputException("Invalid operation", operation.operation()
                    + " operation not yet supported: only read");
            }
            if (!"read".equals(operation.operation())) {
                throw new InvalidInputException("Invalid operation", "Operation " + operation.operation()
                    + " of operation id " + operation.operationId() + " is not one of read, create, update, patch,"
                    + " delete");
            }
            if (!DATASTORES.contains(operation.datastore())) {
                throw new InvalidInputException("Invalid datastore", operation.datastore() + " of operation id "
                    + operation.operationId() + " is not supported: use " + DataPassThrough.PASSTHROUGH_OPERATIONAL
                    + " or " + DataPassThrough.PASSTHROUGH_RUNNING);
            }
            if (operation.targetIds().size() > MAX_TARGETS_PER_OPERATION) {
                throw new TooManyTargetsException(operation.operationId(), operation.targetIds().size(),
                    MAX_TARGETS_PER_OPERATION);
            }
        }
    }

    private void run(final String topic, final String requestId, final List<Operation> operations,
                     final DataOperationEvents events, final String authorization) {
        try {
            final Set<String> references = new LinkedHashSet<>();
            operations.forEach(operation -> references.addAll(operation.targetIds()));
            final Map<String, CmHandle> cmHandles = ncmpCmHandleService.getCmHandles(references);
            final List<Response> notFound = new ArrayList<>();
            final List<Response> notReady = new ArrayList<>();
            final Map<String, List<PluginOperation>> operationsByPlugin = new LinkedHashMap<>();
            for (final Operation operation : operations) {
                groupTargets(operation, cmHandles, notFound, notReady, operationsByPlugin);
            }
            notFound.addAll(notReady);
            if (!pendingAnswers.dispatch(requestId, targets(requestId, notFound, operationsByPlugin))) {
                LOGGER.warn("Data operations of request {} were told of as failed before they could start", requestId);
                return;
            }
            // the plugins first: telling of the others waits for the broker, which may be away
            operationsByPlugin.forEach((plugin, pluginOperations) ->
                executor.execute(() -> startOnPlugin(topic, requestId, plugin, pluginOperations, events,
                    authorization)));
            if (!notFound.isEmpty()) {
                targetErrorEvents.tell(events, topic, requestId, notFound);
            }
        } catch (final RuntimeException failure) {
            LOGGER.error("Data operations of request {} failed", requestId, failure);
            tellFailure(topic, requestId, operations, events);
        }
    }

    /** The client hears of every target, whatever failed: 108 for all of them. */
    private void tellFailure(final String topic, final String requestId, final List<Operation> operations,
                             final DataOperationEvents events) {
        try {
            events.send(topic, requestId, operations.stream()
                .map(operation -> response(operation, operation.targetIds(), DataOperationStatus.UNKNOWN_ERROR))
                .toList());
            pendingAnswers.toldWholly(List.of(requestId));
        } catch (final RuntimeException sendFailure) {
            LOGGER.error("The failure of request {} could not be told, or not recorded as told: its answer timeout"
                + " tells it", requestId, sendFailure);
        }
    }

    private static void groupTargets(final Operation operation, final Map<String, CmHandle> cmHandles,
                                     final List<Response> notFound, final List<Response> notReady,
                                     final Map<String, List<PluginOperation>> operationsByPlugin) {
        final List<String> unknown = new ArrayList<>();
        final List<String> unready = new ArrayList<>();
        final Map<String, List<CmHandle>> readyByPlugin = new LinkedHashMap<>();
        for (final String reference : operation.targetIds()) {
            final CmHandle cmHandle = cmHandles.get(reference);
            if (cmHandle == null) {
                unknown.add(reference);
            } else if (cmHandle.state() == null || cmHandle.state().cmHandleState() != CmHandleState.READY) {
                unready.add(reference);
            } else {
                readyByPlugin.computeIfAbsent(cmHandle.dataPlugin(), plugin -> new ArrayList<>()).add(cmHandle);
            }
        }
        if (!unknown.isEmpty()) {
            notFound.add(response(operation, unknown, DataOperationStatus.CM_HANDLES_NOT_FOUND));
        }
        if (!unready.isEmpty()) {
            notReady.add(response(operation, unready, DataOperationStatus.CM_HANDLES_NOT_READY));
        }
        readyByPlugin.forEach((plugin, pluginHandles) -> operationsByPlugin
            .computeIfAbsent(plugin, key -> new ArrayList<>()).add(new PluginOperation(operation, pluginHandles)));
    }

    private void startOnPlugin(final String topic, final String requestId, final String plugin,
                               final List<PluginOperation> pluginOperations, final DataOperationEvents events,
                               final String authorization) {
        DataOperationStatus failure;
        try {
            final DmiResponse dmiResponse = dmiClient.startDataOperations(plugin, topic, requestId,
                new DataOperationsRequest(pluginOperations.stream().map(PluginOperation::dmiOperation).toList()),
                authorization);
            failure = dmiResponse.isSuccess() ? null : dmiResponse.status() == 408
                ? DataOperationStatus.DMI_SERVICE_NOT_RESPONDING : DataOperationStatus.UNABLE_TO_READ_RESOURCE_DATA;
        } catch (final DmiException unreachable) {
            failure = DataOperationStatus.DMI_SERVICE_NOT_RESPONDING;
        } catch (final RuntimeException unexpected) {
            LOGGER.error("Data operations of request {} on {} failed", requestId, plugin, unexpected);
            failure = DataOperationStatus.UNKNOWN_ERROR;
        }
        if (failure != null) {
            final DataOperationStatus status = failure;
            LOGGER.warn("Data operations of request {} on {}: {}", requestId, plugin, status.message());
            targetErrorEvents.tell(events, topic, requestId, pluginOperations.stream().map(pluginOperation ->
                response(pluginOperation.operation(), pluginOperation.cmHandles().stream().map(CmHandle::id).toList(),
                    status)).toList());
        }
    }

    /**
     * Every target of the request: those NCMP has a verdict on, with it (told with it should the event not be sent),
     * and those the plugins are about to be asked about, named by id as the plugins answer.
     */
    private static List<Target> targets(final String requestId, final List<Response> verdicts,
                                        final Map<String, List<PluginOperation>> operationsByPlugin) {
        final List<Target> targets = new ArrayList<>(TargetErrorEvents.targets(requestId, verdicts));
        operationsByPlugin.values().forEach(pluginOperations -> pluginOperations.forEach(pluginOperation ->
            pluginOperation.cmHandles().forEach(cmHandle -> targets.add(new Target(requestId,
                Objects.requireNonNullElse(pluginOperation.operation().operationId(), ""), cmHandle.id())))));
        return targets;
    }

    private static Response response(final Operation operation, final List<String> ids,
                                     final DataOperationStatus status) {
        return new Response(operation.operationId(), ids, operation.resourceIdentifier(), operation.options(), status);
    }

    /** An operation on the handles of one plugin, and what the plugin gets of it. */
    private record PluginOperation(Operation operation, List<CmHandle> cmHandles) {

        DmiOperation dmiOperation() {
            return DmiOperation.of(operation, cmHandles);
        }
    }
}
