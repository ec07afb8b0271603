package io.cpsng.cps.spi;

/** One change a write made to an anchor, for its data-updated event (observedTimestamp may be null). */
public record DataUpdate(String anchorName, String xpath, String action, String observedTimestamp) {
}
