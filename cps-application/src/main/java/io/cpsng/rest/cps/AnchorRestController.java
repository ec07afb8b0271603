package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.model.Anchor;
import java.util.Collection;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Anchors. The API's Anchor record is the REST shape: {"name", "dataspaceName", "schemaSetName"}. */
@RestController
@RequestMapping("/cps/api")
class AnchorRestController {

    private final CpsAnchorService cpsAnchorService;

    AnchorRestController(final CpsAnchorService cpsAnchorService) {
        this.cpsAnchorService = cpsAnchorService;
    }

    @PostMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/anchors")
    ResponseEntity<String> createAnchor(@PathVariable("apiVersion") final String apiVersion,
                                        @PathVariable("dataspace-name") final String dataspaceName,
                                        @RequestParam("schema-set-name") final String schemaSetName,
                                        @RequestParam("anchor-name") final String anchorName) {
        cpsAnchorService.createAnchor(dataspaceName, schemaSetName, anchorName);
        return CreatedAnswer.of(apiVersion, anchorName);
    }

    @GetMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/anchors")
    ResponseEntity<Collection<Anchor>> getAnchors(@PathVariable("dataspace-name") final String dataspaceName,
                                                  @RequestParam(name = "schema-set-names", required = false)
                                                  final List<String> schemaSetNames) {
        // as the reference: absent or empty, every anchor of the dataspace
        return ResponseEntity.ok(schemaSetNames == null || schemaSetNames.isEmpty()
            ? cpsAnchorService.getAnchors(dataspaceName)
            : cpsAnchorService.getAnchorsOfSchemaSets(dataspaceName, schemaSetNames));
    }

    @GetMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/anchors/{anchor-name}")
    ResponseEntity<Anchor> getAnchor(@PathVariable("dataspace-name") final String dataspaceName,
                                     @PathVariable("anchor-name") final String anchorName) {
        return ResponseEntity.ok(cpsAnchorService.getAnchor(dataspaceName, anchorName));
    }

    /** Deletes the anchor with all its data. */
    @DeleteMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/anchors/{anchor-name}")
    ResponseEntity<Void> deleteAnchor(@PathVariable("dataspace-name") final String dataspaceName,
                                      @PathVariable("anchor-name") final String anchorName) {
        cpsAnchorService.deleteAnchor(dataspaceName, anchorName);
        return ResponseEntity.noContent().build();
    }
}
