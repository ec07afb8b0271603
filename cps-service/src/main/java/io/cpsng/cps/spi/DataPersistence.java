package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * Stores data trees as fragments, one per container or list entry. Xpaths are canonical
 * (see Xpaths). A missing dataspace or anchor raises NotFoundException, a missing node
 * DataNodeNotFoundException.
 */
public interface DataPersistence {

    /** Inserts the trees under the parent ("/" for top level); AlreadyDefinedException if one exists. */
    void storeDataNodes(String dataspaceName, String anchorName, String parentXpath, Collection<DataNode> dataNodes);

    /** Replaces the subtrees at the nodes' xpaths (creating absent ones); each node's parent must exist. */
    void replaceDataNodes(String dataspaceName, String anchorName, Collection<DataNode> dataNodes);

    /** Deletes every entry of the lists that the given entries belong to, then inserts the entries. */
    void replaceListContent(String dataspaceName, String anchorName, String parentXpath,
                            Collection<DataNode> listEntries);

    /**
     * Whether the store already holds exactly what the write would leave: the subtrees at the nodes' xpaths (or,
     * with listParentXpath, every entry of their lists under it) equal to the nodes, and the leaves to merge already
     * there (null: none). Leaves are compared by value; the order of entries is not compared.
     */
    boolean holdsAlready(String dataspaceName, String anchorName, Collection<DataNode> dataNodes,
                         String listParentXpath, DataNode leavesToMerge);

    /** Merges each node's leaves into the stored node with its xpath; children of the given nodes are ignored. */
    void updateLeaves(String dataspaceName, String anchorName, Collection<DataNode> dataNodes);

    /**
     * Merges each node's leaves into the stored node with its xpath in its anchor, for many anchors in one
     * statement, all of an anchor's nodes or none: answers the anchors some of whose nodes are not stored, which are
     * left as they are.
     */
    Set<String> updateLeavesOfAnchors(String dataspaceName, Map<String, Collection<DataNode>> dataNodesByAnchorName);

    /** Reads nodes by xpath ("/" reads every top-level node); xpaths with no node are left out. */
    NodesRead getDataNodes(String dataspaceName, String anchorName, Collection<String> xpaths,
                           FetchDescendantsOption fetchDescendantsOption);

    /** Deletes nodes (or, for a list xpath without key predicate, every entry of the list) with descendants. */
    void deleteDataNodes(String dataspaceName, String anchorName, Collection<String> xpaths);

    void deleteAllData(String dataspaceName, String anchorName);

    /** The data of each anchor replaced by its top-level nodes (none: emptied), in one write for all of them. */
    void replaceAllData(String dataspaceName, Map<String, Collection<DataNode>> dataNodesByAnchorName);
}
