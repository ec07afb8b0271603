package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.SqlArrays.column;
import static io.cpsng.ncmp.inventory.SqlArrays.texts;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.LockReason;
import io.cpsng.ncmp.lcm.LcmOutbox;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What registration writes of ncmp_cm_handle (ADR 0006): every operation is one statement for any number of
 * handles, with arrays as parameters, and writes the lifecycle events of what it changed in the same statement
 * (ADR 0007). Writes lock the rows they touch, so that concurrent requests on the same handle serialise.
 */
@Component
public class RegistrationRows {

    /** The plugins a registration names for its handles' read and write data jobs; blank or null: none. */
    public record DataJobPlugins(String read, String write) {
    }

    // the create event carries what a new handle shows: ADVISED, its public properties, alternate id, trust; not the
    // data sync flag, which the reference sets (and tells of) first when the handle becomes READY
    private static final String INSERT_ADVISED = """
        WITH inserted AS (
            INSERT INTO ncmp_cm_handle AS h (id, alternate_id, dmi_service_name, dmi_data_service_name,
                dmi_model_service_name, dmi_datajobs_read_service_name, dmi_datajobs_write_service_name,
                module_set_tag, data_producer_identifier, trust_level, cm_handle_state, last_update_time,
                additional_properties, public_properties, due_at)
            SELECT new.id, new.alternate_id, new.dmi, new.dmi_data, new.dmi_model, ?::text, ?::text, new.tag,
                new.producer, new.trust, 'ADVISED', now(), new.additional::jsonb, new.public::jsonb, now()
            FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
                ?::text[], ?::text[])
                AS new(id, alternate_id, dmi, dmi_data, dmi_model, tag, producer, trust, additional, public)
            ON CONFLICT DO NOTHING
            RETURNING %s),
        events AS (%s),
        plugins AS (
            INSERT INTO ncmp_dmi_plugin (name) SELECT DISTINCT unnest(?::text[]) ON CONFLICT DO NOTHING)
        SELECT id FROM inserted""".formatted(LcmValues.eventRow("h", LcmOutbox.CREATE, "NULL::jsonb",
        LcmValues.advised("h")), LcmOutbox.insertEventsFrom("inserted"));

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
            SELECT %2$s
            FROM updated JOIN before USING (id)
            WHERE updated.public_properties <> before.public_properties OR updated.trust_level <> before.trust_level)
        %3$s""".formatted(CmHandleColumns.TRUST_LEVEL, LcmValues.eventRow("updated", LcmOutbox.UPDATE,
        LcmValues.registrationChange("before", "updated"), LcmValues.registrationChange("updated", "before")),
        LcmOutbox.insertEventsFrom("events"));

    // the boolean parameter: whether tagged handles are locked too (an upgrade) or only untagged ones (a refresh)
    private static final String LOCK_UPGRADE = """
        WITH before AS (
            SELECT id FROM ncmp_cm_handle WHERE id = ANY(?) AND cm_handle_state = 'READY'
            AND (module_set_tag = '' OR ?) ORDER BY id FOR UPDATE),
        released AS (%s),
        locked AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'LOCKED', lock_reason = ?,
                lock_reason_details = ?, last_update_time = now(),
                upgrade_module_set_tag = ?, due_at = now(), attempt = 0, owner = NULL, lease_until = NULL
            FROM before WHERE h.id = before.id
            RETURNING %s),
        events AS (%s)
        SELECT id FROM locked""".formatted(ModuleSyncRows.releaseClaims("before"),
        LcmValues.eventRow("h", LcmOutbox.UPDATE, LcmValues.stateIs("READY"),
            LcmValues.locked("h.lock_reason", "h.lock_reason_details")), LcmOutbox.insertEventsFrom("locked"));

    // a removal that succeeds at once still tells DELETING before DELETED (in this order: the sequence follows
    // the insert order); a handle DELETING already (its earlier delete failed) gets DELETED only
    private static final String DELETE_REMOVED = """
        WITH removed AS (%s),
        released AS (%s),
        deleted AS (
            DELETE FROM ncmp_cm_handle WHERE id IN (SELECT id FROM removed)
            RETURNING id, alternate_id, module_set_tag, data_producer_identifier, schema_set_name, cm_handle_state),
        changes AS (
            SELECT %s, 1 AS step FROM deleted WHERE cm_handle_state <> 'DELETING'
            UNION ALL
            SELECT %s, 2 FROM deleted
            ORDER BY id, step),
        events AS (%s)
        SELECT id, schema_set_name FROM deleted""".formatted(RowLocks.inIdOrder("true"),
        ModuleSyncRows.releaseClaims("removed"),
        LcmValues.eventRow("", LcmOutbox.UPDATE, LcmValues.state("cm_handle_state"), LcmValues.stateIs("DELETING")),
        LcmValues.eventRow("", LcmOutbox.DELETE, LcmValues.stateIs("DELETING"), LcmValues.stateIs("DELETED")),
        LcmOutbox.insertEventsFrom("changes"));

    // a handle being deleted does no module sync: a worker holding it finds its claim gone
    private static final String MARK_DELETING = """
        WITH before AS (
            SELECT id, cm_handle_state FROM ncmp_cm_handle WHERE id = ANY(?) ORDER BY id FOR UPDATE),
        released AS (%s),
        deleting AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'DELETING', lock_reason = NULL, lock_reason_details = NULL,
                last_update_time = now(), due_at = NULL, owner = NULL, lease_until = NULL
            FROM before WHERE h.id = before.id
            RETURNING h.id, h.alternate_id, h.module_set_tag, h.data_producer_identifier, before.cm_handle_state),
        changes AS (SELECT %s FROM deleting WHERE cm_handle_state <> 'DELETING'),
        events AS (%s)
        SELECT id FROM deleting""".formatted(ModuleSyncRows.releaseClaims("before"),
        LcmValues.eventRow("", LcmOutbox.UPDATE, LcmValues.state("cm_handle_state"), LcmValues.stateIs("DELETING")),
        LcmOutbox.insertEventsFrom("changes"));

    private static final String DELETE_DELETING = """
        WITH deleting AS (%s),
        released AS (%s),
        deleted AS (
            DELETE FROM ncmp_cm_handle WHERE id IN (SELECT id FROM deleting)
            RETURNING schema_set_name, %s),
        events AS (%s)
        SELECT id, schema_set_name FROM deleted""".formatted(RowLocks.inIdOrder("h.cm_handle_state = 'DELETING'"),
        ModuleSyncRows.releaseClaims("deleting"),
        LcmValues.eventRow("", LcmOutbox.DELETE, LcmValues.stateIs("DELETING"), LcmValues.stateIs("DELETED")),
        LcmOutbox.insertEventsFrom("deleted"));

    private final JdbcTemplate jdbcTemplate;

    RegistrationRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /**
     * Inserts the handles as ADVISED and due for module sync, with the plugins of their data jobs, and records their
     * DMI plugins for the health checks (not those of data jobs, which the reference does not check either); returns
     * the ids inserted. A handle whose id or alternate id is taken (also by another handle of the same
     * call) is left out.
     */
    public Set<String> insertAdvised(final Collection<CmHandle> cmHandles, final Collection<String> dmiPlugins,
                                     final DataJobPlugins dataJobPlugins) {
        if (cmHandles.isEmpty()) {
            return Set.of();
        }
        final List<CmHandle> rows = List.copyOf(cmHandles);
        return new HashSet<>(jdbcTemplate.queryForList(INSERT_ADVISED, String.class,
            blankToNull(dataJobPlugins.read()), blankToNull(dataJobPlugins.write()), column(rows, CmHandle::id),
            column(rows, cmHandle -> blankToNull(cmHandle.alternateId())),
            column(rows, CmHandle::dmiServiceName), column(rows, CmHandle::dmiDataServiceName),
            column(rows, CmHandle::dmiModelServiceName), column(rows, CmHandle::moduleSetTag),
            column(rows, CmHandle::dataProducerIdentifier), column(rows, CmHandle::trustLevel),
            column(rows, cmHandle -> CmHandleColumns.propertiesJson(cmHandle.additionalProperties())),
            column(rows, cmHandle -> CmHandleColumns.propertiesJson(cmHandle.publicProperties())),
            dmiPlugins.stream().filter(name -> name != null && !name.isBlank()).toArray(String[]::new)));
    }

    /** The handles with these ids, locked until the transaction ends, by id. */
    public Map<String, CmHandle> lockForUpdate(final Collection<String> cmHandleIds) {
        final Map<String, CmHandle> cmHandlesById = new LinkedHashMap<>();
        jdbcTemplate.query("SELECT " + CmHandleColumns.COLUMNS + " FROM ncmp_cm_handle h WHERE h.id = ANY(?)"
            + " ORDER BY h.id FOR UPDATE", CmHandleColumns.CM_HANDLE, (Object) texts(cmHandleIds))
            .forEach(cmHandle -> cmHandlesById.put(cmHandle.id(), cmHandle));
        return cmHandlesById;
    }

    /** Writes what registration may change of the handles: data producer, properties, trust level. */
    public void updateRegistered(final Collection<CmHandle> cmHandles) {
        if (!cmHandles.isEmpty()) {
            jdbcTemplate.update(UPDATE_REGISTERED, column(cmHandles, CmHandle::id),
                column(cmHandles, CmHandle::dataProducerIdentifier),
                column(cmHandles, cmHandle -> CmHandleColumns.propertiesJson(cmHandle.additionalProperties())),
                column(cmHandles, cmHandle -> CmHandleColumns.propertiesJson(cmHandle.publicProperties())),
                column(cmHandles, CmHandle::trustLevel));
        }
    }

    /** Locks READY handles for an upgrade to the tag's module set and makes them due; returns the ids locked. */
    public Set<String> lockForUpgrade(final Collection<String> cmHandleIds, final String targetModuleSetTag) {
        return new HashSet<>(jdbcTemplate.queryForList(LOCK_UPGRADE, String.class, texts(cmHandleIds), true,
            LockReason.MODULE_UPGRADE, "Upgrade to ModuleSetTag: " + targetModuleSetTag, targetModuleSetTag));
    }

    /**
     * Locks READY handles without a module set tag for a module refresh and makes them due: module sync asks their
     * plugins for their module references again, as for an upgrade to no tag. Returns the ids locked.
     */
    public Set<String> lockForRefresh(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList(LOCK_UPGRADE, String.class, texts(cmHandleIds), false,
            LockReason.MODULE_REFRESH, "Module refresh", ""));
    }

    /** Deletes the handles, whatever their state; returns the module set (or null) of each that was there, by id. */
    public Map<String, String> deleteRemoved(final Collection<String> cmHandleIds) {
        return schemaSetNamesById(DELETE_REMOVED, cmHandleIds);
    }

    /** Marks the handles DELETING (they leave module sync); returns the ids of those that were there. */
    public Set<String> markDeleting(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList(MARK_DELETING, String.class, (Object) texts(cmHandleIds)));
    }

    /** Deletes those of the handles that are DELETING; returns the module set (or null) of each, by id. */
    public Map<String, String> deleteDeleting(final Collection<String> cmHandleIds) {
        return schemaSetNamesById(DELETE_DELETING, cmHandleIds);
    }

    /** Of the ids, those registered. */
    public Set<String> existingIds(final Collection<String> cmHandleIds) {
        return new HashSet<>(jdbcTemplate.queryForList("SELECT id FROM ncmp_cm_handle WHERE id = ANY(?)",
            String.class, (Object) texts(cmHandleIds)));
    }

    /** Up to limit handles DELETING for longer than the given time (their delete failed), locked to retry it. */
    public List<String> lockStaleDeleting(final Duration deletingFor, final int limit) {
        return jdbcTemplate.queryForList("SELECT id FROM ncmp_cm_handle WHERE cm_handle_state = 'DELETING'"
            + " AND last_update_time < now() - make_interval(secs => ?) ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED",
            String.class, SqlArrays.seconds(deletingFor), limit);
    }

    private Map<String, String> schemaSetNamesById(final String deleteStatement, final Collection<String> cmHandleIds) {
        final Map<String, String> schemaSetNamesById = new LinkedHashMap<>();
        jdbcTemplate.query(deleteStatement, resultSet -> {
            schemaSetNamesById.put(resultSet.getString(1), resultSet.getString(2));
        }, (Object) texts(cmHandleIds));
        return schemaSetNamesById;
    }

    private static String blankToNull(final String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
