package io.cpsng.cps.api.model;

/**
 * Leaves to merge into a node of an anchor: the node named by a RESTCONF-style path (RFC 8040), the JSON its
 * parent's content as updateNodeLeaves takes it ({"module:node": {...}} or, for a list entry, [{...}]).
 */
public record AnchorLeavesUpdate(String anchorName, String restconfPath, String json) {
}
