package io.cpsng.ncmp.dmi;

import io.cpsng.ncmp.api.model.CmHandle;
import java.util.Map;

/**
 * The body of a pass-through operation, POST /dmi/v1/ch/{cmHandle}/data/ds/{datastore} (the DMI API's
 * DataAccessRequest): a read has null dataType and data, and sends them as null.
 */
record DataAccessRequest(String operation, String dataType, String data, Map<String, String> cmHandleProperties,
                         String moduleSetTag) {

    static DataAccessRequest of(final CmHandle cmHandle, final String operation, final String dataType,
                                final String data) {
        return new DataAccessRequest(operation, dataType, data, cmHandle.additionalProperties(),
            cmHandle.moduleSetTag());
    }
}
