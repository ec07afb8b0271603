package io.cpsng.ncmp.api.model;

/** One write of a data job: the FDN it changes, the operation (add, merge, remove...), its id and its value. */
public record WriteOperation(String path, String op, String operationId, Object value) {
}
