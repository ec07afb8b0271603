package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpReadDataJobService;
import io.cpsng.ncmp.api.NcmpWriteDataJobService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.ClassifiedSelectors;
import io.cpsng.ncmp.api.model.DataJobMetadata;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.SubJobWriteResponse;
import io.cpsng.ncmp.api.model.WriteOperation;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Data jobs at the reference's path (/do-not-use/dataJobs, its KPI suite's rows 8 and 9): write jobs, many writes
 * addressed by FDN, answered with the sub-jobs the DMI plugins took, and the status and result of such a sub-job
 * from its plugin; read jobs, whose selectors are sorted per plugin as the reference sorts them.
 */
@RestController
@RequestMapping("/do-not-use/dataJobs")
class DataJobRestController {

    private static final String SUB_JOB = "/dataProducer/{dataProducerId}/dataProducerJob/{dataProducerJobId}";

    private final NcmpWriteDataJobService ncmpWriteDataJobService;
    private final NcmpReadDataJobService ncmpReadDataJobService;

    DataJobRestController(final NcmpWriteDataJobService ncmpWriteDataJobService, final NcmpReadDataJobService ncmpReadDataJobService) {
        this.ncmpWriteDataJobService = ncmpWriteDataJobService;
        this.ncmpReadDataJobService = ncmpReadDataJobService;
    }

    /** The reference's request body. */
    record DataJobRequest(DataJobMetadata dataJobMetadata, DataJobWriteRequest dataJobWriteRequest) {
    }

    record DataJobWriteRequest(List<WriteOperation> data) {
    }

    /** The reference's read request: only the selector is used; the rest names the job. */
    record DataJobReadRequest(String name, String jobId, String description, ReadProperties readProperties,
                              Map<String, Object> customProperties) {
    }

    record ReadProperties(String dataNodeSelector, String resultsType) {
    }

    @PostMapping(path = "/read", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ClassifiedSelectors readDataJob(@RequestBody final DataJobReadRequest dataJobReadRequest) {
        return ncmpReadDataJobService.classifyReadJob(dataJobReadRequest.readProperties() == null
            ? null : dataJobReadRequest.readProperties().dataNodeSelector());
    }

    @GetMapping(path = SUB_JOB + "/status", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> subJobStatus(@PathVariable("dataProducerId") final String dataProducerId,
                                        @PathVariable("dataProducerJobId") final String dataProducerJobId,
                                        @RequestParam(value = "dmiServiceName", required = false) final String dmiServiceName,
                                        @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization) {
        return asReceived(ncmpWriteDataJobService.subJobStatus(dmiServiceName, dataProducerId, dataProducerJobId,
            authorization));
    }

    @GetMapping(path = SUB_JOB + "/result", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> subJobResult(@PathVariable("dataProducerId") final String dataProducerId,
                                        @PathVariable("dataProducerJobId") final String dataProducerJobId,
                                        @RequestParam(value = "dmiServiceName", required = false) final String dmiServiceName,
                                        @RequestParam(value = "destination", required = false) final String destination,
                                        @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization) {
        return asReceived(ncmpWriteDataJobService.subJobResult(dmiServiceName, dataProducerId, dataProducerJobId,
            destination, authorization));
    }

    /** The plugin's answer, status and body, as the plugin gave it. */
    private static ResponseEntity<String> asReceived(final DmiResponse dmiResponse) {
        return ResponseEntity.status(dmiResponse.status()).contentType(MediaType.APPLICATION_JSON)
            .body(dmiResponse.body());
    }

    @PostMapping(path = "/{dataJobId}/write", consumes = MediaType.APPLICATION_JSON_VALUE,
        produces = MediaType.APPLICATION_JSON_VALUE)
    List<SubJobWriteResponse> writeDataJob(@PathVariable("dataJobId") final String dataJobId,
                                           @RequestBody final DataJobRequest dataJobRequest,
                                           @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization) {
        if (dataJobRequest.dataJobWriteRequest() == null) {
            throw new InvalidInputException("No operations", "dataJobWriteRequest is required");
        }
        return ncmpWriteDataJobService.writeDataJob(dataJobId, dataJobRequest.dataJobMetadata(),
            dataJobRequest.dataJobWriteRequest().data(), authorization);
    }
}
