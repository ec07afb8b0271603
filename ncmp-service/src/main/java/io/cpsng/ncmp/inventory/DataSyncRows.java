package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.SqlArrays.seconds;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.lcm.LcmOutbox;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Data-sync work as the rows of ncmp_cm_handle carry it, the way module sync's is carried (ADR 0011): a READY
 * handle with data sync on is due from data_sync_due_at; workers claim due rows with a lease (FOR UPDATE SKIP LOCKED
 * over the partial index), so instances sharing the database never sync the same handle at once and the rows of an
 * instance that died become claimable when its lease runs out. Results only touch rows the claim still holds.
 */
@Component
public class DataSyncRows {

    private static final String CLAIM_DUE = """
        WITH due AS (
            SELECT id FROM ncmp_cm_handle
            WHERE data_sync_due_at <= now() AND cm_handle_state = 'READY' AND data_sync_enabled
                AND (data_sync_lease_until IS NULL OR data_sync_lease_until < now())
            ORDER BY data_sync_due_at LIMIT ? FOR UPDATE SKIP LOCKED)
        UPDATE ncmp_cm_handle h SET data_sync_owner = ?, data_sync_lease_until = now() + make_interval(secs => ?)
        FROM due WHERE h.id = due.id
        RETURNING %s, h.schema_set_name""".formatted(CmHandleColumns.COLUMNS);

    // the rows of a claim its owner still holds with sync on; in a transaction they stay locked until it ends:
    // turning sync off waits until the data are stored, then drops them
    private static final String HOLD = RowLocks.inIdOrder("h.data_sync_owner = ? AND h.data_sync_enabled");

    private static final String MARK_SYNCHRONIZED = """
        UPDATE ncmp_cm_handle SET data_sync_state = 'SYNCHRONIZED', last_sync_time = now(), data_sync_due_at = NULL,
            data_sync_attempt = 0, data_sync_owner = NULL, data_sync_lease_until = NULL
        WHERE id = ANY(?) AND data_sync_owner = ?""";

    private static final String RETRY_LATER = """
        WITH held AS (%s)
        UPDATE ncmp_cm_handle SET data_sync_attempt = data_sync_attempt + 1,
            data_sync_due_at = now() + make_interval(secs => LEAST(?, ? * power(2, data_sync_attempt))),
            data_sync_owner = NULL, data_sync_lease_until = NULL
        WHERE id IN (SELECT id FROM held)""".formatted(RowLocks.inIdOrder("h.data_sync_owner = ?"));

    private static final String SYNCHRONIZED_AMONG = """
        SELECT id FROM ncmp_cm_handle WHERE id = ANY(?) AND data_sync_enabled AND data_sync_state = 'SYNCHRONIZED'""";

    // a stale cache is read again at once, unless a sync of it is running already
    private static final String RESYNC = """
        WITH stale AS (%s)
        UPDATE ncmp_cm_handle SET data_sync_state = 'UNSYNCHRONIZED', data_sync_due_at = now(), data_sync_attempt = 0
        WHERE id IN (SELECT id FROM stale)"""
        .formatted(RowLocks.inIdOrder("h.data_sync_enabled AND h.data_sync_owner IS NULL"));

    // after a crash recovery emptied the cache (ADR 0017); rows locked in id order, as every statement over many
    private static final String RESYNC_ALL_SYNCHRONIZED = """
        WITH stale AS (SELECT id FROM ncmp_cm_handle WHERE data_sync_state = 'SYNCHRONIZED' ORDER BY id FOR UPDATE)
        UPDATE ncmp_cm_handle SET data_sync_state = 'UNSYNCHRONIZED', data_sync_due_at = now(), data_sync_attempt = 0
        WHERE id IN (SELECT id FROM stale)""";

