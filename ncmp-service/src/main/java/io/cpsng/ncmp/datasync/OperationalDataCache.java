package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.CpsQueryService;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.registration.CmHandlesDeleted;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The cached operational data (ncmp-datastore:operational): one anchor per data-synced handle, named by its id, in
 * the dataspace of the handles' module sets, on the handle's module set. The anchor exists only while data sync is
 * on (the reference keeps one for every handle): turning it off, or deleting the handle, drops it.
 */
@Component
class OperationalDataCache {

    private final CpsAnchorService cpsAnchorService;
    private final CpsDataService cpsDataService;
    private final CpsQueryService cpsQueryService;

    OperationalDataCache(final CpsAnchorService cpsAnchorService, final CpsDataService cpsDataService,
                         final CpsQueryService cpsQueryService) {
        this.cpsAnchorService = cpsAnchorService;
        this.cpsDataService = cpsDataService;
        this.cpsQueryService = cpsQueryService;
    }

    /**
     * What a sync of the handles asks the plugins for: for each module set, the top-level nodes it defines
     * (module:name); and the module sets their anchors were on before an upgrade (to delete if nobody uses them).
     */
    record Prepared(Map<String, List<String>> topLevelNodesBySchemaSet, Set<String> leftSchemaSetNames) {
    }

    /**
     * The handles' anchors made where missing or on another module set (an upgrade), one statement per module set,
     * and what a sync asks for. In the caller's transaction.
     */
    Prepared prepare(final Map<String, String> schemaSetNamesByCmHandleId) {
        final Map<String, String> current = new HashMap<>();
        cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, schemaSetNamesByCmHandleId.keySet())
            .forEach(anchor -> current.put(anchor.name(), anchor.schemaSetName()));
        final Map<String, List<String>> stale = new HashMap<>();
        final Set<String> left = new HashSet<>();
        schemaSetNamesByCmHandleId.forEach((cmHandleId, schemaSetName) -> {
            if (!schemaSetName.equals(current.get(cmHandleId))) {
                stale.computeIfAbsent(schemaSetName, name -> new ArrayList<>()).add(cmHandleId);
                if (current.containsKey(cmHandleId)) {
                    left.add(current.get(cmHandleId));
                }
            }
        });
        drop(stale.values().stream().flatMap(List::stream).toList());
        stale.forEach((schemaSetName, cmHandleIds) ->
            cpsAnchorService.createAnchors(NFP_OPERATIONAL_DATASPACE, schemaSetName, cmHandleIds));
        final Map<String, List<String>> topLevelNodesBySchemaSet = new HashMap<>();
        schemaSetNamesByCmHandleId.forEach((cmHandleId, schemaSetName) -> topLevelNodesBySchemaSet.computeIfAbsent(
            schemaSetName, name -> cpsDataService.getTopLevelNodeNames(NFP_OPERATIONAL_DATASPACE, cmHandleId)));
        return new Prepared(topLevelNodesBySchemaSet, left);
    }

    /**
     * The cached data of each handle replaced by its JSON (null for none), all in one write; their anchors exist.
     * In the caller's transaction.
     */
    void replace(final Map<String, String> jsonByCmHandleId) {
        if (!jsonByCmHandleId.isEmpty()) {
            cpsDataService.replaceData(NFP_OPERATIONAL_DATASPACE, jsonByCmHandleId);
        }
    }

    void drop(final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            cpsAnchorService.deleteAnchors(NFP_OPERATIONAL_DATASPACE, cmHandleIds);
        }
    }

    @EventListener
    void onCmHandlesDeleted(final CmHandlesDeleted cmHandlesDeleted) {
        drop(cmHandlesDeleted.cmHandleIds());
    }

    /** As the reference answers it: nothing cached at the xpath (at "/": nothing cached at all) is not found. */
    Collection<DataNode> get(final String cmHandleId, final String xpath,
                             final FetchDescendantsOption fetchDescendantsOption) {
        try {
            return cpsDataService.getDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId, xpath, fetchDescendantsOption);
        } catch (final NotFoundException noAnchor) {
            throw new DataNodeNotFoundException(NFP_OPERATIONAL_DATASPACE, cmHandleId, List.of(xpath));
        }
    }

    Collection<DataNode> query(final String cmHandleId, final String cpsPath,
                               final FetchDescendantsOption fetchDescendantsOption) {
        try {
            return cpsQueryService.queryDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId, cpsPath,
                fetchDescendantsOption);
        } catch (final NotFoundException noAnchor) {
            return List.of();
        }
    }
}
