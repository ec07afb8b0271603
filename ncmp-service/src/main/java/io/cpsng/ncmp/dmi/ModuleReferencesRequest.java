package io.cpsng.ncmp.dmi;

import io.cpsng.ncmp.api.model.CmHandle;
import java.util.Map;

/** The body of POST /dmi/v1/ch/{cmHandle}/modules (the DMI API's ModuleReferencesRequest). */
record ModuleReferencesRequest(Map<String, String> cmHandleProperties, String moduleSetTag) {

    static ModuleReferencesRequest of(final CmHandle cmHandle) {
        return new ModuleReferencesRequest(cmHandle.additionalProperties(), cmHandle.moduleSetTag());
    }
}
