package io.cpsng.cps.api.model;

/**
 * One entry of a delta report to apply: the action (create, remove, replace), the xpath of its node, and for create
 * and replace the target data as JSON naming the node (e.g. {"categories": [{"code": "1", "name": "Comic"}]}).
 */
public record DeltaChange(String action, String xpath, String targetDataJson) {
}
