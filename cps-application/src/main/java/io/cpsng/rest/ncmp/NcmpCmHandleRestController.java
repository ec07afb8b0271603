package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.rest.ncmp.RestModules.RestModuleDefinition;
import io.cpsng.rest.ncmp.RestModules.RestModuleReference;
import io.cpsng.rest.ncmp.RestOutputCmHandle.Lightweight;
import io.cpsng.rest.ncmp.RestOutputCmHandle.PublicPropertiesOnly;
import io.cpsng.rest.ncmp.RestOutputCmHandle.StateOnly;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What northbound clients call (/ncmp): one CM handle, by id or URL-encoded alternate id, and searches.
 * An unknown handle is answered 404 by the error advice.
 */
@RestController
@RequestMapping("/ncmp")
class NcmpCmHandleRestController {

    private static final String CM_HANDLE = "cm-handle";

    private final NcmpCmHandleService ncmpCmHandleService;

    NcmpCmHandleRestController(final NcmpCmHandleService ncmpCmHandleService) {
        this.ncmpCmHandleService = ncmpCmHandleService;
    }

    @GetMapping("/v1/ch/{cm-handle}")
    ResponseEntity<RestOutputCmHandle> retrieveCmHandleDetailsById(
        @PathVariable(CM_HANDLE) final String cmHandleReference) {
        return ResponseEntity.ok(RestOutputCmHandle.of(ncmpCmHandleService.getCmHandle(cmHandleReference)));
    }

    @GetMapping("/v2/ch/{cm-handle}")
    ResponseEntity<Lightweight> retrieveCmHandleDetailsByIdLightweight(
        @PathVariable(CM_HANDLE) final String cmHandleReference) {
        return ResponseEntity.ok(RestOutputCmHandle.lightweightOf(ncmpCmHandleService.getCmHandle(cmHandleReference)));
    }

    @GetMapping("/v1/ch/{cm-handle}/state")
    ResponseEntity<StateOnly> getCmHandleStateByCmHandleId(@PathVariable(CM_HANDLE) final String cmHandleReference) {
        return ResponseEntity.ok(RestOutputCmHandle.stateOnlyOf(ncmpCmHandleService.getCmHandle(cmHandleReference)));
    }

    @GetMapping("/v1/ch/{cm-handle}/properties")
    ResponseEntity<PublicPropertiesOnly> getCmHandlePublicPropertiesByCmHandleId(
        @PathVariable(CM_HANDLE) final String cmHandleReference) {
        return ResponseEntity.ok(
            RestOutputCmHandle.publicPropertiesOnlyOf(ncmpCmHandleService.getCmHandle(cmHandleReference)));
    }

    @GetMapping("/v1/ch/{cm-handle}/modules")
    ResponseEntity<List<RestModuleReference>> getModuleReferencesByCmHandle(
        @PathVariable(CM_HANDLE) final String cmHandleReference) {
        return ResponseEntity.ok(ncmpCmHandleService.getModuleReferences(cmHandleReference).stream()
            .map(RestModuleReference::of).toList());
    }

    /** A revision without a module name is ignored, as in the reference. */
    @GetMapping("/v1/ch/{cm-handle}/modules/definitions")
    ResponseEntity<List<RestModuleDefinition>> getModuleDefinitions(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @RequestParam(value = "module-name", required = false) final String moduleName,
        @RequestParam(value = "revision", required = false) final String revision) {
        return ResponseEntity.ok(ncmpCmHandleService.getModuleDefinitions(cmHandleReference, moduleName, revision)
            .stream().map(RestModuleDefinition::of).toList());
    }

    /**
     * Every handle meeting all conditions, streamed; a missing or empty body means every handle. outputAlternateId is
     * taken (a boolean) and ignored, as the reference ignores it here: its own KPI suite sends it, and each handle's
     * details carry its alternate id either way.
     */
    @PostMapping(value = "/v1/ch/searches", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandles(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                         @RequestParam(value = "outputAlternateId", defaultValue = "false")
                         final boolean ignoredOutputAlternateId, final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response, ncmpCmHandleService.searchCmHandles(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters)), RestOutputCmHandle::of);
    }

    /** As /v1/ch/searches, each handle lightweight: its own leaves and state, without properties. */
    @PostMapping(value = "/v2/ch/searches", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandlesLightweight(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                                    final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response, ncmpCmHandleService.searchCmHandles(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters)), RestOutputCmHandle::lightweightOf);
    }

    @PostMapping(value = "/v1/ch/id-searches", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandleIds(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                           @RequestParam(value = "outputAlternateId", defaultValue = "false")
                           final boolean outputAlternateId, final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response, ncmpCmHandleService.searchCmHandleReferences(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters), outputAlternateId), reference -> reference);
    }
}
