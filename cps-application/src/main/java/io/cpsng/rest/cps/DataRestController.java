package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.Xpaths;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Collection;
import java.util.function.Supplier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * Reads and writes the data of an anchor. Bodies are JSON or XML by Content-Type; an absent or empty xpath
 * means "/". With dry-run=true a write is only validated and answered 200 without a body. The
 * observed-timestamp is checked for its format and carried by the write's data-updated events.
 */
@RestController
@RequestMapping("/cps/api")
class DataRestController {

    private static final String ANCHOR_PATH = "/dataspaces/{dataspace-name}/anchors/{anchor-name}";
    // yyyy-MM-dd'T'HH:mm:ss.SSSZ as in the reference, but strict: no 30th of February
    private static final DateTimeFormatter OBSERVED_TIMESTAMP_FORMAT =
        DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSZ").withResolverStyle(ResolverStyle.STRICT);

    private final CpsDataService cpsDataService;

    DataRestController(final CpsDataService cpsDataService) {
        this.cpsDataService = cpsDataService;
    }

    /** Deprecated v1: the first node found, as one JSON object. */
    @GetMapping("/v1" + ANCHOR_PATH + "/node")
    ResponseEntity<JsonNode> getNodeV1(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String xpath,
        @RequestParam(value = "include-descendants", defaultValue = "false") final boolean includeDescendants) {
        final Collection<DataNode> dataNodes = cpsDataService.getDataNodes(dataspaceName, anchorName, xpath,
            includeDescendants ? FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
                : FetchDescendantsOption.OMIT_DESCENDANTS);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
            .body(DataNodeFormatter.firstToJson(dataNodes));
    }

    /**
     * Every node found: v2 as a JSON array of one-key objects, v3 (the reference's) as one object with each node
     * under its prefixed name and list entries in arrays; both as concatenated XML elements.
     */
    @GetMapping("/{apiVersion:v2|v3}" + ANCHOR_PATH + "/node")
    ResponseEntity<Object> getNodes(
        @PathVariable("apiVersion") final String apiVersion,
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String xpath,
        @RequestParam(value = "descendants", defaultValue = "none") final String descendants,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestHeader(value = HttpHeaders.ACCEPT, required = false) final String accept) {
        final Collection<DataNode> dataNodes = cpsDataService.getDataNodes(dataspaceName, anchorName, xpath,
            FetchDescendantsOption.parse(descendants));
        final Supplier<JsonNode> json = "v3".equals(apiVersion)
            ? () -> DataNodeFormatter.toJsonObject(dataNodes) : () -> DataNodeFormatter.toJson(dataNodes);
        return DataFormat.ok(DataFormat.ofAnswer(contentType, accept), json, () -> DataNodeFormatter.toXml(dataNodes));
    }

    /** Creates the nodes in the body under the xpath ("/" for top-level nodes). */
    @PostMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/nodes")
    ResponseEntity<Void> createNodes(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String parentXpath,
        @RequestParam(value = "dry-run", defaultValue = "false") final boolean dryRun,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestBody final byte[] body) {
        return write(cpsDataService::saveData, cpsDataService::validateData, HttpStatus.CREATED,
            dataspaceName, anchorName, parentXpath, dryRun, observedTimestamp, contentType, body);
    }

    /** Replaces the nodes in the body with all their descendants, creating those that do not exist. */
    @PutMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/nodes")
    ResponseEntity<Void> replaceNodes(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String parentXpath,
        @RequestParam(value = "dry-run", defaultValue = "false") final boolean dryRun,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestBody final byte[] body) {
        return write(cpsDataService::updateDataNodeAndDescendants, cpsDataService::validateNodeContent, HttpStatus.OK,
            dataspaceName, anchorName, parentXpath, dryRun, observedTimestamp, contentType, body);
    }

    /** Merges the leaves in the body into the stored nodes, leaving their descendants alone. */
    @PatchMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/nodes")
    ResponseEntity<Void> updateNodeLeaves(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String parentXpath,
        @RequestParam(value = "dry-run", defaultValue = "false") final boolean dryRun,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestBody final byte[] body) {
        return write(cpsDataService::updateNodeLeaves, cpsDataService::validateNodeContent, HttpStatus.OK,
            dataspaceName, anchorName, parentXpath, dryRun, observedTimestamp, contentType, body);
    }

    /** Deletes the node at the xpath with all its descendants; without an xpath, all data of the anchor. */
    @DeleteMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/nodes")
    ResponseEntity<Void> deleteNode(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam(value = "xpath", required = false) final String xpath,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp) {
        cpsDataService.deleteDataNode(dataspaceName, anchorName, deletedXpath(xpath), observed(observedTimestamp));
        return ResponseEntity.noContent().build();
    }

