package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.SqlArrays.column;
import static io.cpsng.ncmp.inventory.SqlArrays.seconds;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.lcm.LcmOutbox;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Module-sync work as the rows of ncmp_cm_handle carry it (ADR 0006): a handle is due while its due_at is set.
 * Workers claim due rows with a lease (FOR UPDATE SKIP LOCKED over the partial index), so instances sharing
 * the database never hold the same handle at once, and a lease left by an instance that died expires and makes
 * its rows claimable again. A claim is a row of ncmp_module_sync_claim (ADR 0023), not a new version of the
 * handle's row. Writing a result only touches rows still held by the claim that processed them: a row taken over
 * after its lease expired, upgraded anew or removed meanwhile is left as it is now.
 */
@Component
public class ModuleSyncRows {

    // Claims take turns (CLAIM_LOCK, taken in the claim's transaction before this statement), so this statement's
    // snapshot holds every claim committed before it: NOT EXISTS is the whole truth and the insert meets only claims
    // whose lease ran out, which it takes over. Side by side, claims saw each other's rows unlocked but not yet their
    // claims, and lost those rows to the insert's conflict (psql, 4 sessions: 6-16 times slower than taking turns).
    // A lease on the handle row is a claim by an instance of the release before, during a rolling upgrade: results
    // still clear the row's owner and lease, so that such an instance finds its claim ended as before (ADR 0023).
    private static final String CLAIM_DUE = """
        WITH due AS (
            SELECT %s, h.schema_set_name, h.upgrade_module_set_tag, h.attempt, h.due_at FROM ncmp_cm_handle h
            WHERE h.due_at <= now() AND (h.lease_until IS NULL OR h.lease_until < now())
                AND NOT EXISTS (SELECT 1 FROM ncmp_module_sync_claim c
                    WHERE c.cm_handle_id = h.id AND c.lease_until >= now())
            ORDER BY h.due_at LIMIT ? FOR UPDATE OF h SKIP LOCKED),
        claimed AS (
            INSERT INTO ncmp_module_sync_claim AS c (cm_handle_id, owner, lease_until)
            SELECT id, ?, now() + make_interval(secs => ?) FROM due
            ON CONFLICT (cm_handle_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
                WHERE c.lease_until < now()
            RETURNING c.cm_handle_id)
        SELECT due.* FROM due JOIN claimed ON claimed.cm_handle_id = due.id""".formatted(CmHandleColumns.COLUMNS);

    // any number unique to this lock among the application's advisory locks
    private static final long CLAIM_LOCK = 0x6d6f6473796e63L;

    // The rows of a claim its owner still holds, locked in id order with their claims: a claim released meanwhile
    // (removal, upgrade) or taken over after its lease ran out is checked again once locked, and holds no more.
    private static final String HELD = """
        SELECT h.id FROM unnest(?::text[]) AS given(id) JOIN ncmp_cm_handle h ON h.id = given.id
        JOIN ncmp_module_sync_claim c ON c.cm_handle_id = h.id
        WHERE c.owner = ? ORDER BY h.id FOR UPDATE OF h, c""";

    // The state before is the claim's: whoever changes a held row's state (removal, upgrade) also releases its claim,
    // so a row still held when the result is written still has the state it was claimed with.
    private static final String BEFORE = LcmValues.stateWithReason("claimed.old_state", "claimed.old_reason");

    // A handle's first READY (from ADVISED, or after its first sync failed) tells its data sync flag too.
    private static final String READY = LcmValues.ready(
        "claimed.old_state = 'ADVISED' OR claimed.old_reason = 'MODULE_SYNC_FAILED'", "h.data_sync_enabled");

    private static final String MARK_READY = """
        WITH locked AS (%s),
        released AS (%s),
        ready AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'READY', lock_reason = NULL, lock_reason_details = NULL,
                last_update_time = now(), schema_set_name = claimed.schema_set_name,
                -- cached data follow the module set: an upgraded handle with data sync on is synced again
                data_sync_state = CASE WHEN h.data_sync_enabled AND h.schema_set_name IS DISTINCT FROM
                    claimed.schema_set_name THEN 'UNSYNCHRONIZED' ELSE h.data_sync_state END,
                data_sync_due_at = CASE WHEN h.data_sync_enabled AND h.schema_set_name IS DISTINCT FROM
                    claimed.schema_set_name THEN now() ELSE h.data_sync_due_at END,
                -- a data sync holding the row then stores nothing: it read the tree for the module set left
                data_sync_owner = CASE WHEN h.schema_set_name IS DISTINCT FROM claimed.schema_set_name THEN NULL
                    ELSE h.data_sync_owner END,
                data_sync_lease_until = CASE WHEN h.schema_set_name IS DISTINCT FROM claimed.schema_set_name THEN NULL
                    ELSE h.data_sync_lease_until END,
                module_set_tag = coalesce(h.upgrade_module_set_tag, h.module_set_tag), upgrade_module_set_tag = NULL,
                due_at = NULL, attempt = 0, owner = NULL, lease_until = NULL
            FROM unnest(?::text[], ?::text[], ?::text[], ?::text[])
                AS claimed(id, schema_set_name, old_state, old_reason)
            WHERE h.id = claimed.id AND h.id IN (SELECT id FROM locked)
            RETURNING %s)
        %s""".formatted(HELD, releaseClaims("locked"), LcmValues.eventRow("h", LcmOutbox.UPDATE, BEFORE, READY),
        LcmOutbox.insertEventsFrom("ready"));

