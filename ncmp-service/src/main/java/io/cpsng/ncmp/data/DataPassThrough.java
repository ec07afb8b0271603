package io.cpsng.ncmp.data;

import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.NcmpDataService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotReadyException;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.DataOperation;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.PassThroughRequest;
import io.cpsng.ncmp.dmi.DmiClient;
import org.springframework.stereotype.Service;

/**
 * Data pass-through: checks the datastore and the operation, that the handle is READY, and hands the
 * operation to the handle's data plugin; any answer other than 2xx becomes a DmiException carrying it.
 */
@Service
class DataPassThrough implements NcmpDataService {

    static final String PASSTHROUGH_OPERATIONAL = "ncmp-datastore:passthrough-operational";
    static final String PASSTHROUGH_RUNNING = "ncmp-datastore:passthrough-running";
    private static final String DEFAULT_CONTENT_TYPE = "application/json";

    private final NcmpCmHandleService ncmpCmHandleService;
    private final DmiClient dmiClient;

    DataPassThrough(final NcmpCmHandleService ncmpCmHandleService, final DmiClient dmiClient) {
        this.ncmpCmHandleService = ncmpCmHandleService;
        this.dmiClient = dmiClient;
    }

    @Override
    public DmiResponse passThrough(final PassThroughRequest request) {
        validateDatastore(request.datastoreName(), request.operation());
        final CmHandle cmHandle = getReadyCmHandle(request.cmHandleReference());
        final DmiResponse dmiResponse = dmiClient.passThrough(cmHandle, request.datastoreName(),
            request.resourceIdentifier(), request.options(), request.operation().dmiName(), contentTypeOf(request),
            request.data());
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("Unable to " + request.operation().dmiName() + " resource data",
                "The DMI plugin of cm handle " + cmHandle.id() + " answered " + dmiResponse.status(), dmiResponse);
        }
        return dmiResponse;
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

    private static String contentTypeOf(final PassThroughRequest request) {
        return request.contentType() == null || request.contentType().isBlank()
            ? DEFAULT_CONTENT_TYPE : request.contentType();
    }
}
