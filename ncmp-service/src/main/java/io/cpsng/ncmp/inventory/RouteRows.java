package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.model.CmHandleRoute;
import java.util.BitSet;
import java.util.Collection;
import java.util.function.BiConsumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The probes routing makes of ncmp_cm_handle (ADR 0010): unique-index lookups of ids and alternate ids. */
@Component
public class RouteRows {

    // a loose index scan of each depth index (migrations 0006, 0007): one probe per number of '/' in use
    private static final String SLASH_COUNTS_IN_USE = """
        WITH RECURSIVE ids(slashes) AS (%s), alternate_ids(slashes) AS (%s)
        SELECT true AS of_id, slashes FROM ids WHERE slashes IS NOT NULL
        UNION ALL
        SELECT false, slashes FROM alternate_ids WHERE slashes IS NOT NULL""".formatted(
        slashCountsOf("h.id", "ids"), slashCountsOf("h.alternate_id", "alternate_ids"));
    // the reference a row answers is its id or its alternate id, by by_id: not sent again in a column of its own
    private static final String PROBE = """
        SELECT true AS by_id, %1$s FROM ncmp_cm_handle h WHERE h.id = ANY(?)
        UNION ALL
        SELECT false, %1$s FROM ncmp_cm_handle h WHERE h.alternate_id = ANY(?)""".formatted(
        CmHandleColumns.ROUTE_COLUMNS);

    private final JdbcTemplate jdbcTemplate;

    RouteRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** Sets the numbers of '/' that some id has, and those that some alternate id has. */
    public void slashCountsInUse(final BitSet idSlashCounts, final BitSet alternateIdSlashCounts) {
        jdbcTemplate.query(SLASH_COUNTS_IN_USE, resultSet -> {
            (resultSet.getBoolean("of_id") ? idSlashCounts : alternateIdSlashCounts).set(resultSet.getInt(2));
        });
    }

    /** Hands over the route of each handle with one of the ids or alternate ids, and whether its id matched. */
    public void probe(final Collection<String> ids, final Collection<String> alternateIds,
                      final BiConsumer<Boolean, CmHandleRoute> action) {
        jdbcTemplate.query(PROBE, resultSet -> {
            action.accept(resultSet.getBoolean("by_id"), CmHandleColumns.ROUTE.mapRow(resultSet, 0));
        }, SqlArrays.texts(ids), SqlArrays.texts(alternateIds));
    }

    /** A recursive step that walks the depth index of the column: its smallest number of '/', then the next. */
    private static String slashCountsOf(final String column, final String table) {
        final String slashes = "(length(%1$s) - length(replace(%1$s, '/', '')))".formatted(column);
        return ("(SELECT %1$s FROM ncmp_cm_handle h WHERE %2$s IS NOT NULL ORDER BY 1 LIMIT 1)"
            + " UNION ALL SELECT (SELECT %1$s FROM ncmp_cm_handle h WHERE %2$s IS NOT NULL AND %1$s > %3$s.slashes"
            + " ORDER BY 1 LIMIT 1) FROM %3$s WHERE %3$s.slashes IS NOT NULL").formatted(slashes, column, table);
    }
}
