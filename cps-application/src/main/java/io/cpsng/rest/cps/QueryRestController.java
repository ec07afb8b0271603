package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsQueryService;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.PagedResult;
import io.cpsng.cps.api.model.PaginationOption;
import io.cpsng.cps.path.Xpaths;
import java.util.Collection;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Queries with cps-path. A cps-path ending in an attribute step (/@leaf) selects leaf values, answered as
 * [{"leaf": value}, ...] in the order the service finds them; otherwise nodes, answered as from a read.
 */
@RestController
@RequestMapping("/cps/api")
class QueryRestController {

    private static final String TOTAL_PAGES_HEADER = "total-pages";
    private static final String ANCHOR_QUERY_PATH = "/dataspaces/{dataspace-name}/anchors/{anchor-name}/nodes/query";

    private final CpsQueryService cpsQueryService;

    QueryRestController(final CpsQueryService cpsQueryService) {
        this.cpsQueryService = cpsQueryService;
    }

    /** Deprecated v1: JSON only, descendants all or none. */
    @GetMapping("/v1" + ANCHOR_QUERY_PATH)
    ResponseEntity<Object> queryInAnchorV1(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "cps-path", defaultValue = "/") final String cpsPath,
        @RequestParam(value = "include-descendants", defaultValue = "false") final boolean includeDescendants) {
        return answerQuery(dataspaceName, anchorName, cpsPath, includeDescendants
            ? FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS : FetchDescendantsOption.OMIT_DESCENDANTS,
            ContentType.JSON);
    }

    @GetMapping("/v2" + ANCHOR_QUERY_PATH)
    ResponseEntity<Object> queryInAnchor(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "cps-path", defaultValue = "/") final String cpsPath,
        @RequestParam(value = "descendants", defaultValue = "none") final String descendants,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestHeader(value = HttpHeaders.ACCEPT, required = false) final String accept) {
        return answerQuery(dataspaceName, anchorName, cpsPath, FetchDescendantsOption.parse(descendants),
            DataFormat.ofAnswer(contentType, accept));
    }

    /**
     * The nodes found in each anchor of the dataspace, JSON only. Pages count anchors and apply only when
     * both pageIndex and pageSize are given (one alone is ignored, as in the reference).
     */
    @GetMapping("/v2/dataspaces/{dataspace-name}/nodes/query")
    ResponseEntity<JsonNode> queryAcrossAnchors(
        @PathVariable("dataspace-name") final String dataspaceName,
        @RequestParam(value = "cps-path", defaultValue = "/") final String cpsPath,
        @RequestParam(value = "descendants", defaultValue = "none") final String descendants,
        @RequestParam(value = "pageIndex", required = false) final Integer pageIndex,
        @RequestParam(value = "pageSize", required = false) final Integer pageSize) {
        final PagedResult<AnchorDataNodes> pagedResult = cpsQueryService.queryDataNodesAcrossAnchors(dataspaceName,
            cpsPath, FetchDescendantsOption.parse(descendants), paginationOption(pageIndex, pageSize));
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
            .header(TOTAL_PAGES_HEADER, String.valueOf(Math.max(1, pagedResult.totalPages())))
            .body(DataNodeFormatter.anchorsToJson(pagedResult.items()));
    }

    private ResponseEntity<Object> answerQuery(final String dataspaceName, final String anchorName,
                                               final String cpsPath,
                                               final FetchDescendantsOption fetchDescendantsOption,
                                               final ContentType format) {
        // cps-path allows an attribute step ("/@leaf") only as the last step
        final String lastStep = Xpaths.lastStep(cpsPath);
        if (lastStep.startsWith("@")) {
            final String leafName = leafName(lastStep);
            final Collection<Object> leafValues = cpsQueryService.queryDataLeaf(dataspaceName, anchorName, cpsPath);
            return DataFormat.ok(format, () -> DataNodeFormatter.leavesToJson(leafName, leafValues),
                () -> DataNodeFormatter.leavesToXml(leafName, leafValues));
        }
        final Collection<DataNode> dataNodes =
            cpsQueryService.queryDataNodes(dataspaceName, anchorName, cpsPath, fetchDescendantsOption);
        return DataFormat.ok(format, () -> DataNodeFormatter.toJson(dataNodes),
            () -> DataNodeFormatter.toXml(dataNodes));
    }

    /** "@title" and "@stores:title" both name the leaf "title": the parser drops module prefixes too. */
    private static String leafName(final String attributeStep) {
        return attributeStep.substring(Math.max(1, attributeStep.indexOf(':') + 1));
    }

    private static PaginationOption paginationOption(final Integer pageIndex, final Integer pageSize) {
        if (pageIndex == null || pageSize == null) {
            return PaginationOption.NO_PAGINATION;
        }
        if (pageIndex <= 0 || pageSize <= 0) {
            throw new DataValidationException("Pagination validation error.",
                "Invalid page index or size: pageIndex " + pageIndex + " and pageSize " + pageSize
                    + " must both be greater than 0");
        }
        return new PaginationOption(pageIndex, pageSize);
    }
}
