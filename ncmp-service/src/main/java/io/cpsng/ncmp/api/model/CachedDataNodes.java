package io.cpsng.ncmp.api.model;

import io.cpsng.cps.api.model.DataNode;
import java.util.Collection;

/** Nodes of a handle's cached data, with the handle's id (its cache's anchor) and the dataspace they are in. */
public record CachedDataNodes(String dataspaceName, String cmHandleId, Collection<DataNode> dataNodes) {
}
