package io.cpsng.ncmp.data;

import io.cpsng.cps.api.ReaderMessages;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.NcmpDataPassThroughService;
import io.cpsng.ncmp.api.NcmpDataSyncService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotReadyException;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.DataOperation;
import io.cpsng.ncmp.api.model.DataOperationRequest.Operation;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.PassThroughRequest;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.policy.PolicyExecutor;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Data pass-through: checks the datastore and the operation, that the handle is READY, a write with the policy
 * executor when it is enabled (as the reference), and hands the operation to the handle's data plugin; any answer
 * other than 2xx becomes a DmiException carrying it.
 */
@Service
class DataPassThrough implements NcmpDataPassThroughService, DisposableBean {

    static final String PASSTHROUGH_OPERATIONAL = "ncmp-datastore:passthrough-operational";
    static final String PASSTHROUGH_RUNNING = "ncmp-datastore:passthrough-running";
    private static final String DEFAULT_CONTENT_TYPE = "application/json";

    private static final int REQUEST_TIMEOUT = 408;
    private static final Logger LOGGER = LoggerFactory.getLogger(DataPassThrough.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    private final NcmpCmHandleService ncmpCmHandleService;
    private final NcmpDataSyncService ncmpDataSyncService;
    private final DmiClient dmiClient;
    private final ClientTopics clientTopics;
    private final PolicyExecutor policyExecutor;
    private final PendingAnswers pendingAnswers;
    private final TargetErrorEvents targetErrorEvents;
    private final Duration answerTimeout;
    private final ExecutorService dmiCalls = Executors.newThreadPerTaskExecutor(
        Thread.ofVirtual().name("pass-through-to-topic-", 0).factory());

    DataPassThrough(final NcmpCmHandleService ncmpCmHandleService, final NcmpDataSyncService ncmpDataSyncService,
                    final DmiClient dmiClient, final ClientTopics clientTopics, final PolicyExecutor policyExecutor,
                    final PendingAnswers pendingAnswers, final TargetErrorEvents targetErrorEvents,
                    final DataOperationProperties dataOperationProperties) {
        this.ncmpCmHandleService = ncmpCmHandleService;
        this.ncmpDataSyncService = ncmpDataSyncService;
        this.dmiClient = dmiClient;
        this.clientTopics = clientTopics;
        this.policyExecutor = policyExecutor;
        this.pendingAnswers = pendingAnswers;
        this.targetErrorEvents = targetErrorEvents;
        this.answerTimeout = dataOperationProperties.answerTimeout();
    }

    @Override
    public void destroy() {
        dmiCalls.shutdownNow();
    }

    @Override
    public DmiResponse passThrough(final PassThroughRequest request) {
        validateDatastore(request.datastoreName(), request.operation());
        validateJsonData(request);
        final CmHandle cmHandle = getReadyCmHandle(request.cmHandleReference());
        if (request.operation() != DataOperation.READ && policyExecutor.isEnabled()) {
            policyExecutor.checkPermission(request.operation().dmiName(), cmHandle.id(),
                cmHandle.alternateId() == null ? cmHandle.id() : cmHandle.alternateId(), request.resourceIdentifier(),
                changeRequestOf(request), request.authorization());
        }
        final DmiResponse dmiResponse = dmiClient.passThrough(cmHandle, request.datastoreName(),
            request.resourceIdentifier(), request.options(), request.operation().dmiName(), contentTypeOf(request),
            request.data(), request.authorization());
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("Unable to " + request.operation().dmiName() + " resource data",
                "The DMI plugin of cm handle " + cmHandle.id() + " answered " + dmiResponse.status(), dmiResponse);
        }
        return dmiResponse;
    }

    /**
     * As the reference: the request is checked and the handle must be READY before the answer; the plugin's result
     * reaches the topic through ncmp-async-m2m ({@link DataOperationResultForwarder}); the read is pending until
     * then, and told as not answered when the answer timeout passes ({@link AnswerTimeouts}).
     */
    @Override
    public String startPassThroughRead(final PassThroughRequest request, final String topic) {
        clientTopics.validate(topic);
        validateDatastore(request.datastoreName(), DataOperation.READ);
        final CmHandle cmHandle = getReadyCmHandle(request.cmHandleReference());
        final DataOperationEvents events = clientTopics.events(topic); // refused without Kafka, before the plugin
        final String requestId = RequestIds.next();
        pendingAnswers.acceptDispatched(requestId, topic, new Operation(DataOperation.READ.dmiName(), null,
            request.datastoreName(), request.options(), request.resourceIdentifier(), List.of(cmHandle.id())),
            cmHandle.id(), answerTimeout);
        dmiCalls.execute(() -> startReadOnPlugin(cmHandle, request, topic, requestId, events));
        return requestId;
    }

