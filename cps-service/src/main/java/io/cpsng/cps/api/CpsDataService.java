package io.cpsng.cps.api;

import io.cpsng.cps.api.model.AnchorLeavesUpdate;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.transaction.annotation.Transactional;

/**
 * Reads and writes the data of an anchor. Data comes as JSON or XML text, validated against the
 * anchor's schema set; a parent xpath of "/" means the top of the tree. Each write is one
 * transaction: it stores all of the given data or none of it, and with it the data-updated events of anchors
 * subscribed to them (CpsNotificationService), carrying the observed timestamp a write is given (null: none).
 */
// the overloads without an observed timestamp are default methods: DataService's own @Transactional does not reach
// them, and without this each store call they make would be a transaction of its own
@Transactional
public interface CpsDataService {

    /** Creates the given nodes under the parent; AlreadyDefinedException if any of them exists. */
    void saveData(String dataspaceName, String anchorName, String parentXpath, String data, ContentType contentType,
                  String observedTimestamp);

    default void saveData(final String dataspaceName, final String anchorName, final String parentXpath,
                          final String data, final ContentType contentType) {
        saveData(dataspaceName, anchorName, parentXpath, data, contentType, null);
    }

    /** Adds list entries under the parent; AlreadyDefinedException if any of them exists. */
    void saveListElements(String dataspaceName, String anchorName, String parentXpath, String data,
                          ContentType contentType, String observedTimestamp);

    default void saveListElements(final String dataspaceName, final String anchorName, final String parentXpath,
                                  final String data, final ContentType contentType) {
        saveListElements(dataspaceName, anchorName, parentXpath, data, contentType, null);
    }

    /**
     * Replaces the given nodes and all their descendants, creating those that do not exist. Leaves at the top of
     * the data are the parent's own (the data are the parent's content) and are merged into it.
     */
    void updateDataNodeAndDescendants(String dataspaceName, String anchorName, String parentXpath, String data,
                                      ContentType contentType, String observedTimestamp);

    default void updateDataNodeAndDescendants(final String dataspaceName, final String anchorName,
                                              final String parentXpath, final String data,
                                              final ContentType contentType) {
        updateDataNodeAndDescendants(dataspaceName, anchorName, parentXpath, data, contentType, null);
    }

    /** Replaces every entry of the lists in the data (under the parent) with the given entries. */
    void replaceListContent(String dataspaceName, String anchorName, String parentXpath, String data,
                            ContentType contentType, String observedTimestamp);

    default void replaceListContent(final String dataspaceName, final String anchorName, final String parentXpath,
                                    final String data, final ContentType contentType) {
        replaceListContent(dataspaceName, anchorName, parentXpath, data, contentType, null);
    }

    /**
     * Merges the leaves of the given nodes into the stored ones; their descendants are left as they are. Leaves at
     * the top of the data are the parent's own (the data are the parent's content) and are merged into it.
     */
    void updateNodeLeaves(String dataspaceName, String anchorName, String parentXpath, String data,
                          ContentType contentType, String observedTimestamp);

    default void updateNodeLeaves(final String dataspaceName, final String anchorName, final String parentXpath,
                                  final String data, final ContentType contentType) {
        updateNodeLeaves(dataspaceName, anchorName, parentXpath, data, contentType, null);
    }

    /** Parses and validates the data as a write would, and stores nothing. */
    void validateData(String dataspaceName, String anchorName, String parentXpath, String data,
                      ContentType contentType);

    /**
     * Parses and validates the data as a replace or a leaf update of the node at the xpath takes them (its own
     * leaves as well as its children), and stores nothing.
     */
    void validateNodeContent(String dataspaceName, String anchorName, String xpath, String data,
                             ContentType contentType);

    /** Deletes the node at the xpath with its descendants; "/" deletes all data, a list xpath all its entries. */
    void deleteDataNode(String dataspaceName, String anchorName, String xpath, String observedTimestamp);

    default void deleteDataNode(final String dataspaceName, final String anchorName, final String xpath) {
        deleteDataNode(dataspaceName, anchorName, xpath, null);
    }

    /**
     * The data of each anchor replaced by its JSON (a top-level document, as saved at "/"; null empties the anchor),
     * all in one write: a cache of many anchors refreshed at once. DataValidationException names the anchor whose
     * data do not fit its model; then nothing is written.
     */
    void replaceData(String dataspaceName, Map<String, String> jsonDataByAnchorName);

    /**
     * Merges leaves into nodes of many anchors at once, as updateNodeLeaves does for one (caches of many anchors
     * kept current), at most one update per anchor, all in one transaction. Answers the anchors whose update could
     * not be applied in full: a path or data their model refuses (nothing written), or a node that is not there.
     */
    Set<String> updateNodeLeavesOfAnchors(String dataspaceName, List<AnchorLeavesUpdate> updates);

    /**
     * The xpath a RESTCONF-style path (RFC 8040: /module:node/list=key1,key2/child) names in the anchor's model;
     * DataValidationException for a step the model does not have.
     */
    String xpathOfRestconfPath(String dataspaceName, String anchorName, String restconfPath);

    /** The containers and lists the anchor's model lets data start with, as module:name; sorted. */
    List<String> getTopLevelNodeNames(String dataspaceName, String anchorName);

    /**
     * Reads the node at the xpath ("/" for all top nodes); DataNodeNotFoundException when there is none (at "/":
     * when the anchor has no data).
     */
    Collection<DataNode> getDataNodes(String dataspaceName, String anchorName, String xpath,
                                      FetchDescendantsOption fetchDescendantsOption);

    /** Reads several nodes in one call; xpaths without a node are left out. */
    Collection<DataNode> getDataNodesForMultipleXpaths(String dataspaceName, String anchorName,
                                                       Collection<String> xpaths,
                                                       FetchDescendantsOption fetchDescendantsOption);

    /** Deletes several nodes (or lists) in one transaction; DataNodeNotFoundException if any is missing. */
    void deleteDataNodes(String dataspaceName, String anchorName, Collection<String> xpaths);

    /**
     * Replaces each given node with its descendants wherever it is (its parent is named by its xpath and
     * must exist), creating the nodes that do not exist; for callers that build trees in code (NCMP).
     */
    void updateDataNodesAndDescendants(String dataspaceName, String anchorName, Collection<DataNode> dataNodes);

    /** Stores already-built nodes under the parent, for callers that build trees in code (NCMP). */
    void saveDataNodes(String dataspaceName, String anchorName, String parentXpath, Collection<DataNode> dataNodes);
}
