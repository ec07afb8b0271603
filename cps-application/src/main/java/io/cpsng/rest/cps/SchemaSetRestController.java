package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.SchemaSet;
import java.io.IOException;
import java.util.Collection;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * Schema sets, created from one uploaded .yang or .zip file (multipart part "file"). The API's SchemaSet
 * record is the REST shape: {"dataspaceName", "name", "moduleReferences": [{"name", "namespace", "revision"}]}.
 */
@RestController
@RequestMapping("/cps/api")
class SchemaSetRestController {

    private final CpsModuleService cpsModuleService;

    SchemaSetRestController(final CpsModuleService cpsModuleService) {
        this.cpsModuleService = cpsModuleService;
    }

    @PostMapping(path = "/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/schema-sets",
        consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<String> createSchemaSet(@PathVariable("apiVersion") final String apiVersion,
                                           @PathVariable("dataspace-name") final String dataspaceName,
                                           @RequestParam("schema-set-name") final String schemaSetName,
                                           @RequestPart("file") final MultipartFile file) throws IOException {
        cpsModuleService.createSchemaSetFromFile(dataspaceName, schemaSetName, file.getOriginalFilename(),
            file.getBytes());
        return CreatedAnswer.of(apiVersion, schemaSetName);
    }

    @GetMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/schema-sets")
    ResponseEntity<Collection<SchemaSet>> getSchemaSets(@PathVariable("dataspace-name") final String dataspaceName) {
        return ResponseEntity.ok(cpsModuleService.getSchemaSets(dataspaceName));
    }

    @GetMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/schema-sets/{schema-set-name}")
    ResponseEntity<SchemaSet> getSchemaSet(@PathVariable("dataspace-name") final String dataspaceName,
                                           @PathVariable("schema-set-name") final String schemaSetName) {
        return ResponseEntity.ok(cpsModuleService.getSchemaSet(dataspaceName, schemaSetName));
    }

    /** Refused (409) while an anchor uses the schema set: REST offers no cascade, as in the reference. */
    @DeleteMapping("/{apiVersion:v1|v2}/dataspaces/{dataspace-name}/schema-sets/{schema-set-name}")
    ResponseEntity<Void> deleteSchemaSet(@PathVariable("dataspace-name") final String dataspaceName,
                                         @PathVariable("schema-set-name") final String schemaSetName) {
        cpsModuleService.deleteSchemaSet(dataspaceName, schemaSetName);
        return ResponseEntity.noContent().build();
    }
}
