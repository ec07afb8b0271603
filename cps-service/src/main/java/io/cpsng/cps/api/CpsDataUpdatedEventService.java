package io.cpsng.cps.api;

import io.cpsng.cps.api.model.DataUpdatedEventPage;
import java.time.Duration;

/** The data-updated events of subscribed anchors, for clients without Kafka, in the order they committed. */
public interface CpsDataUpdatedEventService {

    /** Up to limit events after the position; with a wait, waits that long for the first if there is none yet. */
    DataUpdatedEventPage events(long afterPosition, int limit, Duration wait);
}
