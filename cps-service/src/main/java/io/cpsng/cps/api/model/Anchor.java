package io.cpsng.cps.api.model;

/** A named data tree in a dataspace, validated against one schema set. */
public record Anchor(String name, String dataspaceName, String schemaSetName) {
}
