package io.cpsng.ncmp.lcm;

import io.cpsng.cps.schedule.PeriodicTasks;
import java.sql.Timestamp;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Deletes events older than the retention, oldest first; with the Kafka relay on, only those the broker has
 * acknowledged, so an outage longer than the retention still loses nothing.
 */
@Component
public class LcmEventPurge {

    private static final Logger LOGGER = LoggerFactory.getLogger(LcmEventPurge.class);
    private static final int BATCH_SIZE = 50_000;

    private static final String PURGE = """
        DELETE FROM ncmp_lcm_event e WHERE e.position IN (
            SELECT position FROM ncmp_lcm_event ORDER BY position LIMIT ?)
        AND e.created_at < ?""";
    private static final String ONLY_SENT = """
        AND e.position <= (SELECT r.sent_position FROM ncmp_lcm_relay r
            WHERE r.relay_partition = e.relay_partition)""";

    private final JdbcTemplate jdbcTemplate;
    private final LcmEventsProperties lcmEventsProperties;
    private final boolean relayOn;

    LcmEventPurge(final JdbcTemplate jdbcTemplate, final LcmEventsProperties lcmEventsProperties,
                  final ObjectProvider<LcmEventRelay> lcmEventRelay, final PeriodicTasks periodicTasks) {
        this.jdbcTemplate = jdbcTemplate;
        this.lcmEventsProperties = lcmEventsProperties;
        this.relayOn = lcmEventRelay.getIfAvailable() != null;
        periodicTasks.every("LCM event purge", lcmEventsProperties.purgeInterval(),
            () -> purgeExpiredEvents() == BATCH_SIZE);
    }

    /** Deletes up to a batch of the oldest events past the retention; returns how many. */
    public int purgeExpiredEvents() {
        final Instant expiry = Instant.now().minus(lcmEventsProperties.retention());
        final int purged = jdbcTemplate.update(relayOn ? PURGE + " " + ONLY_SENT : PURGE, BATCH_SIZE,
            Timestamp.from(expiry));
        if (purged > 0) {
            LOGGER.info("Purged {} lifecycle events older than {}", purged, lcmEventsProperties.retention());
        }
        return purged;
    }
}
