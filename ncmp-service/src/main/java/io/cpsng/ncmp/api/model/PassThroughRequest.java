package io.cpsng.ncmp.api.model;

/**
 * A data operation on one handle's resource, to be passed through to its DMI plugin. Data and content
 * type are null for reads and deletes; options are passed on as given, e.g. "(fields=a,depth=2)"; the client's
 * Authorization (or null) goes to the policy executor with a write, and to the plugin with
 * ncmp.dmi.auth.enabled=false.
 */
public record PassThroughRequest(String cmHandleReference, String datastoreName, DataOperation operation,
                                 String resourceIdentifier, String options, String contentType, String data,
                                 String authorization) {
}
