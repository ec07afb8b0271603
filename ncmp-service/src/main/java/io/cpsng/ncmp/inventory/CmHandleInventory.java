package io.cpsng.ncmp.inventory;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CompositeState;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The CM-handle inventory, kept in the store as the dmi-registry model: every read and write here is
 * one bulk call to the store's public API, whatever the number of handles.
 */
@Component
public class CmHandleInventory {

    public static final String NCMP_DATASPACE = "NCMP-Admin";
    public static final String REGISTRY_ANCHOR = "ncmp-dmi-registry";
    /** Where handles' modules live: a schema set per module set and an anchor per handle, named by its id. */
    public static final String NFP_OPERATIONAL_DATASPACE = "NFP-Operational";

    private final CpsDataService cpsDataService;

    CmHandleInventory(final CpsDataService cpsDataService) {
        this.cpsDataService = cpsDataService;
    }

    /** The handles that exist among the ids, by id, with properties and state. */
    public Map<String, CmHandle> getCmHandles(final Collection<String> cmHandleIds) {
        final Collection<DataNode> cmHandleNodes = cpsDataService.getDataNodesForMultipleXpaths(NCMP_DATASPACE,
            REGISTRY_ANCHOR, xpathsOf(cmHandleIds), FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS);
        final Map<String, CmHandle> cmHandlesById = new LinkedHashMap<>();
        for (final DataNode cmHandleNode : cmHandleNodes) {
            final CmHandle cmHandle = CmHandleNodes.toCmHandle(cmHandleNode);
            cmHandlesById.put(cmHandle.id(), cmHandle);
        }
        return cmHandlesById;
    }

    /** The ids among the given ones that are registered, read without their descendants. */
    public Set<String> existingIds(final Collection<String> cmHandleIds) {
        return cpsDataService.getDataNodesForMultipleXpaths(NCMP_DATASPACE, REGISTRY_ANCHOR, xpathsOf(cmHandleIds),
                FetchDescendantsOption.OMIT_DESCENDANTS).stream()
            .map(cmHandleNode -> String.valueOf(cmHandleNode.leaves().get("id")))
            .collect(Collectors.toSet());
    }

    public void saveNew(final Collection<CmHandle> cmHandles) {
        cpsDataService.saveDataNodes(NCMP_DATASPACE, REGISTRY_ANCHOR, CmHandleNodes.REGISTRY_XPATH,
            cmHandles.stream().map(CmHandleNodes::toDataNode).toList());
    }

    /** Replaces each handle whole: its leaves, properties and state. */
    public void replace(final Collection<CmHandle> cmHandles) {
        cpsDataService.updateDataNodesAndDescendants(NCMP_DATASPACE, REGISTRY_ANCHOR,
            cmHandles.stream().map(CmHandleNodes::toDataNode).toList());
    }

    public void updateStates(final Map<String, CompositeState> statesByCmHandleId) {
        if (!statesByCmHandleId.isEmpty()) {
            cpsDataService.updateDataNodesAndDescendants(NCMP_DATASPACE, REGISTRY_ANCHOR,
                statesByCmHandleId.entrySet().stream()
                    .map(idAndState -> CmHandleNodes.toStateNode(idAndState.getKey(), idAndState.getValue()))
                    .toList());
        }
    }

    public void delete(final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            cpsDataService.deleteDataNodes(NCMP_DATASPACE, REGISTRY_ANCHOR, xpathsOf(cmHandleIds));
        }
    }

    private static List<String> xpathsOf(final Collection<String> cmHandleIds) {
        return cmHandleIds.stream().map(CmHandleNodes::xpathOf).toList();
    }
}
