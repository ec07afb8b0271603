package io.cpsng.cps.api.model;

/**
 * One entry of a delta report to apply, as the delta endpoints write it (either form): the action (create, remove,
 * replace), an xpath, and the source and target data as JSON, each naming its node(s), e.g.
 * {"categories": [{"code": "1", "name": "Comic"}]}. The data name either the node at the xpath or children of it.
 */
public record DeltaChange(String action, String xpath, String sourceDataJson, String targetDataJson) {
}
