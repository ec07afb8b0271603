package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.DataNode;
import java.util.Collection;
import java.util.List;

/**
 * Nodes read from one anchor with the schema set of that anchor, which names their modules: known from the rows
 * read, so a read needs no look-up of its own for it. The schema set is null when no node was read.
 */
public record NodesRead(SchemaSetIdentity schemaSet, Collection<DataNode> dataNodes) {

    public static final NodesRead NONE = new NodesRead(null, List.of());
}
