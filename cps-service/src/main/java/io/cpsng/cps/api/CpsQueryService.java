package io.cpsng.cps.api;

import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.PagedResult;
import io.cpsng.cps.api.model.PaginationOption;
import java.util.Collection;

/** Finds data nodes with cps-path expressions, translated to indexed SQL. */
public interface CpsQueryService {

    Collection<DataNode> queryDataNodes(String dataspaceName, String anchorName, String cpsPath,
                                        FetchDescendantsOption fetchDescendantsOption);

    /** For a cps-path ending in /@leaf: the values of that leaf in the matching nodes, in node order. */
    Collection<Object> queryDataLeaf(String dataspaceName, String anchorName, String cpsPath);

    /** Runs the query in every anchor of the dataspace; the page selects anchors with matches, by name. */
    PagedResult<AnchorDataNodes> queryDataNodesAcrossAnchors(String dataspaceName, String cpsPath,
                                                             FetchDescendantsOption fetchDescendantsOption,
                                                             PaginationOption paginationOption);
}