    /** Adds the list entries in the body ({"list-name": [...]}) under the required parent xpath. */
    @PostMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/list-nodes")
    ResponseEntity<Void> addListEntries(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam("xpath") final String parentXpath,
        @RequestParam(value = "dry-run", defaultValue = "false") final boolean dryRun,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestBody final byte[] body) {
        return write(cpsDataService::saveListElements, cpsDataService::validateData, HttpStatus.CREATED,
            dataspaceName, anchorName, rootIfEmpty(parentXpath), dryRun, observedTimestamp, contentType, body);
    }

    /** Replaces all entries of the lists in the body with the given ones. */
    @PutMapping("/{apiVersion:v1|v2}" + ANCHOR_PATH + "/list-nodes")
    ResponseEntity<Void> replaceListContent(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam("xpath") final String parentXpath,
        @RequestParam(value = "dry-run", defaultValue = "false") final boolean dryRun,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestBody final byte[] body) {
        return write(cpsDataService::replaceListContent, cpsDataService::validateData, HttpStatus.OK,
            dataspaceName, anchorName, rootIfEmpty(parentXpath), dryRun, observedTimestamp, contentType, body);
    }

    /** Deprecated, v1 only: deletes the list (all its entries) or the list entry at the xpath. */
    @DeleteMapping("/v1" + ANCHOR_PATH + "/list-nodes")
    ResponseEntity<Void> deleteListOrListEntry(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("anchor-name") final String anchorName,
        @RequestParam("xpath") final String listXpath,
        @RequestParam(value = "observed-timestamp", required = false) final String observedTimestamp) {
        final String observed = observed(observedTimestamp);
        cpsDataService.deleteDataNode(dataspaceName, anchorName, requireListXpath(listXpath), observed);
        return ResponseEntity.noContent().build();
    }

    /** The list-nodes xpath is required, but an empty one still means "/" as everywhere else. */
    private static String rootIfEmpty(final String xpath) {
        return Xpaths.isRoot(xpath) ? Xpaths.ROOT : xpath;
    }

    /**
     * An xpath left out deletes all data of the anchor, as the reference's default of "/" has it; an empty one, which
     * the reference takes for that default too, is refused: a client that meant a node must not lose them all.
     */
    private static String deletedXpath(final String xpath) {
        if (xpath == null) {
            return Xpaths.ROOT;
        }
        if (xpath.isEmpty()) {
            throw new DataValidationException("Invalid xpath", "xpath is empty: name the node to delete, or leave "
                + "xpath out to delete all data of the anchor");
        }
        return xpath;
    }

    /** Deleting "/" would delete all data of the anchor, which is not what deleting a list means. */
    private static String requireListXpath(final String listXpath) {
        if (Xpaths.isRoot(listXpath)) {
            throw new DataValidationException("Invalid list xpath",
                "xpath must name a list or a list entry, not '" + listXpath + "'");
        }
        return listXpath;
    }

    /**
     * What all writes share: the observed timestamp and the body are checked first; with dry-run the data are only
     * validated as the write would take them (200, no body), otherwise written and answered with the given status.
     */
    private ResponseEntity<Void> write(final DataWriter dataWriter, final DataValidator dataValidator,
                                       final HttpStatus status,
                                       final String dataspaceName, final String anchorName, final String parentXpath,
                                       final boolean dryRun, final String observedTimestamp,
                                       final String contentType, final byte[] body) {
        final String observed = observed(observedTimestamp);
        final ContentType format = DataFormat.ofBody(contentType);
        final String data = DataFormat.text(body, contentType);
        if (dryRun) {
            dataValidator.validate(dataspaceName, anchorName, parentXpath, data, format);
            return ResponseEntity.ok().build();
        }
        dataWriter.write(dataspaceName, anchorName, parentXpath, data, format, observed);
        return ResponseEntity.status(status).build();
    }

    /** One of CpsDataService's writes. */
    @FunctionalInterface
    private interface DataWriter {
        void write(String dataspaceName, String anchorName, String parentXpath, String data, ContentType format,
                   String observedTimestamp);
    }

    /** One of CpsDataService's validations, the one matching a write. */
    @FunctionalInterface
    private interface DataValidator {
        void validate(String dataspaceName, String anchorName, String parentXpath, String data, ContentType format);
    }

    /** The observed timestamp, null if none is given; DataValidationException if it is not in the format. */
    private static String observed(final String observedTimestamp) {
        if (observedTimestamp == null || observedTimestamp.isEmpty()) {
            return null;
        }
        try {
            OffsetDateTime.parse(observedTimestamp, OBSERVED_TIMESTAMP_FORMAT);
        } catch (final DateTimeParseException dateTimeParseException) {
            throw new DataValidationException("observed-timestamp must be in ISO format",
                "observed-timestamp '" + observedTimestamp + "' is not in the format yyyy-MM-dd'T'HH:mm:ss.SSSZ,"
                    + " e.g. 2021-03-21T00:10:34.030-0100");
        }
        return observedTimestamp;
    }
}
