package io.cpsng.rest.ncmp;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.YangResource;

/** A handle's modules as the reference's RestModuleReference and RestModuleDefinition. */
final class RestModules {

    private RestModules() {
    }

    record RestModuleReference(String moduleName, String revision) {

        static RestModuleReference of(final ModuleReference moduleReference) {
            return new RestModuleReference(moduleReference.name(), moduleReference.revision());
        }
    }

    record RestModuleDefinition(String moduleName, String revision, String content) {

        static RestModuleDefinition of(final YangResource yangResource) {
            return new RestModuleDefinition(yangResource.module().name(), yangResource.module().revision(),
                yangResource.content());
        }
    }
}
