package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpDataJobSubscriptionService;
import io.cpsng.rest.error.ErrorMessage;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * A data job's CM subscription as clients read it, which the reference has no way to: each selector with its status
 * (PENDING, ACCEPTED, REJECTED); 404 for a job with no subscribed selector.
 */
@RestController
class DataJobSubscriptionRestController {

    private final NcmpDataJobSubscriptionService ncmpDataJobSubscriptionService;

    DataJobSubscriptionRestController(final NcmpDataJobSubscriptionService ncmpDataJobSubscriptionService) {
        this.ncmpDataJobSubscriptionService = ncmpDataJobSubscriptionService;
    }

    @GetMapping(path = "/ncmp/v1/dataJobs/{data-job-id}/subscription", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> getSubscription(@PathVariable("data-job-id") final String dataJobId) {
        return ncmpDataJobSubscriptionService.getSubscription(dataJobId).<ResponseEntity<Object>>map(ResponseEntity::ok)
            .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND).body(ErrorMessage.of(HttpStatus.NOT_FOUND,
                "Data job not subscribed", "No selector of data job " + dataJobId + " is subscribed")));
    }
}
