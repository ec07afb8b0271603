package io.cpsng.rest.cps;

import io.cpsng.cps.api.CpsDataUpdatedEventService;
import io.cpsng.cps.api.CpsNotificationService;
import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.api.model.DataUpdatedEventPage;
import io.cpsng.rest.FeedWait;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ArrayNode;

/**
 * Data-updated events: the reference's subscriptions (which dataspaces and anchors send them, data of its
 * cps-notification-subscriptions model under the xpath) and, for clients without Kafka, their feed (docs/events.md).
 */
@RestController
@RequestMapping("/cps/api")
class NotificationSubscriptionRestController {

    // the reference's default xpath: the subscriptions' top container
    private static final String DATASPACES = "/dataspaces";

    private final CpsNotificationService cpsNotificationService;
    private final CpsDataUpdatedEventService cpsDataUpdatedEventService;

    NotificationSubscriptionRestController(final CpsNotificationService cpsNotificationService,
                                           final CpsDataUpdatedEventService cpsDataUpdatedEventService) {
        this.cpsNotificationService = cpsNotificationService;
        this.cpsDataUpdatedEventService = cpsDataUpdatedEventService;
    }

    /** The events are CloudEvents in structured mode; next is the after of the following request. */
    record RestEventPage(List<Map<String, Object>> events, long next) {
    }

    @PostMapping(value = "/v2/notification-subscription", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> createNotificationSubscription(
        @RequestParam(value = "xpath", defaultValue = DATASPACES) final String xpath,
                                                        @RequestBody final String subscription) {
        cpsNotificationService.createNotificationSubscription(xpath, subscription);
        return ResponseEntity.status(HttpStatus.CREATED).build();
    }

    // no default here, unlike the reference's: a DELETE without xpath would remove every subscription
    @DeleteMapping("/v2/notification-subscription")
    ResponseEntity<Void> deleteNotificationSubscription(@RequestParam("xpath") final String xpath) {
        cpsNotificationService.deleteNotificationSubscription(xpath);
        return ResponseEntity.noContent().build();
    }

    /** As the reference answers it: a JSON array of the nodes found, each under its prefixed name. */
    @GetMapping("/v2/notification-subscription")
    ResponseEntity<ArrayNode> getNotificationSubscription(
        @RequestParam(value = "xpath", defaultValue = DATASPACES) final String xpath) {
        return ResponseEntity.ok(DataNodeFormatter.toJson(cpsNotificationService.getNotificationSubscription(xpath)));
    }

    @GetMapping("/v2/data-updated-events")
    ResponseEntity<RestEventPage> getDataUpdatedEvents(
        @RequestParam(value = "after", defaultValue = "0") final long after,
        @RequestParam(value = "limit", defaultValue = "1000") final int limit,
        @RequestParam(value = "wait", defaultValue = "0s") final String wait) {
        final DataUpdatedEventPage page = cpsDataUpdatedEventService.events(after, limit, FeedWait.parse(wait));
        return ResponseEntity.ok(new RestEventPage(
            page.events().stream().map(NotificationSubscriptionRestController::structured).toList(), page.next()));
    }

    private static Map<String, Object> structured(final DataUpdatedEvent event) {
        final Map<String, Object> cloudEvent = new LinkedHashMap<>(event.cloudEventAttributes());
        cloudEvent.put("time", event.time().toString());
        cloudEvent.put("sequence", Long.toString(event.position()));
        cloudEvent.put("datacontenttype", MediaType.APPLICATION_JSON_VALUE);
        cloudEvent.put("data", event.data());
        return cloudEvent;
    }
}
