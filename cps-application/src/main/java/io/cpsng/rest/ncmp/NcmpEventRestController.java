package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpLcmEventService;
import io.cpsng.ncmp.api.model.LcmCloudEvents;
import io.cpsng.ncmp.api.model.LcmEventPage;
import io.cpsng.rest.FeedWait;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ObjectNode;

/** The feed of CM-handle lifecycle events for clients without Kafka (docs/events.md). */
@RestController
@RequestMapping("/ncmp")
class NcmpEventRestController {

    private final NcmpLcmEventService ncmpLcmEventService;

    NcmpEventRestController(final NcmpLcmEventService ncmpLcmEventService) {
        this.ncmpLcmEventService = ncmpLcmEventService;
    }

    /** The events are CloudEvents in structured mode; next is the after of the following request. */
    record RestEventPage(List<ObjectNode> events, long next) {
    }

    @GetMapping("/v1/events")
    ResponseEntity<RestEventPage> getEvents(@RequestParam(value = "after", defaultValue = "0") final long after,
                                            @RequestParam(value = "limit", defaultValue = "1000") final int limit,
                                            @RequestParam(value = "wait", defaultValue = "0s") final String wait) {
        final LcmEventPage page = ncmpLcmEventService.events(after, limit, FeedWait.parse(wait));
        return ResponseEntity.ok(new RestEventPage(page.events().stream().map(LcmCloudEvents::structured).toList(),
            page.next()));
    }
}
