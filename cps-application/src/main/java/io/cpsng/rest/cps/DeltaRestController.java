package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsDeltaService;
import io.cpsng.cps.api.ReaderMessages;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.DeltaChange;
import io.cpsng.cps.api.model.DeltaReport;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.util.MimeTypeUtils;
import org.springframework.web.multipart.MultipartFile;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The reference's delta endpoints: the delta between two anchors (GET) or an anchor and a document (POST, multipart
 * part targetData, JSON or XML), as a JSON array of {action, xpath, sourceData, targetData}, each data object naming
 * its node as the v3 read does, without a module prefix as the reference's report, or the same in XML
 * ({@link DeltaReportXml}); and a delta report, JSON or XML, applied to an anchor. XML is answered when the client
 * accepts it before JSON, or (as the reference decides, for a GET) sends Content-Type application/xml. A schema
 * sent with the document (yangResourceFile) is not served: it answers 400.
 */
@RestController
@RequestMapping("/cps/api/v2/dataspaces/{dataspace-name}/anchors/{source-anchor-name}")
class DeltaRestController {

    /** The delta of two 10,000-entry lists; one of 100,000 entries ran past the 60 s a client waits. */
    static final int MOST_ENTRIES = 10_000;

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final String GROUPING = "grouping-enabled";
    private static final String SOURCE_DATA = "sourceData";
    private static final String TARGET_DATA = "targetData";

    private final CpsDeltaService cpsDeltaService;

    DeltaRestController(final CpsDeltaService cpsDeltaService) {
        this.cpsDeltaService = cpsDeltaService;
    }

