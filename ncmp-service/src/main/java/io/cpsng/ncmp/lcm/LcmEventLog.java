package io.cpsng.ncmp.lcm;

import io.cpsng.ncmp.api.model.LcmEvent;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The numbered events (ncmp_lcm_event), read in position order by the feed and the relay. Every event of a handle
 * falls in one relay partition, so a relay that sends its partitions in order keeps each handle's events in order.
 */
@Component
class LcmEventLog {

    /** Relay partitions: a fixed number, so that every instance maps a handle to the same one. */
    static final int RELAY_PARTITIONS = 8;

    private static final String COLUMNS = """
        position, sequence, cm_handle_id, alternate_id, module_set_tag, data_producer_identifier, event_type,
        old_values::text AS old_values,
        new_values::text AS new_values, created_at""";

    private final JdbcTemplate jdbcTemplate;
    private final String source;

    LcmEventLog(final JdbcTemplate jdbcTemplate, final LcmEventsProperties lcmEventsProperties) {
        this.jdbcTemplate = jdbcTemplate;
        this.source = lcmEventsProperties.source();
    }

    /** Up to limit events after the position, in order. */
    List<LcmEvent> readAfter(final long position, final int limit) {
        return jdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_lcm_event WHERE position > ? ORDER BY position"
            + " LIMIT ?", this::toEvent, position, limit);
    }

    /**
     * The events after the first position up to the second, in order, of the relay partitions given with the
     * position each has been sent up to, and after it: one range of the primary key.
     */
    List<LcmEvent> readRange(final long afterPosition, final long lastPosition,
                             final Map<Integer, Long> sentPositionsByPartition) {
        return jdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_lcm_event e"
                + " JOIN unnest(?::int[], ?::bigint[]) AS held(relay_partition, sent_position) USING (relay_partition)"
                + " WHERE e.position > ? AND e.position <= ? AND e.position > held.sent_position ORDER BY e.position",
            this::toEvent, sentPositionsByPartition.keySet().toArray(Integer[]::new),
            sentPositionsByPartition.values().toArray(Long[]::new), afterPosition, lastPosition);
    }

    /** The position of the newest event numbered so far (0 before the first). */
    long lastPosition() {
        return jdbcTemplate.queryForObject("SELECT last_position FROM ncmp_lcm_sequencer", Long.class);
    }

    private LcmEvent toEvent(final ResultSet resultSet, final int rowNumber) throws SQLException {
        final Instant time = resultSet.getObject("created_at", OffsetDateTime.class).toInstant();
        return new LcmEvent(resultSet.getLong("position"), "lcm-" + resultSet.getLong("sequence"), source,
            resultSet.getString("cm_handle_id"), resultSet.getString("alternate_id"),
            resultSet.getString("module_set_tag"), resultSet.getString("data_producer_identifier"),
            resultSet.getString("event_type"), time, resultSet.getString("old_values"),
            resultSet.getString("new_values"));
    }
}