    /**
     * The plugin sends the result to the topic; if it cannot be asked, the client learns it there, as from the batch
     * endpoint for the same target (the reference answered a request id and then sent nothing).
     */
    private void startReadOnPlugin(final CmHandle cmHandle, final PassThroughRequest request, final String topic,
                                   final String requestId, final DataOperationEvents events) {
        DataOperationStatus failure;
        try {
            final DmiResponse dmiResponse = dmiClient.passThroughReadToTopic(cmHandle, request.datastoreName(),
                request.resourceIdentifier(), request.options(), topic, requestId, request.authorization());
            failure = dmiResponse.isSuccess() ? null : dmiResponse.status() == REQUEST_TIMEOUT
                ? DataOperationStatus.DMI_SERVICE_NOT_RESPONDING : DataOperationStatus.UNABLE_TO_READ_RESOURCE_DATA;
        } catch (final DmiException unreachable) {
            failure = DataOperationStatus.DMI_SERVICE_NOT_RESPONDING;
        }
        if (failure == null) {
            return;
        }
        LOGGER.warn("Pass-through read {} of cm handle {} failed: {} {}", requestId, cmHandle.id(), failure.code(),
            failure.message());
        targetErrorEvents.tell(events, topic, requestId, List.of(new DataOperationEvents.Response(null,
            List.of(cmHandle.id()), request.resourceIdentifier(), request.options(), failure)));
    }

    @Override
    public String startCachedRead(final String cmHandleReference, final String xpath,
                                  final FetchDescendantsOption fetchDescendantsOption, final String topic,
                                  final Function<Collection<DataNode>, JsonNode> toJson) {
        clientTopics.validate(topic);
        final DataOperationResultForwarder forwarder = clientTopics.forwarder(topic);
        final JsonNode result = toJson.apply(ncmpDataSyncService.getCachedData(cmHandleReference, xpath,
            fetchDescendantsOption));
        final String requestId = RequestIds.next();
        // sent on its own thread, as a plugin's result would be, so the answer does not wait for the broker (the
        // reference answered a request id and sent nothing)
        dmiCalls.execute(() -> {
            try {
                forwarder.sendAsForwarded(topic, requestId, result);
            } catch (final RuntimeException sendFailure) {
                LOGGER.warn("Cached read {}: its result could not be sent to {}: {}", requestId, topic,
                    sendFailure.getMessage());
            }
        });
        return requestId;
    }

    private static void validateDatastore(final String datastoreName, final DataOperation operation) {
        if (PASSTHROUGH_OPERATIONAL.equals(datastoreName)) {
            if (operation != DataOperation.READ) {
                throw new InvalidInputException("Invalid datastore", datastoreName + " is read-only: "
                    + operation.dmiName() + " needs " + PASSTHROUGH_RUNNING);
            }
        } else if (!PASSTHROUGH_RUNNING.equals(datastoreName)) {
            throw new InvalidInputException("Invalid datastore", datastoreName + " is not supported: use "
                + PASSTHROUGH_OPERATIONAL + " or " + PASSTHROUGH_RUNNING);
        }
    }

    private CmHandle getReadyCmHandle(final String cmHandleReference) {
        final CmHandle cmHandle = ncmpCmHandleService.getCmHandle(cmHandleReference);
        final CmHandleState cmHandleState = cmHandle.state() == null ? null : cmHandle.state().cmHandleState();
        if (cmHandleState != CmHandleState.READY) {
            throw new CmHandleNotReadyException(cmHandle.id(), cmHandleState);
        }
        return cmHandle;
    }

    /** The change as the policy executor is told it: the body as JSON when it is JSON, else as text; none to delete. */
    private static Object changeRequestOf(final PassThroughRequest request) {
        if (request.operation() == DataOperation.DELETE || request.data() == null) {
            return null;
        }
        try {
            return JSON.readValue(request.data(), Object.class);
        } catch (final JacksonException notJson) {
            return request.data();
        }
    }

    /**
     * Data a write declares JSON are a resource's data: a JSON object, as RFC 7951 encodes one. Anything else (cut
     * short, nested past the reader's 500 levels, a bare number) would be forwarded for the plugin to fail on.
     */
    private static void validateJsonData(final PassThroughRequest request) {
        if (request.data() == null || !contentTypeOf(request).toLowerCase(Locale.ROOT).contains("json")) {
            return;
        }
        final JsonNode data;
        try {
            data = JSON.readTree(request.data());
        } catch (final JacksonException notJson) {
            throw new InvalidInputException("Invalid data", "The body is not JSON: "
                + ReaderMessages.withoutReaderAdvice(notJson.getOriginalMessage()));
        }
        if (data == null || !data.isObject()) {
            throw new InvalidInputException("Invalid data", "The body of a JSON write is a JSON object: a "
                + "resource's data, named by their top-level node(s)");
        }
    }

    private static String contentTypeOf(final PassThroughRequest request) {
        return request.contentType() == null || request.contentType().isBlank()
            ? DEFAULT_CONTENT_TYPE : request.contentType();
    }
}
