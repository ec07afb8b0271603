package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpDataJobService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.DataJobMetadata;
import io.cpsng.ncmp.api.model.SubJobWriteResponse;
import io.cpsng.ncmp.api.model.WriteOperation;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Write data jobs at the reference's path (/do-not-use/dataJobs, its KPI suite's rows 8 and 9): many writes
 * addressed by FDN, answered with the sub-jobs the DMI plugins took.
 */
@RestController
@RequestMapping("/do-not-use/dataJobs")
class DataJobRestController {

    private final NcmpDataJobService ncmpDataJobService;

    DataJobRestController(final NcmpDataJobService ncmpDataJobService) {
        this.ncmpDataJobService = ncmpDataJobService;
    }

    /** The reference's request body. */
    record DataJobRequest(DataJobMetadata dataJobMetadata, DataJobWriteRequest dataJobWriteRequest) {
    }

    record DataJobWriteRequest(List<WriteOperation> data) {
    }

    @PostMapping(path = "/{dataJobId}/write", consumes = MediaType.APPLICATION_JSON_VALUE,
        produces = MediaType.APPLICATION_JSON_VALUE)
    List<SubJobWriteResponse> writeDataJob(@PathVariable("dataJobId") final String dataJobId,
                                           @RequestBody final DataJobRequest dataJobRequest,
                                           final HttpServletRequest request) {
        ServedParameters.refuseOthers(request, "a write data job", List.of());
        if (dataJobRequest.dataJobWriteRequest() == null) {
            throw new InvalidInputException("No operations", "dataJobWriteRequest is required");
        }
        return ncmpDataJobService.writeDataJob(dataJobId, dataJobRequest.dataJobMetadata(),
            dataJobRequest.dataJobWriteRequest().data());
    }
}
