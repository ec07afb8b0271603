package io.cpsng.cps.impl;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.spi.AdminPersistence;
import io.cpsng.cps.spi.NodesRead;
import io.cpsng.cps.spi.SchemaSetIdentity;
import io.cpsng.cps.yang.YangModel;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The YANG model an anchor's data is validated against, and the module names it gives read results. */
@Component
class AnchorModels {

    private final AdminPersistence adminPersistence;
    private final YangModelCache yangModelCache;

    AnchorModels(final AdminPersistence adminPersistence, final YangModelCache yangModelCache) {
        this.adminPersistence = adminPersistence;
        this.yangModelCache = yangModelCache;
    }

    YangModel yangModelOf(final String dataspaceName, final String anchorName) {
        return yangModelCache.get(adminPersistence.getAnchorSchemaSet(dataspaceName, anchorName));
    }

    YangModel yangModelOf(final SchemaSetIdentity schemaSet) {
        return yangModelCache.get(schemaSet);
    }

    /** The models of those of the anchors that exist, by anchor name, with one look-up of their schema sets. */
    Map<String, YangModel> yangModelsOf(final String dataspaceName, final Collection<String> anchorNames) {
        final Map<String, YangModel> yangModels = new HashMap<>();
        adminPersistence.getAnchorSchemaSets(dataspaceName, anchorNames)
            .forEach((anchorName, schemaSet) -> yangModels.put(anchorName, yangModelCache.get(schemaSet)));
        return yangModels;
    }

    /** Names the module of each top node, as the JSON and XML output need it. */
    List<DataNode> withModules(final String dataspaceName, final String anchorName,
                               final Collection<DataNode> dataNodes) {
        if (dataNodes.isEmpty()) {
            return List.of();
        }
        return withModules(yangModelOf(dataspaceName, anchorName), dataNodes);
    }

    /** The same for nodes read with their anchor's schema set. */
    List<DataNode> withModules(final NodesRead nodesRead) {
        if (nodesRead.dataNodes().isEmpty()) {
            return List.of();
        }
        return withModules(yangModelCache.get(nodesRead.schemaSet()), nodesRead.dataNodes());
    }

    private static List<DataNode> withModules(final YangModel yangModel, final Collection<DataNode> dataNodes) {
        return dataNodes.stream()
            .map(dataNode -> dataNode.withModule(yangModel.topLevelModuleOf(dataNode.xpath())))
            .toList();
    }
}
