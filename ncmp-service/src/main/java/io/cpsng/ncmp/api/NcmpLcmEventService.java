package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.LcmEventPage;
import java.time.Duration;

/** The lifecycle events of CM handles, in the order they happened, for clients without Kafka. */
public interface NcmpLcmEventService {

    /**
     * Up to limit events after the position; when there are none yet, waits up to wait for the first ones
     * (InvalidInputException for a negative position, a limit or wait out of bounds).
     */
    LcmEventPage events(long afterPosition, int limit, Duration wait);
}
