package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.model.CmHandleState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Gauges of how many handles are in each state (ncmp.cm-handles, tag state). One grouped count of the table runs
 * at most every few seconds, however many gauges are scraped how often.
 */
@Component
class CmHandleStateGauges {

    private static final Logger LOGGER = LoggerFactory.getLogger(CmHandleStateGauges.class);
    // a scrape every few seconds should not scan every handle each time; gauges a few seconds old are fine
    private static final Duration MAX_AGE = Duration.ofSeconds(5);

    private final CmHandleRows cmHandleRows;
    private Map<CmHandleState, Long> counts = new EnumMap<>(CmHandleState.class);
    private long countedAtNanos;

    CmHandleStateGauges(final CmHandleRows cmHandleRows, final MeterRegistry meterRegistry) {
        this.cmHandleRows = cmHandleRows;
        for (final CmHandleState cmHandleState : CmHandleState.values()) {
            Gauge.builder("ncmp.cm-handles", () -> count(cmHandleState)).tag("state", cmHandleState.name())
                .description("CM handles in the state").register(meterRegistry);
        }
    }

    /** Handles in the state, as counted at most a few seconds ago. */
    synchronized long count(final CmHandleState cmHandleState) {
        if (countedAtNanos == 0 || System.nanoTime() - countedAtNanos > MAX_AGE.toNanos()) {
            countedAtNanos = System.nanoTime();
            counts = countStates();
        }
        return counts.getOrDefault(cmHandleState, 0L);
    }

    private Map<CmHandleState, Long> countStates() {
        final Map<CmHandleState, Long> countsByState = new EnumMap<>(CmHandleState.class);
        try {
            cmHandleRows.countByState().forEach((cmHandleState, count) ->
                countsByState.put(CmHandleState.valueOf(cmHandleState), count));
        } catch (final RuntimeException inventoryUnreadable) {
            // before the inventory model exists, or with the database away: report the last counts
            LOGGER.debug("Handles per state not counted: {}", inventoryUnreadable.getMessage());
            return counts;
        }
        return countsByState;
    }
}
