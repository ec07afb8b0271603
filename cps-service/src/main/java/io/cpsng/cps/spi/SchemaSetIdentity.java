package io.cpsng.cps.spi;

/**
 * A schema set as it exists now: the id changes when a set of the same name is deleted and
 * created again, so a parsed model cached under this identity can never be stale.
 */
public record SchemaSetIdentity(String dataspaceName, String schemaSetName, long id) {
}
