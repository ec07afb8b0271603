package io.cpsng.ncmp.lcm;

import io.cpsng.cps.events.LongPoll;
import io.cpsng.ncmp.api.NcmpLcmEventService;
import io.cpsng.ncmp.api.model.LcmEvent;
import io.cpsng.ncmp.api.model.LcmEventPage;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * The feed of lifecycle events: reads by position, so a client that continues after the last position it got
 * sees every event once and in order. A request with a wait long-polls ({@link LongPoll}).
 */
@Service
class LcmEventFeed implements NcmpLcmEventService {

    private final LcmEventLog lcmEventLog;
    private final LcmEventsProperties lcmEventsProperties;
    private final LongPoll longPoll = new LongPoll();

    LcmEventFeed(final LcmEventLog lcmEventLog, final LcmEventsProperties lcmEventsProperties) {
        this.lcmEventLog = lcmEventLog;
        this.lcmEventsProperties = lcmEventsProperties;
    }

    @Override
    public LcmEventPage events(final long afterPosition, final int limit, final Duration wait) {
        LongPoll.validate(afterPosition, limit, wait, lcmEventsProperties.maxFeedLimit(),
            lcmEventsProperties.maxFeedWait());
        final List<LcmEvent> events = longPoll.read(wait, () -> lcmEventLog.readAfter(afterPosition, limit));
        return new LcmEventPage(events, events.isEmpty() ? afterPosition : events.getLast().position());
    }

    /** Wakes the requests waiting for events: this instance numbered some. */
    void eventsSequenced() {
        longPoll.wake();
    }
}
