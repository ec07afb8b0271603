package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpDmiRegistrationService;
import io.cpsng.ncmp.api.NcmpInventorySearchService;
import io.cpsng.ncmp.api.NcmpModuleRefreshService;
import io.cpsng.ncmp.api.model.RegistrationResult;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What DMI plugins call (/ncmpInventory): registration of their handles, searches among them, by reference, as
 * whole handles (v1 searchCmHandles, and one handle by an FDN under it) or lightweight ones (v2), the whole ones with
 * their additional properties as cmHandleProperties when outputDmiProperties=true.
 */
@RestController
@RequestMapping("/ncmpInventory")
class NcmpInventoryRestController {

    private static final String DISTINGUISHED_NAME = "distinguishedName";
    private static final String OUTPUT_DMI_PROPERTIES = "outputDmiProperties";

    private final NcmpDmiRegistrationService ncmpDmiRegistrationService;
    private final NcmpInventorySearchService ncmpInventorySearchService;
    private final NcmpModuleRefreshService ncmpModuleRefreshService;

    NcmpInventoryRestController(final NcmpDmiRegistrationService ncmpDmiRegistrationService,
                                final NcmpInventorySearchService ncmpInventorySearchService,
                                final NcmpModuleRefreshService ncmpModuleRefreshService) {
        this.ncmpDmiRegistrationService = ncmpDmiRegistrationService;
        this.ncmpInventorySearchService = ncmpInventorySearchService;
        this.ncmpModuleRefreshService = ncmpModuleRefreshService;
    }

    /** The reference's answer: the handles found by module set tag. */
    record RestModuleRefresh(List<HandlesOfTag> cmHandlesByModuleSetTag) {

        record HandlesOfTag(String moduleSetTag, List<String> cmHandles) {
        }
    }

    @PostMapping(value = "/v1/ch/module/refresh", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RestModuleRefresh> refreshModules(
        @RequestBody final CmHandleQueryParameters cmHandleQueryParameters) {
        final Map<String, List<String>> referencesByTag = ncmpModuleRefreshService.refreshModules(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters));
        return ResponseEntity.ok(new RestModuleRefresh(referencesByTag.entrySet().stream()
            .map(tagAndHandles -> new RestModuleRefresh.HandlesOfTag(tagAndHandles.getKey(), tagAndHandles.getValue()))
            .toList()));
    }

    /** 200 with no body when every handle succeeded, otherwise 500 with the handles that failed and why. */
    @PostMapping("/v1/ch")
    ResponseEntity<DmiPluginRegistrationErrorResponse> updateDmiPluginRegistration(
        @RequestBody final RestDmiPluginRegistration restDmiPluginRegistration) {
        final RegistrationResult registrationResult =
            ncmpDmiRegistrationService.updateDmiRegistration(restDmiPluginRegistration.toDmiPluginRegistration());
        return registrationResult.allSucceeded() ? ResponseEntity.ok().build()
            : ResponseEntity.internalServerError().body(DmiPluginRegistrationErrorResponse.of(registrationResult));
    }

    /** The plugin's handles, streamed. */
    @GetMapping(value = "/v1/ch/cmHandles", produces = MediaType.APPLICATION_JSON_VALUE)
    void getAllCmHandleReferencesForRegisteredDmi(
        @RequestParam("dmi-plugin-identifier") final String dmiPluginIdentifier,
        @RequestParam(value = "outputAlternateId", defaultValue = "false") final boolean outputAlternateId,
        final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response,
            ncmpInventorySearchService.getCmHandleReferences(dmiPluginIdentifier, outputAlternateId), id -> id);
    }

    @PostMapping(value = "/v1/ch/searches", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandleIds(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                           @RequestParam(value = "outputAlternateId", defaultValue = "false")
                           final boolean outputAlternateId, final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response, ncmpInventorySearchService.searchCmHandleReferences(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters), outputAlternateId), id -> id);
    }

    @PostMapping(value = "/v1/ch/searchCmHandles", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandles(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                         @RequestParam(value = OUTPUT_DMI_PROPERTIES, defaultValue = "false")
                         final boolean outputDmiProperties, final HttpServletResponse response) throws IOException {
        JsonArrayResponse.write(response, ncmpInventorySearchService.searchCmHandles(
                CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters)),
            cmHandle -> RestOutputCmHandle.of(cmHandle, outputDmiProperties));
    }

    /** The handle owning the FDN: the one with it as id, else the one with its longest alternate-id prefix. */
    @GetMapping(value = "/v1/ch", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RestOutputCmHandle> getCmHandleByDistinguishedName(
        @RequestParam(DISTINGUISHED_NAME) final String distinguishedName,
        @RequestParam(value = OUTPUT_DMI_PROPERTIES, defaultValue = "false") final boolean outputDmiProperties) {
        return ResponseEntity.ok(RestOutputCmHandle.of(
            ncmpInventorySearchService.getCmHandleOwning(distinguishedName), outputDmiProperties));
    }

    /**
     * outputDmiProperties is taken (a boolean) and ignored, as the reference's v2 search ignores it: lightweight
     * handles carry no properties.
     */
    @PostMapping(value = "/v2/ch/searches", produces = MediaType.APPLICATION_JSON_VALUE)
    void searchCmHandlesLightweight(@RequestBody(required = false) final CmHandleQueryParameters cmHandleQueryParameters,
                                    @RequestParam(value = OUTPUT_DMI_PROPERTIES, defaultValue = "false")
                                    final boolean ignoredOutputDmiProperties, final HttpServletResponse response)
        throws IOException {
        JsonArrayResponse.write(response, ncmpInventorySearchService.searchCmHandles(
            CmHandleQueryParameters.toCmHandleQuery(cmHandleQueryParameters)), RestOutputCmHandle::lightweightOf);
    }
}
