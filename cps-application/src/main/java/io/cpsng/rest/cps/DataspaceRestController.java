package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsDataspaceService;
import io.cpsng.cps.api.model.Dataspace;
import java.util.Collection;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Dataspaces: create, list, read, delete. The API's Dataspace record is the REST shape, {"name": ...}. */
@RestController
@RequestMapping("/cps/api")
class DataspaceRestController {

    private final CpsDataspaceService cpsDataspaceService;

    DataspaceRestController(final CpsDataspaceService cpsDataspaceService) {
        this.cpsDataspaceService = cpsDataspaceService;
    }

    @PostMapping("/{apiVersion:v1|v2}/dataspaces")
    ResponseEntity<String> createDataspace(@PathVariable("apiVersion") final String apiVersion,
                                           @RequestParam("dataspace-name") final String dataspaceName) {
        cpsDataspaceService.createDataspace(dataspaceName);
        return CreatedAnswer.of(apiVersion, dataspaceName);
    }

    @DeleteMapping("/{apiVersion:v1|v2}/dataspaces")
    ResponseEntity<Void> deleteDataspace(@RequestParam("dataspace-name") final String dataspaceName) {
        cpsDataspaceService.deleteDataspace(dataspaceName);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/{apiVersion:v1|v2}/admin/dataspaces")
    ResponseEntity<Collection<Dataspace>> getDataspaces() {
        return ResponseEntity.ok(cpsDataspaceService.getDataspaces());
    }

    @GetMapping("/{apiVersion:v1|v2}/admin/dataspaces/{dataspace-name}")
    ResponseEntity<Dataspace> getDataspace(@PathVariable("dataspace-name") final String dataspaceName) {
        return ResponseEntity.ok(cpsDataspaceService.getDataspace(dataspaceName));
    }

    /**
     * The reference deletes module sources no schema set uses any more; here deleting a schema set already
     * does that, so there is nothing left to clean: the call only checks that the dataspace exists.
     */
    @PostMapping("/{apiVersion:v1|v2}/admin/dataspaces/{dataspace-name}/actions/clean")
    ResponseEntity<Void> cleanDataspace(@PathVariable("dataspace-name") final String dataspaceName) {
        cpsDataspaceService.getDataspace(dataspaceName);
        return ResponseEntity.noContent().build();
    }
}
