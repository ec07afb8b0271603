package io.cpsng.ncmp.api.model;

import java.util.List;

/** The next events of the feed, in order, and the position to ask for events after next time. */
public record LcmEventPage(List<LcmEvent> events, long next) {
}