    // the flag changes only on a READY handle and only if it differs; the LCM event tells the new value
    private static final String SET_FLAG = """
        WITH before AS (
            SELECT id, cm_handle_state, data_sync_enabled FROM ncmp_cm_handle WHERE id = ? FOR UPDATE),
        changed AS (
            UPDATE ncmp_cm_handle h SET data_sync_enabled = ?,
                data_sync_state = CASE WHEN ? THEN 'UNSYNCHRONIZED' ELSE 'NONE_REQUESTED' END,
                data_sync_due_at = CASE WHEN ? THEN now() END, data_sync_attempt = 0, data_sync_owner = NULL,
                data_sync_lease_until = NULL, last_sync_time = NULL, last_update_time = now()
            FROM before WHERE h.id = before.id AND before.data_sync_enabled <> ? AND before.cm_handle_state = 'READY'
            RETURNING %s),
        events AS (%s)
        SELECT cm_handle_state, data_sync_enabled FROM before""".formatted(LcmValues.eventRow("h", LcmOutbox.UPDATE,
        LcmValues.dataSyncEnabled("before.data_sync_enabled"), LcmValues.dataSyncEnabled("h.data_sync_enabled")),
        LcmOutbox.insertEventsFrom("changed"));

    private final JdbcTemplate jdbcTemplate;

    DataSyncRows(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** A claimed handle as it is now, with the module set its cached data follow. */
    public record ClaimedHandle(CmHandle cmHandle, String schemaSetName) {

        public String id() {
            return cmHandle.id();
        }
    }

    /** The handle's state and flag before the call, the flag set if it differed and the handle is READY. */
    public record FlagBefore(String cmHandleState, boolean dataSyncEnabled) {
    }

    public List<ClaimedHandle> claimDue(final String owner, final int batchSize, final Duration lease) {
        return jdbcTemplate.query(CLAIM_DUE, (resultSet, rowNumber) -> new ClaimedHandle(
            CmHandleColumns.toCmHandle(resultSet), resultSet.getString("schema_set_name")), batchSize, owner,
            seconds(lease));
    }

    /** In a transaction: locks the rows the owner still holds with sync on, and answers their ids. */
    public Set<String> hold(final Collection<String> cmHandleIds, final String owner) {
        return new HashSet<>(jdbcTemplate.queryForList(HOLD, String.class, cmHandleIds.toArray(String[]::new), owner));
    }

    public void markSynchronized(final Collection<String> cmHandleIds, final String owner) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(MARK_SYNCHRONIZED, cmHandleIds.toArray(String[]::new), owner);
        }
    }

    public Set<String> synchronizedAmong(final Collection<String> cmHandleIds) {
        return cmHandleIds.isEmpty() ? Set.of() : new HashSet<>(jdbcTemplate.queryForList(SYNCHRONIZED_AMONG,
            String.class, (Object) cmHandleIds.toArray(String[]::new)));
    }

    public void resync(final Collection<String> cmHandleIds) {
        jdbcTemplate.update(RESYNC, (Object) cmHandleIds.toArray(String[]::new));
    }

    /** Every SYNCHRONIZED handle made due now; returns how many. */
    public int resyncAllSynchronized() {
        return jdbcTemplate.update(RESYNC_ALL_SYNCHRONIZED);
    }

    public void retryLater(final String owner, final Collection<String> cmHandleIds, final Duration backoffBase,
                           final Duration backoffCap) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(RETRY_LATER, cmHandleIds.toArray(String[]::new), owner, seconds(backoffCap),
                seconds(backoffBase));
        }
    }

    /** Sets the flag as described on {@link #SET_FLAG}; null if there is no such handle. */
    public FlagBefore setFlag(final String cmHandleId, final boolean dataSyncEnabled) {
        final List<FlagBefore> before = jdbcTemplate.query(SET_FLAG, (resultSet, rowNumber) -> new FlagBefore(
                resultSet.getString("cm_handle_state"), resultSet.getBoolean("data_sync_enabled")),
            cmHandleId, dataSyncEnabled, dataSyncEnabled, dataSyncEnabled, dataSyncEnabled);
        return before.isEmpty() ? null : before.getFirst();
    }
}
