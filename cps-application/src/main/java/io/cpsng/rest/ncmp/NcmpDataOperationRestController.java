package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpDataOperationService;
import io.cpsng.ncmp.api.model.DataOperationRequest;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Data operations on many handles whose results go to the client's Kafka topic (the reference's
 * POST /ncmp/v1/data?topic=): answered at once with the request id the results will carry.
 */
@RestController
@RequestMapping("/ncmp/v1/data")
class NcmpDataOperationRestController {

    private final NcmpDataOperationService ncmpDataOperationService;

    NcmpDataOperationRestController(final NcmpDataOperationService ncmpDataOperationService) {
        this.ncmpDataOperationService = ncmpDataOperationService;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    Map<String, String> executeDataOperationForCmHandles(@RequestParam("topic") final String topic,
                                                         @RequestBody final DataOperationRequest dataOperationRequest,
                                                         @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false)
                                                         final String authorization) {
        return Map.of("requestId", ncmpDataOperationService.startDataOperations(topic, dataOperationRequest,
            authorization));
    }
}
