package io.cpsng.cps.api.model;

/** The YANG module a top data node belongs to: its prefix names the JSON key, its namespace the XML one. */
public record ModuleIdentity(String name, String prefix, String namespace) {
}
