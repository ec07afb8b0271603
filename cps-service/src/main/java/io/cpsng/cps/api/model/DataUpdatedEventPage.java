package io.cpsng.cps.api.model;

import java.util.List;

/** The next data-updated events, in order, and the position to ask for events after next time. */
public record DataUpdatedEventPage(List<DataUpdatedEvent> events, long next) {
}
