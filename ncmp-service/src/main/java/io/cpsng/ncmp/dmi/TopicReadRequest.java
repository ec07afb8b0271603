package io.cpsng.ncmp.dmi;

import io.cpsng.ncmp.api.model.CmHandle;
import java.util.Map;

/**
 * The body of a pass-through read whose result the plugin sends to the topic itself (the DMI API's
 * DataAccessRequest with a request id): unlike {@link DataAccessRequest}, it has no dataType and data at all.
 */
record TopicReadRequest(String operation, Map<String, String> cmHandleProperties, String requestId,
                        String moduleSetTag) {

    static TopicReadRequest of(final CmHandle cmHandle, final String requestId) {
        return new TopicReadRequest("read", cmHandle.additionalProperties(), requestId, cmHandle.moduleSetTag());
    }
}
