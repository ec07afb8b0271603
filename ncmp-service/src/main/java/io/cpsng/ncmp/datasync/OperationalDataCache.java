package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.CpsQueryService;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.inventory.CmHandlesDeleted;
import java.util.Collection;
import java.util.List;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The cached operational data (ncmp-datastore:operational): one anchor per data-synced handle, named by its id, in
 * the dataspace of the handles' module sets, on the handle's module set. The anchor exists only while data sync is
 * on (the reference keeps one for every handle): turning it off, or deleting the handle, drops it.
 */
@Component
class OperationalDataCache {

    private static final String ROOT = "/";

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
     * The top-level nodes the handle's module set defines (module:name), its anchor made first if missing or on
     * another module set (an upgrade): what a sync asks the plugin for. In the caller's transaction.
     */
    List<String> prepare(final String cmHandleId, final String schemaSetName) {
        final Collection<Anchor> anchors = cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, List.of(cmHandleId));
        if (anchors.stream().noneMatch(anchor -> anchor.schemaSetName().equals(schemaSetName))) {
            replaceAnchor(cmHandleId, schemaSetName);
        }
        return cpsDataService.getTopLevelNodeNames(NFP_OPERATIONAL_DATASPACE, cmHandleId);
    }

    /** The cached data replaced by the plugin's JSON (null or {} for none); in the caller's transaction. */
    void replace(final String cmHandleId, final String schemaSetName, final String json) {
        replaceAnchor(cmHandleId, schemaSetName);
        if (json != null) {
            cpsDataService.saveData(NFP_OPERATIONAL_DATASPACE, cmHandleId, ROOT, json, ContentType.JSON);
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

    /** As the reference: nothing cached reads as no data at the root; any other xpath is not found. */
    Collection<DataNode> get(final String cmHandleId, final String xpath,
                             final FetchDescendantsOption fetchDescendantsOption) {
        final boolean cached = isCached(cmHandleId);
        if (ROOT.equals(xpath)) {
            try {
                return cached ? cpsDataService.getDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId, ROOT,
                    fetchDescendantsOption) : List.of();
            } catch (final DataNodeNotFoundException nothingCached) {
                return List.of();
            }
        }
        if (!cached) {
            throw new DataNodeNotFoundException(NFP_OPERATIONAL_DATASPACE, cmHandleId, List.of(xpath));
        }
        return cpsDataService.getDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId, xpath, fetchDescendantsOption);
    }

    Collection<DataNode> query(final String cmHandleId, final String cpsPath,
                               final FetchDescendantsOption fetchDescendantsOption) {
        if (!isCached(cmHandleId)) {
            return List.of();
        }
        return cpsQueryService.queryDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId, cpsPath, fetchDescendantsOption);
    }

    private boolean isCached(final String cmHandleId) {
        return !cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, List.of(cmHandleId)).isEmpty();
    }

    private void replaceAnchor(final String cmHandleId, final String schemaSetName) {
        cpsAnchorService.deleteAnchors(NFP_OPERATIONAL_DATASPACE, List.of(cmHandleId));
        cpsAnchorService.createAnchor(NFP_OPERATIONAL_DATASPACE, schemaSetName, cmHandleId);
    }
}
