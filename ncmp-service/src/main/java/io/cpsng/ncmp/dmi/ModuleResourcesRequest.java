package io.cpsng.ncmp.dmi;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.ncmp.api.model.CmHandle;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** The body of POST /dmi/v1/ch/{cmHandle}/moduleResources (the DMI API's ModuleResourcesReadRequest). */
record ModuleResourcesRequest(String moduleSetTag, Modules data, Map<String, String> cmHandleProperties) {

    record Modules(List<Module> modules) {
    }

    /** A module without a revision is asked for with an empty one, as the reference asks. */
    record Module(String name, String revision) {
    }

    static ModuleResourcesRequest of(final CmHandle cmHandle, final Collection<ModuleReference> moduleReferences) {
        final List<Module> modules = moduleReferences.stream().map(moduleReference -> new Module(
            moduleReference.name(), moduleReference.revision() == null ? "" : moduleReference.revision())).toList();
        return new ModuleResourcesRequest(cmHandle.moduleSetTag(), new Modules(modules),
            cmHandle.additionalProperties());
    }
}
