package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What other packages read of ncmp_cm_handle (ADR 0006): handles by id or alternate id, the handles meeting a search
 * condition through a cursor, and the few facts other parts ask of the table. Every read is one statement for any
 * number of handles, with arrays as parameters.
 */
@Component
public class CmHandleRows {

    // the rows to read through a cursor in one round trip: large enough to make round trips rare (200,000 ids:
    // 10 fetches in 91 ms against 40 in 200 ms), small enough to keep the heap flat (20,000 handles ~ 10 MB)
    private static final int FETCH_SIZE = 20_000;
    // A cursor is planned for its first tenth by default: an index scan in id order with a heap visit per row,
    // twice as slow as reading the table and sorting when, as here, every row is read.
    private static final String PLAN_FOR_ALL_ROWS = "SET LOCAL cursor_tuple_fraction = 1";
    private static final String SELECT_HANDLE = "SELECT " + CmHandleColumns.COLUMNS + " FROM ncmp_cm_handle h";

    private final JdbcTemplate jdbcTemplate;
    private final JdbcTemplate cursorJdbcTemplate;

    CmHandleRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
        // the fetch size makes the driver stream rows (in a transaction) instead of loading them all first
        this.cursorJdbcTemplate = new JdbcTemplate(jdbcTemplate.getDataSource());
        this.cursorJdbcTemplate.setFetchSize(FETCH_SIZE);
    }

    /** The handle with this id or, failing that, this alternate id; one index probe each. */
    public Optional<CmHandle> find(final String cmHandleReference) {
        return jdbcTemplate.query(SELECT_HANDLE + " WHERE h.id = ? OR h.alternate_id = ?"
                + " ORDER BY h.id = ? DESC LIMIT 1",
                CmHandleColumns.CM_HANDLE, cmHandleReference, cmHandleReference, cmHandleReference)
            .stream().findFirst();
    }

    /** The handles with these ids or alternate ids, by the reference that found them (an id over an alternate id). */
    public Map<String, CmHandle> findAll(final Collection<String> cmHandleReferences) {
        final String[] references = SqlArrays.texts(cmHandleReferences);
        final Map<String, CmHandle> byAlternateId = new HashMap<>();
        final Map<String, CmHandle> byReference = new HashMap<>();
        final Set<String> requested = new HashSet<>(cmHandleReferences);
        // two index range scans (an OR of the two would read the whole table)
        for (final CmHandle cmHandle : jdbcTemplate.query(SELECT_HANDLE + " WHERE h.id = ANY(?) UNION ALL "
            + SELECT_HANDLE + " WHERE h.alternate_id = ANY(?) AND h.id <> ALL(?)",
            CmHandleColumns.CM_HANDLE, references, references, references)) {
            if (requested.contains(cmHandle.id())) {
                byReference.put(cmHandle.id(), cmHandle);
            }
            if (cmHandle.alternateId() != null && requested.contains(cmHandle.alternateId())) {
                byAlternateId.put(cmHandle.alternateId(), cmHandle);
            }
        }
        byAlternateId.forEach(byReference::putIfAbsent);
        return byReference;
    }

    /** The module set (schema set) of the handle with this id or alternate id; empty until it has modules. */
    public Optional<String> findSchemaSetName(final String cmHandleReference) {
        return jdbcTemplate.query("SELECT h.schema_set_name FROM ncmp_cm_handle h WHERE h.id = ? OR h.alternate_id = ?"
                + " ORDER BY h.id = ? DESC LIMIT 1",
                (resultSet, rowNumber) -> Optional.ofNullable(resultSet.getString(1)),
                cmHandleReference, cmHandleReference, cmHandleReference)
            .stream().findFirst()
            .orElseThrow(() -> new CmHandleNotFoundException(cmHandleReference));
    }

    /** The handles meeting the condition, in id order, handed over one by one as they are read (a cursor). */
    void forEach(final SqlCondition condition, final Consumer<CmHandle> action) {
        jdbcTemplate.execute(PLAN_FOR_ALL_ROWS);
        cursorJdbcTemplate.query(SELECT_HANDLE + " WHERE " + condition.sql() + " ORDER BY h.id", resultSet -> {
            action.accept(CmHandleColumns.toCmHandle(resultSet));
        }, condition.parameters().toArray());
    }

    /** The ids, or alternate ids where a handle has one, of the handles meeting the condition, ordered. */
    void forEachReference(final SqlCondition condition, final boolean outputAlternateId,
                          final Consumer<String> action) {
        final String reference = outputAlternateId ? "coalesce(h.alternate_id, h.id)" : "h.id";
        jdbcTemplate.execute(PLAN_FOR_ALL_ROWS);
        cursorJdbcTemplate.query("SELECT " + reference + " FROM ncmp_cm_handle h WHERE " + condition.sql()
            + " ORDER BY " + reference, resultSet -> {
                action.accept(resultSet.getString(1));
            }, condition.parameters().toArray());
    }

    /** Whether the URL is the DMI plugin (or data plugin, or write data jobs plugin) of some registered handle. */
    public boolean isKnownPlugin(final String plugin) {
        // the OR stops at the first that holds: the indexed lookup first, a data (job) plugin's (no index) last
        return jdbcTemplate.queryForObject("SELECT EXISTS (SELECT 1 FROM ncmp_cm_handle WHERE dmi_service_name = ?)"
            + " OR EXISTS (SELECT 1 FROM ncmp_cm_handle WHERE dmi_data_service_name = ?)"
            + " OR EXISTS (SELECT 1 FROM ncmp_cm_handle WHERE dmi_datajobs_write_service_name = ?)", Boolean.class,
            plugin, plugin, plugin);
    }

    /** The handles whose alternate id holds any of the texts, as routes; an index-less scan, for read jobs only. */
    public List<CmHandleRoute> findRoutesByAlternateIdContaining(final List<String> texts) {
        final String[] patterns = texts.stream()
            .map(text -> "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
            .toArray(String[]::new);
        return jdbcTemplate.query("SELECT " + CmHandleColumns.ROUTE_COLUMNS + " FROM ncmp_cm_handle h"
            + " WHERE h.alternate_id LIKE ANY(?) ORDER BY h.id", CmHandleColumns.ROUTE, (Object) patterns);
    }

    /** Handles by state, for the gauges; one grouped count. */
    Map<String, Long> countByState() {
        final Map<String, Long> counts = new LinkedHashMap<>();
        jdbcTemplate.query("SELECT cm_handle_state, count(*) FROM ncmp_cm_handle GROUP BY cm_handle_state",
            resultSet -> {
                counts.put(resultSet.getString(1), resultSet.getLong(2));
            });
        return counts;
    }
}
