package io.cpsng.cps.api.model;

import java.util.List;
import java.util.Map;

/**
 * One node of a data tree: a container, a list entry, or the root of a subtree.
 * The module is known for the top nodes of a request or a read (it names the JSON key and the
 * XML namespace) and is null for nodes nested below them. Leaf-lists are leaves with List values.
 */
public record DataNode(String xpath, ModuleIdentity module, Map<String, Object> leaves,
                       List<DataNode> childDataNodes) {

    public DataNode {
        leaves = leaves == null ? Map.of() : leaves;
        childDataNodes = childDataNodes == null ? List.of() : childDataNodes;
    }

    public DataNode withModule(final ModuleIdentity moduleIdentity) {
        return new DataNode(xpath, moduleIdentity, leaves, childDataNodes);
    }
}
