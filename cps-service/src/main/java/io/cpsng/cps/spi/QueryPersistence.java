package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.PagedResult;
import io.cpsng.cps.api.model.PaginationOption;
import io.cpsng.cps.path.CpsPathQuery;
import java.util.List;

/** Runs parsed cps-path queries as SQL over the stored fragments. */
public interface QueryPersistence {

    List<DataNode> queryDataNodes(String dataspaceName, String anchorName, CpsPathQuery cpsPathQuery,
                                  FetchDescendantsOption fetchDescendantsOption);

    /** The values of the query's trailing leaf in the matching nodes, in node order; absent leaves are skipped. */
    List<Object> queryDataLeaf(String dataspaceName, String anchorName, CpsPathQuery cpsPathQuery);

    PagedResult<AnchorDataNodes> queryDataNodesAcrossAnchors(String dataspaceName, CpsPathQuery cpsPathQuery,
                                                             FetchDescendantsOption fetchDescendantsOption,
                                                             PaginationOption paginationOption);
}
