package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.LockReason;
import io.cpsng.ncmp.events.LcmOutbox;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The CM-handle inventory: one row per handle in ncmp_cm_handle (ADR 0006). Every operation is one statement
 * for any number of handles, with arrays as parameters (never one bind parameter per handle). Writes lock the
 * rows they touch, so that concurrent requests on the same handle serialise.
 */
@Component
public class CmHandleRows {

    /** The trust level clients see: NONE while the handle's DMI plugin does not answer, else as registered. */
    public static final String TRUST_LEVEL =
        "CASE WHEN h.dmi_trust_level = 'NONE' THEN 'NONE' ELSE coalesce(h.trust_level, 'COMPLETE') END";

    /** The columns of a handle as {@link #toCmHandle} reads them, for statements that return handles. */
    public static final String COLUMNS = """
        h.id, h.alternate_id, h.dmi_service_name, h.dmi_data_service_name, h.dmi_model_service_name,
        h.module_set_tag, h.data_producer_identifier, %s AS trust_level, h.cm_handle_state, h.lock_reason,
        h.lock_reason_details, h.last_update_time, h.data_sync_enabled, h.data_sync_state, h.last_sync_time,
        h.additional_properties::text AS additional_properties, h.public_properties::text AS public_properties"""
        .formatted(TRUST_LEVEL);

    public static final RowMapper<CmHandle> CM_HANDLE = (resultSet, rowNumber) -> toCmHandle(resultSet);

    // the rows to read through a cursor in one round trip: large enough to make round trips rare (200,000 ids:
    // 10 fetches in 91 ms against 40 in 200 ms), small enough to keep the heap flat (20,000 handles ~ 10 MB)
    private static final int FETCH_SIZE = 20_000;
    // A cursor is planned for its first tenth by default: an index scan in id order with a heap visit per row,
    // twice as slow as reading the table and sorting when, as here, every row is read.
    private static final String PLAN_FOR_ALL_ROWS = "SET LOCAL cursor_tuple_fraction = 1";

    // the create event carries what a new handle shows: ADVISED, its public properties, alternate id, trust; not the
    // data sync flag, which the reference sets (and tells of) first when the handle becomes READY
    private static final String INSERT_ADVISED = """
        WITH inserted AS (
            INSERT INTO ncmp_cm_handle AS h (id, alternate_id, dmi_service_name, dmi_data_service_name,
                dmi_model_service_name, module_set_tag, data_producer_identifier, trust_level, cm_handle_state,
                last_update_time, additional_properties, public_properties, due_at)
            SELECT new.id, new.alternate_id, new.dmi, new.dmi_data, new.dmi_model, new.tag, new.producer, new.trust,
                'ADVISED', now(), new.additional::jsonb, new.public::jsonb, now()
            FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
                ?::text[], ?::text[])
                AS new(id, alternate_id, dmi, dmi_data, dmi_model, tag, producer, trust, additional, public)
            ON CONFLICT DO NOTHING
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier, 'create' AS event_type,
                NULL::jsonb AS old_values,
                jsonb_strip_nulls(jsonb_build_object('cmHandleState', 'ADVISED',
                    'cmHandleProperties', jsonb_build_array(h.public_properties), 'alternateId', h.alternate_id,
                    'moduleSetTag', nullif(h.module_set_tag, ''), 'dataProducerIdentifier', h.data_producer_identifier,
                    'trustLevel', %s)) AS new_values),
        events AS (%s),
        plugins AS (
            INSERT INTO ncmp_dmi_plugin (name) SELECT DISTINCT unnest(?::text[]) ON CONFLICT DO NOTHING)
        SELECT id FROM inserted""".formatted(TRUST_LEVEL, LcmOutbox.insertEventsFrom("inserted"));

