package io.cpsng.cps.api.model;

import java.util.List;

/** A named set of YANG modules that anchors are validated against. */
public record SchemaSet(String dataspaceName, String name, List<ModuleReference> moduleReferences) {
}
