package io.cpsng.cps.events;

import io.cpsng.cps.api.CpsDataUpdatedEventService;
import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.api.model.DataUpdatedEventPage;
import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.cps.spi.DataUpdatedEventPersistence;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

/**
 * The data-updated events by position (the same outbox path as NCMP's lifecycle events, ADR 0012): every write
 * puts the events of subscribed anchors into an outbox in its transaction, and this numbers the committed ones
 * every sequence interval, one instance at a time, so that a reader continuing after the last position it got
 * sees every event once, in commit order.
 */
@Service
@EnableConfigurationProperties(DataUpdatedEventsProperties.class)
class DataUpdatedEventFeed implements CpsDataUpdatedEventService {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataUpdatedEventFeed.class);

    private final DataUpdatedEventPersistence dataUpdatedEventPersistence;
    private final DataUpdatedEventsProperties properties;
    private final LongPoll longPoll = new LongPoll();

    DataUpdatedEventFeed(final DataUpdatedEventPersistence dataUpdatedEventPersistence,
                         final DataUpdatedEventsProperties properties, final PeriodicTasks periodicTasks) {
        this.dataUpdatedEventPersistence = dataUpdatedEventPersistence;
        this.properties = properties;
        periodicTasks.every("Data-updated event sequencer", properties.sequenceInterval(),
            () -> sequenceCommittedEvents() == properties.sequenceBatchSize());
    }

    @Override
    public DataUpdatedEventPage events(final long afterPosition, final int limit, final Duration wait) {
        LongPoll.validate(afterPosition, limit, wait, properties.maxFeedLimit(), properties.maxFeedWait());
        final List<DataUpdatedEvent> events = longPoll.read(wait,
            () -> dataUpdatedEventPersistence.readAfter(afterPosition, limit));
        return new DataUpdatedEventPage(events, events.isEmpty() ? afterPosition : events.getLast().position());
    }

    /** Numbers up to a batch of committed events; returns how many (0 also while another instance numbers). */
    public int sequenceCommittedEvents() {
        final int sequenced = dataUpdatedEventPersistence.sequenceCommitted(properties.sequenceBatchSize());
        if (sequenced > 0) {
            LOGGER.debug("Sequenced {} data-updated events", sequenced);
            longPoll.wake();
        }
        return sequenced;
    }
}