    // the rows are locked (lockForUpdate), so "before" is what the update changes; a registered trust level is
    // only replaced by another one
    private static final String UPDATE_REGISTERED = """
        WITH changed AS (
            SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                AS changed(id, producer, additional, public, trust)),
        before AS (
            SELECT h.id, h.public_properties, %1$s AS trust_level FROM ncmp_cm_handle h JOIN changed USING (id)),
        updated AS (
            UPDATE ncmp_cm_handle h SET data_producer_identifier = changed.producer,
                additional_properties = changed.additional::jsonb, public_properties = changed.public::jsonb,
                trust_level = coalesce(changed.trust, h.trust_level)
            FROM changed WHERE h.id = changed.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier, h.public_properties,
                %1$s AS trust_level),
        events AS (
            SELECT updated.id, updated.alternate_id, updated.module_set_tag, updated.data_producer_identifier,
                'update' AS event_type,
                jsonb_strip_nulls(jsonb_build_object(
                    'cmHandleProperties', CASE WHEN updated.public_properties <> before.public_properties THEN
                        jsonb_build_array(ncmp_properties_changed(before.public_properties,
                            updated.public_properties)) END,
                    'trustLevel', CASE WHEN updated.trust_level <> before.trust_level THEN before.trust_level END))
                    AS old_values,
                jsonb_strip_nulls(jsonb_build_object(
                    'cmHandleProperties', CASE WHEN updated.public_properties <> before.public_properties THEN
                        jsonb_build_array(ncmp_properties_changed(updated.public_properties,
                            before.public_properties)) END,
                    'trustLevel', CASE WHEN updated.trust_level <> before.trust_level THEN updated.trust_level END))
                    AS new_values
            FROM updated JOIN before USING (id)
            WHERE updated.public_properties <> before.public_properties OR updated.trust_level <> before.trust_level)
        %2$s""".formatted(TRUST_LEVEL, LcmOutbox.insertEventsFrom("events"));

    // the boolean parameter: whether tagged handles are locked too (an upgrade) or only untagged ones (a refresh)
    private static final String LOCK_UPGRADE = """
        WITH before AS (
            SELECT id FROM ncmp_cm_handle WHERE id = ANY(?) AND cm_handle_state = 'READY'
            AND (module_set_tag = '' OR ?) ORDER BY id FOR UPDATE),
        locked AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'LOCKED', lock_reason = ?,
                lock_reason_details = ?, last_update_time = now(),
                upgrade_module_set_tag = ?, due_at = now(), attempt = 0, owner = NULL, lease_until = NULL
            FROM before WHERE h.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier, 'update' AS event_type,
                '{"cmHandleState": "READY"}'::jsonb AS old_values,
                jsonb_build_object('cmHandleState', 'LOCKED', 'lockReason', jsonb_build_object(
                    'reason', h.lock_reason, 'details', h.lock_reason_details)) AS new_values),
        events AS (%s)
        SELECT id FROM locked""".formatted(LcmOutbox.insertEventsFrom("locked"));

    // a removal that succeeds at once still tells DELETING before DELETED (in this order: the sequence follows
    // the insert order); a handle DELETING already (its earlier delete failed) gets DELETED only
    private static final String DELETE_REMOVED = """
        WITH deleted AS (
            DELETE FROM ncmp_cm_handle WHERE id = ANY(?)
            RETURNING id, alternate_id, module_set_tag, data_producer_identifier, schema_set_name, cm_handle_state),
        changes AS (
            SELECT id, alternate_id, module_set_tag, data_producer_identifier, 1 AS step, 'update' AS event_type,
                jsonb_build_object('cmHandleState', cm_handle_state) AS old_values,
                '{"cmHandleState": "DELETING"}'::jsonb AS new_values
            FROM deleted WHERE cm_handle_state <> 'DELETING'
            UNION ALL
            SELECT id, alternate_id, module_set_tag, data_producer_identifier, 2, 'delete',
                '{"cmHandleState": "DELETING"}'::jsonb,
                '{"cmHandleState": "DELETED"}'::jsonb
            FROM deleted
            ORDER BY id, step),
        events AS (%s)
        SELECT id, schema_set_name FROM deleted""".formatted(LcmOutbox.insertEventsFrom("changes"));

    // a handle being deleted does no module sync: a worker holding it finds its claim gone
    private static final String MARK_DELETING = """
        WITH before AS (
            SELECT id, cm_handle_state FROM ncmp_cm_handle WHERE id = ANY(?) ORDER BY id FOR UPDATE),
        deleting AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'DELETING', lock_reason = NULL, lock_reason_details = NULL,
                last_update_time = now(), due_at = NULL, owner = NULL, lease_until = NULL
            FROM before WHERE h.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier, before.cm_handle_state),
        events AS (%s)
        SELECT id FROM deleting""".formatted(LcmOutbox.insertEventsFrom("""
            (SELECT id, alternate_id, module_set_tag, data_producer_identifier, 'update' AS event_type, jsonb_build_object('cmHandleState', cm_handle_state)
                AS old_values, '{"cmHandleState": "DELETING"}'::jsonb AS new_values
            FROM deleting WHERE cm_handle_state <> 'DELETING') AS changes"""));

