package io.cpsng.cps.api.model;

import java.util.List;

/** The data nodes a query found in one anchor. */
public record AnchorDataNodes(String anchorName, List<DataNode> dataNodes) {
}
