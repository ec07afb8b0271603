package io.cpsng.cps.api.model;

/** A namespace for schema sets and anchors. */
public record Dataspace(String name) {
}
