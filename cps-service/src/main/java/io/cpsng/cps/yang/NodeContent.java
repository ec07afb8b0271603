package io.cpsng.cps.yang;

import io.cpsng.cps.api.model.DataNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Data sent as the content of one node: the leaves of the node at the xpath (none for "/") and the child nodes
 * below it, each with its descendants.
 */
public record NodeContent(String xpath, Map<String, Object> leaves, List<DataNode> childNodes) {

    public NodeContent {
        leaves = Collections.unmodifiableMap(new LinkedHashMap<>(leaves));
        childNodes = List.copyOf(childNodes);
    }

    /** The node at the xpath as a data node holding only its own leaves; null when the content has none. */
    public DataNode nodeLeaves() {
        return leaves.isEmpty() ? null : new DataNode(xpath, null, leaves, List.of());
    }
}
