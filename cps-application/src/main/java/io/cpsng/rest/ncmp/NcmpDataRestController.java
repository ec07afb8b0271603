package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpDataPassThroughService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.DataOperation;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.PassThroughRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Data pass-through to a handle's DMI plugin (ncmp-datastore:passthrough-operational, read only, and
 * ncmp-datastore:passthrough-running). Bodies travel as text, untouched. As in the reference: a read
 * and a patch answer 200 with the plugin's body, a create 201, an update 200 and a delete 204, all
 * without a body. A plugin's error is a 502 made by the error advice.
 */
@RestController
@RequestMapping("/ncmp/v1/ch/{cm-handle}/data/ds/{datastore-name}")
class NcmpDataRestController {

    private static final String CM_HANDLE = "cm-handle";
    private static final String DATASTORE_NAME = "datastore-name";
    private static final String RESOURCE_IDENTIFIER = "resourceIdentifier";

    private final NcmpDataPassThroughService ncmpDataPassThroughService;

    NcmpDataRestController(final NcmpDataPassThroughService ncmpDataPassThroughService) {
        this.ncmpDataPassThroughService = ncmpDataPassThroughService;
    }

    /** With a topic, the reference's asynchronous read: 200 with the request id the result on the topic carries. */
    @GetMapping
    ResponseEntity<String> getResourceDataForCmHandle(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @PathVariable(DATASTORE_NAME) final String datastoreName,
        @RequestParam(RESOURCE_IDENTIFIER) final String resourceIdentifier,
        @RequestParam(value = "options", required = false) final String options,
        @RequestParam(value = "topic", required = false) final String topic,
        // the KPI suite's; as in the reference it means nothing to a pass-through datastore
        @RequestParam(value = "include-descendants", required = false) final Boolean ignoredIncludeDescendants,
        @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization) {
        final PassThroughRequest passThroughRequest = new PassThroughRequest(cmHandleReference, datastoreName,
            DataOperation.READ, resourceIdentifier, options, null, null, authorization);
        if (topic != null) {
            final String requestId = ncmpDataPassThroughService.startPassThroughRead(passThroughRequest, topic);
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body("{\"requestId\":\"" + requestId + "\"}");
        }
        final DmiResponse dmiResponse = ncmpDataPassThroughService.passThrough(passThroughRequest);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(dmiResponse.body());
    }

    /** Only the cached datastore (ncmp-datastore:operational, matched before this) can be queried. */
    @GetMapping("/query")
    ResponseEntity<Void> queryResourceDataForCmHandle(@PathVariable(DATASTORE_NAME) final String datastoreName) {
        throw new InvalidInputException(datastoreName + " is not supported",
            "Only ncmp-datastore:operational, the cached data, can be queried");
    }

    /**
     * A write to ncmp-datastore:passthrough-running, its operation named by the request's method (POST a create,
     * PUT an update, PATCH a patch): as in the reference, a create answers 201 and an update 200, both without a
     * body, and a patch 200 with the plugin's body.
     */
    @RequestMapping(method = {RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH})
    ResponseEntity<String> writeResourceDataRunningForCmHandle(
        final HttpMethod httpMethod,
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @PathVariable(DATASTORE_NAME) final String datastoreName,
        @RequestParam(RESOURCE_IDENTIFIER) final String resourceIdentifier,
        @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) final String contentType,
        @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization,
        @RequestBody final String data) {
        final DataOperation operation = writeOperation(httpMethod);
        final DmiResponse dmiResponse = ncmpDataPassThroughService.passThrough(new PassThroughRequest(cmHandleReference,
            datastoreName, operation, resourceIdentifier, null, contentType, data, authorization));
        return switch (operation) {
            case CREATE -> ResponseEntity.status(HttpStatus.CREATED).build();
            case UPDATE -> ResponseEntity.ok().build();
            default -> ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(dmiResponse.body());
        };
    }

    @DeleteMapping
    ResponseEntity<Void> deleteResourceDataRunningForCmHandle(
        @PathVariable(CM_HANDLE) final String cmHandleReference,
        @PathVariable(DATASTORE_NAME) final String datastoreName,
        @RequestParam(RESOURCE_IDENTIFIER) final String resourceIdentifier,
        @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization) {
        ncmpDataPassThroughService.passThrough(new PassThroughRequest(cmHandleReference, datastoreName, DataOperation.DELETE,
            resourceIdentifier, null, null, null, authorization));
        return ResponseEntity.noContent().build();
    }

    private static DataOperation writeOperation(final HttpMethod httpMethod) {
        if (HttpMethod.POST.equals(httpMethod)) {
            return DataOperation.CREATE;
        }
        return HttpMethod.PUT.equals(httpMethod) ? DataOperation.UPDATE : DataOperation.PATCH;
    }
}