    @GetMapping(path = "/delta", produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_XML_VALUE})
    ResponseEntity<Object> getDeltaByDataspaceAndAnchors(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("source-anchor-name") final String sourceAnchorName,
        @RequestParam("target-anchor-name") final String targetAnchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String xpath,
        @RequestParam(value = "descendants", defaultValue = "none") final String descendants,
        @RequestParam(value = GROUPING, defaultValue = "false") final boolean groupingEnabled,
        @RequestHeader final HttpHeaders headers) {
        return answer(toJson(cpsDeltaService.getDelta(dataspaceName, sourceAnchorName, targetAnchorName,
            xpath, FetchDescendantsOption.parse(descendants), groupingEnabled)), wantsXml(headers, true));
    }

    @PostMapping(path = "/delta", consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
        produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_XML_VALUE})
    ResponseEntity<Object> getDeltaByDataspaceAnchorAndPayload(
        @PathVariable("dataspace-name") final String dataspaceName,
        @PathVariable("source-anchor-name") final String sourceAnchorName,
        @RequestParam(value = "xpath", defaultValue = "/") final String xpath,
        @RequestParam(value = GROUPING, defaultValue = "false") final boolean groupingEnabled,
        @RequestPart("targetData") final MultipartFile targetData,
        @RequestPart(value = "yangResourceFile", required = false) final MultipartFile yangResourceFile,
        @RequestHeader final HttpHeaders headers)
        throws IOException {
        if (yangResourceFile != null) {
            throw new DataValidationException("Not served", "yangResourceFile is not served: the target data are"
                + " validated against the source anchor's schema set");
        }
        final String document = new String(targetData.getBytes(), StandardCharsets.UTF_8);
        // the reference reads the document in the format the client accepts; its first character tells, whatever
        // the client accepts
        final ContentType documentType = document.stripLeading().startsWith("<") ? ContentType.XML : ContentType.JSON;
        return answer(toJson(cpsDeltaService.getDeltaToData(dataspaceName, sourceAnchorName, xpath, document,
            documentType, groupingEnabled)), wantsXml(headers, false));
    }

    @PostMapping(path = "/applyChangesInDeltaReport",
        consumes = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_XML_VALUE})
    ResponseEntity<Void> applyChangesInDeltaReport(@PathVariable("dataspace-name") final String dataspaceName,
                                                   @PathVariable("source-anchor-name") final String anchorName,
                                                   @RequestBody final String deltaReport,
                                                   @RequestHeader final HttpHeaders headers) {
        final boolean xml = MediaType.APPLICATION_XML.isCompatibleWith(headers.getContentType());
        cpsDeltaService.applyDelta(dataspaceName, anchorName, xml ? DeltaReportXml.read(deltaReport, MOST_ENTRIES)
            : changesOf(deltaReport));
        return ResponseEntity.status(HttpStatus.CREATED).build();
    }

    private static ResponseEntity<Object> answer(final ArrayNode report, final boolean xml) {
        return xml ? ResponseEntity.ok().contentType(MediaType.APPLICATION_XML).body(DeltaReportXml.write(report))
            : ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(report);
    }

    /**
     * XML when the client accepts it before JSON; with neither named (no Accept, or only wildcards), XML when a GET
     * sends Content-Type application/xml, which is how the reference's clients ask for it.
     */
    private static boolean wantsXml(final HttpHeaders headers, final boolean contentTypeDecides) {
        final List<MediaType> accepted = new ArrayList<>(headers.getAccept());
        MimeTypeUtils.sortBySpecificity(accepted);
        for (final MediaType mediaType : accepted) {
            if (MediaType.APPLICATION_XML.equalsTypeAndSubtype(mediaType)
                || MediaType.TEXT_XML.equalsTypeAndSubtype(mediaType)) {
                return true;
            }
            if (MediaType.APPLICATION_JSON.equalsTypeAndSubtype(mediaType)) {
                return false;
            }
        }
        return contentTypeDecides && MediaType.APPLICATION_XML.isCompatibleWith(headers.getContentType());
    }

    private static ArrayNode toJson(final List<DeltaReport> deltaReports) {
        final ArrayNode json = JSON.createArrayNode();
        for (final DeltaReport deltaReport : deltaReports) {
            final ObjectNode entry = json.addObject().put("action", deltaReport.action())
                .put("xpath", deltaReport.xpath());
            if (!deltaReport.sourceData().isEmpty()) {
                entry.set(SOURCE_DATA, dataOf(deltaReport.sourceData()));
            }
            if (!deltaReport.targetData().isEmpty()) {
                entry.set(TARGET_DATA, dataOf(deltaReport.targetData()));
            }
        }
        return json;
    }

    /** The nodes under their names, without a module prefix: the reference's report names none. */
    private static ObjectNode dataOf(final List<DataNode> dataNodes) {
        return DataNodeFormatter.toJsonObject(dataNodes.stream().map(dataNode -> new DataNode(dataNode.xpath(), null,
            dataNode.leaves(), dataNode.childDataNodes())).toList());
    }

    /** The entry's field, null when absent; a string field its text, a data field its JSON (an object). */
    private static String fieldOf(final JsonNode entry, final String field, final int index, final boolean data) {
        final JsonNode value = entry.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (data ? !value.isObject() : !value.isString()) {
            throw new DataValidationException("Invalid delta report", field + " of entry " + index
                + (data ? " is not an object naming its node(s)" : " is not a string"));
        }
        return data ? value.toString() : value.asString();
    }

    private static List<DeltaChange> changesOf(final String deltaReport) {
        final JsonNode entries;
        try {
            entries = JSON.readTree(deltaReport);
        } catch (final JacksonException notJson) {
            throw new DataValidationException("Invalid delta report", "The body is not JSON: "
                + ReaderMessages.withoutReaderAdvice(notJson.getOriginalMessage()));
        }
        if (!entries.isArray()) {
            throw new DataValidationException("Invalid delta report", "The body is not a JSON array of entries");
        }
        if (entries.size() > MOST_ENTRIES) {
            throw new DataValidationException("Invalid delta report", "A report applied at once has at most "
                + MOST_ENTRIES + " entries; this one has " + entries.size() + ": apply it in parts.");
        }
        final List<DeltaChange> changes = new ArrayList<>();
        for (int index = 0; index < entries.size(); index++) {
            final JsonNode entry = entries.get(index);
            if (!entry.isObject()) {
                throw new DataValidationException("Invalid delta report", "Entry " + index + " is not an object:"
                    + " each entry is {action, xpath, sourceData, targetData}");
            }
            changes.add(new DeltaChange(fieldOf(entry, "action", index, false), fieldOf(entry, "xpath", index, false),
                fieldOf(entry, SOURCE_DATA, index, true), fieldOf(entry, TARGET_DATA, index, true), ContentType.JSON));
        }
        return changes;
    }
}
