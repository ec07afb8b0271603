package io.cpsng.cps.api.model;

import java.util.List;

/**
 * One entry of a delta report, as the reference writes it: the action (create, remove, replace), an xpath, and the
 * nodes on either side. Each node compared on its own: the xpath is the node's and the data are the node without its
 * children (for a replacement, only the leaves that differ and a list entry's keys). Condensed (grouped): a created
 * or removed subtree is one entry at its parent's xpath, with the whole subtree, siblings under one parent together.
 */
public record DeltaReport(String action, String xpath, List<DataNode> sourceData, List<DataNode> targetData) {

    public static final String CREATE = "create";
    public static final String REMOVE = "remove";
    public static final String REPLACE = "replace";

    public DeltaReport {
        sourceData = sourceData == null ? List.of() : List.copyOf(sourceData);
        targetData = targetData == null ? List.of() : List.copyOf(targetData);
    }
}
