package io.cpsng.ncmp.dmi;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DataOperationRequest.Operation;
import java.util.List;
import java.util.Map;

/** The body of POST /dmi/v1/data: a batch of data operations on the handles of one plugin. */
public record DataOperationsRequest(List<DmiOperation> operations) {

    /**
     * One operation (the DMI API's DataOperationRequest): options and resource identifier left out when the client
     * gave none, the operation id sent even when null.
     */
    public record DmiOperation(String operation, String operationId, String datastore,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String options,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String resourceIdentifier,
                               List<DmiCmHandle> cmHandles) {

        /** The client's operation on those of its targets the plugin serves. */
        public static DmiOperation of(final Operation operation, final List<CmHandle> cmHandles) {
            return new DmiOperation(operation.operation(), operation.operationId(), operation.datastore(),
                operation.options(), operation.resourceIdentifier(), cmHandles.stream().map(DmiCmHandle::of).toList());
        }
    }

    /** A target (the DMI API's dmiOperationCmHandle): a handle without a module set tag has none in the body. */
    public record DmiCmHandle(String id, Map<String, String> cmHandleProperties,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) String moduleSetTag) {

        static DmiCmHandle of(final CmHandle cmHandle) {
            return new DmiCmHandle(cmHandle.id(), cmHandle.additionalProperties(), cmHandle.moduleSetTag());
        }
    }
}