    // attempt on the right-hand side is the value before this update: the first retry waits the base. A retry
    // failing again (same state and reason, new details) is no event: clients see the state, not each attempt.
    private static final String MARK_LOCKED = """
        WITH held AS (%s),
        released AS (%s),
        locked AS (
            UPDATE ncmp_cm_handle h SET cm_handle_state = 'LOCKED',
                lock_reason = CASE WHEN h.upgrade_module_set_tag IS NULL THEN 'MODULE_SYNC_FAILED'
                    WHEN h.lock_reason IN ('MODULE_REFRESH', 'MODULE_REFRESH_FAILED') THEN 'MODULE_REFRESH_FAILED'
                    ELSE 'MODULE_UPGRADE_FAILED' END,
                lock_reason_details = claimed.details, last_update_time = now(), attempt = h.attempt + 1,
                due_at = now() + make_interval(secs => LEAST(?, ? * power(2, h.attempt))), owner = NULL,
                lease_until = NULL
            FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS claimed(id, details, old_state, old_reason)
            WHERE h.id = claimed.id AND h.id IN (SELECT id FROM held)
            RETURNING %s, claimed.old_state, claimed.old_reason, h.lock_reason)
        %s""".formatted(HELD, releaseClaims("held"), LcmValues.eventRow("h", LcmOutbox.UPDATE, BEFORE,
        LcmValues.locked("h.lock_reason", "h.lock_reason_details")), LcmOutbox.insertEventsFrom(
        "locked WHERE old_state <> 'LOCKED' OR old_reason IS DISTINCT FROM lock_reason"));

    private static final String RETRY_LATER = """
        WITH held AS (%s),
        released AS (%s)
        UPDATE ncmp_cm_handle
        SET attempt = attempt + 1, due_at = now() + make_interval(secs => LEAST(?, ? * power(2, attempt))),
            owner = NULL, lease_until = NULL
        WHERE id IN (SELECT id FROM held)""".formatted(HELD, releaseClaims("held"));

    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;

    ModuleSyncRows(final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager) {
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /**
     * A claimed handle as it is now, with its module set (null before its first sync), the tag it is upgraded to
     * (null for a sync), its failures so far and when it became due.
     */
    public record ClaimedWork(CmHandle cmHandle, String schemaSetName, String upgradeModuleSetTag, int attempt,
                              Instant dueAt) {

        public String cmHandleId() {
            return cmHandle.id();
        }

        public boolean isUpgrade() {
            return upgradeModuleSetTag != null;
        }

        public String claimedState() {
            return cmHandle.state().cmHandleState().name();
        }

        public String claimedLockReason() {
            return cmHandle.state().lockReason() == null ? null : cmHandle.state().lockReason().reason();
        }
    }

    /** Claims up to batchSize due rows, oldest first, for the owner until the lease runs out; one claim at a time. */
    public List<ClaimedWork> claimDue(final String owner, final int batchSize, final Duration lease) {
        return transactionTemplate.execute(status -> claimInTurn(owner, batchSize, lease));
    }

    private List<ClaimedWork> claimInTurn(final String owner, final int batchSize, final Duration lease) {
        jdbcTemplate.queryForObject("SELECT pg_advisory_xact_lock(?)", Object.class, CLAIM_LOCK);
        return jdbcTemplate.query(CLAIM_DUE, (resultSet, rowNumber) -> new ClaimedWork(
                CmHandleColumns.toCmHandle(resultSet), resultSet.getString("schema_set_name"),
                resultSet.getString("upgrade_module_set_tag"),
                resultSet.getInt("attempt"), resultSet.getObject("due_at", OffsetDateTime.class).toInstant()),
            batchSize, owner, seconds(lease));
    }

    /** READY on their module sets (the upgrade's tag becoming theirs), no longer due: the work with its set. */
    public void markReady(final String owner, final Map<ClaimedWork, String> schemaSetNamesByWork) {
        if (!schemaSetNamesByWork.isEmpty()) {
            final List<ClaimedWork> works = List.copyOf(schemaSetNamesByWork.keySet());
            jdbcTemplate.update(MARK_READY, column(works, ClaimedWork::cmHandleId), owner,
                column(works, ClaimedWork::cmHandleId),
                column(works, schemaSetNamesByWork::get), column(works, ClaimedWork::claimedState),
                column(works, ClaimedWork::claimedLockReason));
        }
    }

    /** LOCKED with the failure as details, due again after base * 2^(failures before), at most cap. */
    public void markLocked(final String owner, final Map<ClaimedWork, String> lockDetailsByWork,
                           final Duration backoffBase, final Duration backoffCap) {
        if (!lockDetailsByWork.isEmpty()) {
            final List<ClaimedWork> works = List.copyOf(lockDetailsByWork.keySet());
            jdbcTemplate.update(MARK_LOCKED, column(works, ClaimedWork::cmHandleId), owner, seconds(backoffCap),
                seconds(backoffBase), column(works, ClaimedWork::cmHandleId), column(works, lockDetailsByWork::get),
                column(works, ClaimedWork::claimedState), column(works, ClaimedWork::claimedLockReason));
        }
    }

    /** Releases the rows unchanged but for the back-off, when a batch failed as a whole. */
    public void retryLater(final String owner, final Collection<String> cmHandleIds, final Duration backoffBase,
                           final Duration backoffCap) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(RETRY_LATER, cmHandleIds.toArray(String[]::new), owner, seconds(backoffCap),
                seconds(backoffBase));
        }
    }

    /**
     * A CTE deleting the claims of the handles another CTE (by name) holds, changes or deletes: a handle has a
     * claim row only while it is claimed.
     */
    static String releaseClaims(final String heldRows) {
        return "DELETE FROM ncmp_module_sync_claim WHERE cm_handle_id IN (SELECT id FROM " + heldRows + ")";
    }
}