    private static final String DELETE_DELETING = """
        WITH deleted AS (
            DELETE FROM ncmp_cm_handle WHERE id = ANY(?) AND cm_handle_state = 'DELETING'
            RETURNING id, alternate_id, module_set_tag, data_producer_identifier, schema_set_name, 'delete' AS event_type,
                '{"cmHandleState": "DELETING"}'::jsonb AS old_values,
                '{"cmHandleState": "DELETED"}'::jsonb AS new_values),
        events AS (%s)
        SELECT id, schema_set_name FROM deleted""".formatted(LcmOutbox.insertEventsFrom("deleted"));

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final TypeReference<LinkedHashMap<String, String>> PROPERTIES = new TypeReference<>() {
    };

    private final JdbcTemplate jdbcTemplate;
    private final JdbcTemplate cursorJdbcTemplate;

    CmHandleRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
        // the fetch size makes the driver stream rows (in a transaction) instead of loading them all first
        this.cursorJdbcTemplate = new JdbcTemplate(jdbcTemplate.getDataSource());
        this.cursorJdbcTemplate.setFetchSize(FETCH_SIZE);
    }

    /**
     * Inserts the handles as ADVISED and due for module sync, and records their DMI plugins for the health checks;
     * returns the ids inserted. A handle whose id or alternate id is taken (also by another handle of the same
     * call) is left out.
     */
    Set<String> insertAdvised(final Collection<CmHandle> cmHandles, final Collection<String> dmiPlugins) {
        if (cmHandles.isEmpty()) {
            return Set.of();
        }
        final List<CmHandle> rows = List.copyOf(cmHandles);
        return new HashSet<>(jdbcTemplate.queryForList(INSERT_ADVISED, String.class,
            column(rows, CmHandle::id), column(rows, cmHandle -> blankToNull(cmHandle.alternateId())),
            column(rows, CmHandle::dmiServiceName), column(rows, CmHandle::dmiDataServiceName),
            column(rows, CmHandle::dmiModelServiceName), column(rows, CmHandle::moduleSetTag),
            column(rows, CmHandle::dataProducerIdentifier), column(rows, CmHandle::trustLevel),
            column(rows, cmHandle -> JSON.writeValueAsString(cmHandle.additionalProperties())),
            column(rows, cmHandle -> JSON.writeValueAsString(cmHandle.publicProperties())),
            dmiPlugins.stream().filter(name -> name != null && !name.isBlank()).toArray(String[]::new)));
    }

    /** The handles with these ids, locked until the transaction ends, by id. */
    Map<String, CmHandle> lockForUpdate(final Collection<String> cmHandleIds) {
        return byId(jdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_cm_handle h WHERE h.id = ANY(?) ORDER BY h.id"
            + " FOR UPDATE", CM_HANDLE, (Object) ids(cmHandleIds)));
    }

    /** Writes what registration may change of the handles: data producer, properties, trust level. */
    void updateRegistered(final Collection<CmHandle> cmHandles) {
        if (cmHandles.isEmpty()) {
            return;
        }
        final List<CmHandle> rows = List.copyOf(cmHandles);
        jdbcTemplate.update(UPDATE_REGISTERED, column(rows, CmHandle::id), column(rows, CmHandle::dataProducerIdentifier),
            column(rows, cmHandle -> JSON.writeValueAsString(cmHandle.additionalProperties())),
            column(rows, cmHandle -> JSON.writeValueAsString(cmHandle.publicProperties())),
            column(rows, CmHandle::trustLevel));
    }

    /** Locks READY handles for an upgrade to the tag's module set and makes them due; returns the ids locked. */
    Set<String> lockForUpgrade(final Collection<String> cmHandleIds, final String targetModuleSetTag) {
        return new HashSet<>(jdbcTemplate.queryForList(LOCK_UPGRADE, String.class, ids(cmHandleIds), true,
            LockReason.MODULE_UPGRADE, "Upgrade to ModuleSetTag: " + targetModuleSetTag, targetModuleSetTag));
    }

    /**
     * Locks READY handles without a module set tag for a module refresh and makes them due: module sync asks their
     * plugins for their module references again, as for an upgrade to no tag. Returns the ids locked.
     */
    Set<String> lockForRefresh(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList(LOCK_UPGRADE, String.class, ids(cmHandleIds), false,
            LockReason.MODULE_REFRESH, "Module refresh", ""));
    }

    /** Deletes the handles, whatever their state; returns the module set (or null) of each that was there, by id. */
    Map<String, String> deleteRemoved(final Collection<String> cmHandleIds) {
        return schemaSetNamesById(DELETE_REMOVED, cmHandleIds);
    }

    /** Marks the handles DELETING (they leave module sync); returns the ids of those that were there. */
    Set<String> markDeleting(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList(MARK_DELETING, String.class, (Object) ids(cmHandleIds)));
    }

    /** Deletes those of the handles that are DELETING; returns the module set (or null) of each, by id. */
    Map<String, String> deleteDeleting(final Collection<String> cmHandleIds) {
        return schemaSetNamesById(DELETE_DELETING, cmHandleIds);
    }

    private Map<String, String> schemaSetNamesById(final String deleteStatement, final Collection<String> cmHandleIds) {
        final Map<String, String> schemaSetNamesById = new LinkedHashMap<>();
        jdbcTemplate.query(deleteStatement, resultSet -> {
            schemaSetNamesById.put(resultSet.getString(1), resultSet.getString(2));
        }, (Object) ids(cmHandleIds));
        return schemaSetNamesById;
    }

    /** Up to limit handles DELETING for longer than the given time (their delete failed), locked to retry it. */
    List<String> lockStaleDeleting(final Duration deletingFor, final int limit) {
        return jdbcTemplate.queryForList("SELECT id FROM ncmp_cm_handle WHERE cm_handle_state = 'DELETING'"
            + " AND last_update_time < now() - make_interval(secs => ?) ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED",
            String.class, deletingFor.toMillis() / 1000.0, limit);
    }

    /** Of the ids, those registered. */
    Set<String> existingIds(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList("SELECT id FROM ncmp_cm_handle WHERE id = ANY(?)",
            String.class, (Object) ids(cmHandleIds)));
    }

    /** The handle with this id or, failing that, this alternate id; one index probe each. */
    Optional<CmHandle> find(final String cmHandleReference) {
        return jdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_cm_handle h WHERE h.id = ? OR h.alternate_id = ?"
                + " ORDER BY h.id = ? DESC LIMIT 1", CM_HANDLE, cmHandleReference, cmHandleReference, cmHandleReference)
            .stream().findFirst();
    }

    /** The handles with these ids or alternate ids, by the reference that found them (an id over an alternate id). */
    Map<String, CmHandle> findAll(final Collection<String> cmHandleReferences) {
        final String[] references = ids(cmHandleReferences);
        final Map<String, CmHandle> byAlternateId = new HashMap<>();
        final Map<String, CmHandle> byReference = new HashMap<>();
        final Set<String> requested = new HashSet<>(cmHandleReferences);
        // two index range scans (an OR of the two would read the whole table)
        for (final CmHandle cmHandle : jdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_cm_handle h WHERE h.id = ANY(?)"
            + " UNION ALL SELECT " + COLUMNS + " FROM ncmp_cm_handle h WHERE h.alternate_id = ANY(?) AND h.id <> ALL(?)",
            CM_HANDLE, references, references, references)) {
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
    Optional<String> findSchemaSetName(final String cmHandleReference) {
        return jdbcTemplate.query("SELECT h.schema_set_name FROM ncmp_cm_handle h WHERE h.id = ? OR h.alternate_id = ?"
                + " ORDER BY h.id = ? DESC LIMIT 1", (resultSet, rowNumber) -> Optional.ofNullable(resultSet.getString(1)),
                cmHandleReference, cmHandleReference, cmHandleReference)
            .stream().findFirst()
            .orElseThrow(() -> new CmHandleNotFoundException(cmHandleReference));
    }

    /** The handles meeting the condition, in id order, handed over one by one as they are read (a cursor). */
    void forEach(final SqlCondition condition, final Consumer<CmHandle> action) {
        jdbcTemplate.execute(PLAN_FOR_ALL_ROWS);
        cursorJdbcTemplate.query("SELECT " + COLUMNS + " FROM ncmp_cm_handle h WHERE " + condition.sql()
            + " ORDER BY h.id", resultSet -> {
                action.accept(toCmHandle(resultSet));
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

    /** Whether the URL is the DMI plugin (or data plugin) of some registered handle. */
    public boolean isKnownPlugin(final String plugin) {
        // the OR stops at the first that holds: the indexed lookup first, a data plugin's (no index) last
        return jdbcTemplate.queryForObject("SELECT EXISTS (SELECT 1 FROM ncmp_cm_handle WHERE dmi_service_name = ?)"
            + " OR EXISTS (SELECT 1 FROM ncmp_cm_handle WHERE dmi_data_service_name = ?)", Boolean.class, plugin, plugin);
    }

    /** The handles whose alternate id holds any of the texts, as routes; an index-less scan, for read jobs only. */
    public List<CmHandleRoute> findRoutesByAlternateIdContaining(final List<String> texts) {
        final String[] patterns = texts.stream()
            .map(text -> "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
            .toArray(String[]::new);
        return jdbcTemplate.query("SELECT " + CmHandleRouter.ROUTE_COLUMNS + " FROM ncmp_cm_handle h"
            + " WHERE h.alternate_id LIKE ANY(?) ORDER BY h.id", CmHandleRouter.ROUTE, (Object) patterns);
    }

    /** Handles by state, for the gauges; one grouped count. */
    public Map<String, Long> countByState() {
        final Map<String, Long> counts = new LinkedHashMap<>();
        jdbcTemplate.query("SELECT cm_handle_state, count(*) FROM ncmp_cm_handle GROUP BY cm_handle_state",
            resultSet -> {
                counts.put(resultSet.getString(1), resultSet.getLong(2));
            });
        return counts;
    }

    /** A handle as a statement selecting {@link #COLUMNS} returns it. */
    public static CmHandle toCmHandle(final ResultSet resultSet) throws SQLException {
        final String lockReason = resultSet.getString("lock_reason");
        final OffsetDateTime lastUpdateTime = resultSet.getObject("last_update_time", OffsetDateTime.class);
        final OffsetDateTime lastSyncTime = resultSet.getObject("last_sync_time", OffsetDateTime.class);
        final CompositeState state = new CompositeState(CmHandleState.valueOf(resultSet.getString("cm_handle_state")),
            lockReason == null ? null : new LockReason(lockReason, resultSet.getString("lock_reason_details")),
            lastUpdateTime == null ? null : isoTime(lastUpdateTime), resultSet.getBoolean("data_sync_enabled"),
            resultSet.getString("data_sync_state"), lastSyncTime == null ? null : isoTime(lastSyncTime));
        return new CmHandle(resultSet.getString("id"), resultSet.getString("dmi_service_name"),
            resultSet.getString("dmi_data_service_name"), resultSet.getString("dmi_model_service_name"),
            properties(resultSet.getString("additional_properties")),
            properties(resultSet.getString("public_properties")), resultSet.getString("module_set_tag"),
            resultSet.getString("alternate_id"), resultSet.getString("data_producer_identifier"),
            resultSet.getString("trust_level"), state);
    }

    private static String isoTime(final OffsetDateTime time) {
        return time.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private static Map<String, String> properties(final String json) {
        return json == null ? Map.of() : JSON.readValue(json, PROPERTIES);
    }

    private static Map<String, CmHandle> byId(final List<CmHandle> cmHandles) {
        final Map<String, CmHandle> cmHandlesById = new LinkedHashMap<>();
        cmHandles.forEach(cmHandle -> cmHandlesById.put(cmHandle.id(), cmHandle));
        return cmHandlesById;
    }

    private static String[] ids(final Collection<String> ids) {
        return ids.toArray(String[]::new);
    }

    private static String[] column(final List<CmHandle> rows, final Function<CmHandle, String> value) {
        final List<String> values = new ArrayList<>(rows.size());
        rows.forEach(row -> values.add(value.apply(row)));
        return values.toArray(String[]::new);
    }

    private static String blankToNull(final String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
