package io.cpsng.rest.ncmp;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.NcmpDataPassThroughService;
import io.cpsng.ncmp.api.NcmpDataSyncService;
import io.cpsng.ncmp.api.model.CachedDataNodes;
import io.cpsng.rest.cps.DataNodeFormatter;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Data sync and the cached operational datastore (ncmp-datastore:operational): the flag, reads of the cached data
 * in the reference's v3 shape, and cps-path queries answered as the reference serialises its data nodes. The path
 * of the datastore is literal, so it is matched before the pass-through's {datastore-name}.
 */
@RestController
@RequestMapping("/ncmp/v1/ch/{cm-handle}")
class NcmpDataSyncRestController {

    private static final String CM_HANDLE = "cm-handle";
    private static final String OPERATIONAL = "/data/ds/ncmp-datastore:operational";
    private static final String INCLUDE_DESCENDANTS = "include-descendants";

    private final NcmpDataSyncService ncmpDataSyncService;
    private final NcmpDataPassThroughService ncmpDataPassThroughService;

    NcmpDataSyncRestController(final NcmpDataSyncService ncmpDataSyncService, final NcmpDataPassThroughService ncmpDataPassThroughService) {
        this.ncmpDataSyncService = ncmpDataSyncService;
        this.ncmpDataPassThroughService = ncmpDataPassThroughService;
    }

    @PutMapping("/data-sync")
    ResponseEntity<Void> setDataSyncEnabledFlagForCmHandle(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @RequestParam("dataSyncEnabled") final boolean dataSyncEnabled) {
        ncmpDataSyncService.setDataSyncEnabled(cmHandleReference, dataSyncEnabled);
        return ResponseEntity.ok().build();
    }

    /**
     * The cached nodes at the resource identifier (an xpath), "/" for all; options are not served. With a topic, 200
     * with the request id, and the nodes on the topic as a pass-through result reaches it.
     */
    @GetMapping(path = OPERATIONAL, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<ObjectNode> getCachedResourceData(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @RequestParam("resourceIdentifier") final String resourceIdentifier,
        @RequestParam(value = INCLUDE_DESCENDANTS, defaultValue = "false") final boolean includeDescendants,
        @RequestParam(value = "topic", required = false) final String topic) {
        if (topic != null) {
            final String requestId = ncmpDataPassThroughService.startCachedRead(cmHandleReference, resourceIdentifier,
                descendants(includeDescendants), topic, DataNodeFormatter::toJsonObject);
            return ResponseEntity.ok(JsonMapper.shared().createObjectNode().put("requestId", requestId));
        }
        return ResponseEntity.ok(DataNodeFormatter.toJsonObject(ncmpDataSyncService.getCachedData(cmHandleReference,
            resourceIdentifier, descendants(includeDescendants))));
    }

    @GetMapping(path = OPERATIONAL + "/query", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<List<ReferenceDataNode>> queryCachedResourceData(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @RequestParam("cps-path") final String cpsPath,
        @RequestParam(value = INCLUDE_DESCENDANTS, defaultValue = "false") final boolean includeDescendants) {
        final CachedDataNodes found = ncmpDataSyncService.queryCachedData(cmHandleReference, cpsPath,
            descendants(includeDescendants));
        return ResponseEntity.ok(found.dataNodes().stream()
            .map(dataNode -> ReferenceDataNode.of(dataNode, found.dataspaceName(), found.cmHandleId())).toList());
    }

    private static FetchDescendantsOption descendants(final boolean includeDescendants) {
        return includeDescendants ? FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
            : FetchDescendantsOption.OMIT_DESCENDANTS;
    }

    /** A data node as the reference's query answers it: its DataNode bean as Jackson writes it, without nulls. */
    record ReferenceDataNode(String dataspace, String anchorName, String xpath, Map<String, Object> leaves,
                             List<ReferenceDataNode> childDataNodes) {

        static ReferenceDataNode of(final DataNode dataNode, final String dataspaceName, final String anchorName) {
            return new ReferenceDataNode(dataspaceName, anchorName, dataNode.xpath(), dataNode.leaves(),
                dataNode.childDataNodes().stream().map(child -> of(child, dataspaceName, anchorName)).toList());
        }
    }
}
