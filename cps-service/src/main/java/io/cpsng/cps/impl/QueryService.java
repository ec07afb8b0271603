package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsQueryService;
import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.PagedResult;
import io.cpsng.cps.api.model.PaginationOption;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.spi.QueryPersistence;
import io.micrometer.core.annotation.Timed;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional(readOnly = true)
@Timed("cps.store.operation")
class QueryService implements CpsQueryService {

    private final QueryPersistence queryPersistence;
    private final AnchorModels anchorModels;

    QueryService(final QueryPersistence queryPersistence, final AnchorModels anchorModels) {
        this.queryPersistence = queryPersistence;
        this.anchorModels = anchorModels;
    }

    @Override
    public Collection<DataNode> queryDataNodes(final String dataspaceName, final String anchorName,
                                               final String cpsPath,
                                               final FetchDescendantsOption fetchDescendantsOption) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final List<DataNode> dataNodes = queryPersistence.queryDataNodes(dataspaceName, anchorName,
            CpsPathParser.parse(cpsPath), fetchDescendantsOption);
        return anchorModels.withModules(dataspaceName, anchorName, dataNodes);
    }

    @Override
    public Collection<Object> queryDataLeaf(final String dataspaceName, final String anchorName,
                                            final String cpsPath) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return queryPersistence.queryDataLeaf(dataspaceName, anchorName, CpsPathParser.parse(cpsPath));
    }

    @Override
    public PagedResult<AnchorDataNodes> queryDataNodesAcrossAnchors(final String dataspaceName,
                                                                    final String cpsPath,
                                                                    final FetchDescendantsOption descendants,
                                                                    final PaginationOption paginationOption) {
        NameValidator.validateNames(dataspaceName);
        final PagedResult<AnchorDataNodes> page = queryPersistence.queryDataNodesAcrossAnchors(dataspaceName,
            CpsPathParser.parse(cpsPath), descendants, paginationOption);
        final List<AnchorDataNodes> withModules = page.items().stream()
            .map(anchorDataNodes -> new AnchorDataNodes(anchorDataNodes.anchorName(),
                anchorModels.withModules(dataspaceName, anchorDataNodes.anchorName(), anchorDataNodes.dataNodes())))
            .toList();
        return new PagedResult<>(withModules, page.totalPages());
    }
}
