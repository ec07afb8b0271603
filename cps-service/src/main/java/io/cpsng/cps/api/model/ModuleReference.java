package io.cpsng.cps.api.model;

/** Identifies one YANG module; revision is null for a module without a revision statement. */
public record ModuleReference(String name, String namespace, String revision) {
}
