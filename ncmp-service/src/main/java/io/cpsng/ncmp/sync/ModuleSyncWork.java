package io.cpsng.ncmp.sync;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The durable queue of handles waiting for module sync or upgrade: one row per handle. Workers claim
 * due rows with a lease (FOR UPDATE SKIP LOCKED), so instances sharing the database never hold the same
 * handle at once, and a lease left by an instance that died expires and makes its rows claimable again.
 * Completing and rescheduling only touch rows still held by the claim that processed them: a row taken
 * over after its lease expired, or queued anew meanwhile, is left to its new owner.
 */
@Component
public class ModuleSyncWork {

    private static final String ENQUEUE = """
        INSERT INTO ncmp_module_sync_work (cm_handle_id, upgrade_module_set_tag)
        SELECT * FROM unnest(?::text[], ?::text[])
        ON CONFLICT (cm_handle_id) DO UPDATE
            SET upgrade_module_set_tag = excluded.upgrade_module_set_tag, attempt = 0, due_at = now(),
                owner = NULL, lease_until = NULL""";

    private static final String CLAIM_DUE = """
        WITH due AS (
            SELECT cm_handle_id FROM ncmp_module_sync_work
            WHERE due_at <= now() AND (lease_until IS NULL OR lease_until < now())
            ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED)
        UPDATE ncmp_module_sync_work work SET owner = ?, lease_until = now() + make_interval(secs => ?)
        FROM due WHERE work.cm_handle_id = due.cm_handle_id
        RETURNING work.cm_handle_id, work.upgrade_module_set_tag, work.attempt, work.due_at""";

    // attempt on the right-hand side is the value before this update: the first retry waits the base
    private static final String RETRY_LATER = """
        UPDATE ncmp_module_sync_work
        SET attempt = attempt + 1, due_at = now() + make_interval(secs => LEAST(?, ? * power(2, attempt))),
            owner = NULL, lease_until = NULL
        WHERE cm_handle_id = ANY(?) AND owner = ?""";

    /** Handles were queued: published in the queuing transaction, heard by the watchdog once it commits. */
    record WorkQueued(int handles) {
    }

    private final JdbcTemplate jdbcTemplate;
    private final ApplicationEventPublisher applicationEventPublisher;

    ModuleSyncWork(final JdbcTemplate jdbcTemplate, final ApplicationEventPublisher applicationEventPublisher) {
        this.jdbcTemplate = jdbcTemplate;
        this.applicationEventPublisher = applicationEventPublisher;
    }

    /** A claimed row: the handle, the tag it is upgraded to (null for a sync), failures so far, when it was due. */
    record ClaimedWork(String cmHandleId, String upgradeModuleSetTag, int attempt, Instant dueAt) {

        boolean isUpgrade() {
            return upgradeModuleSetTag != null;
        }
    }

    /** Queues newly registered handles for module sync. */
    public void enqueueSync(final Collection<String> cmHandleIds) {
        enqueue(List.copyOf(cmHandleIds), new String[cmHandleIds.size()]);
    }

    /** Queues handles for an upgrade to the module set of the given tag. */
    public void enqueueUpgrade(final Map<String, String> moduleSetTagsByCmHandleId) {
        final List<String> cmHandleIds = List.copyOf(moduleSetTagsByCmHandleId.keySet());
        enqueue(cmHandleIds, cmHandleIds.stream().map(moduleSetTagsByCmHandleId::get).toArray(String[]::new));
    }

    public void remove(final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update("DELETE FROM ncmp_module_sync_work WHERE cm_handle_id = ANY(?)",
                (Object) cmHandleIds.toArray(String[]::new));
        }
    }

    /** Claims up to batchSize due rows, oldest first, for the owner until the lease runs out; one statement. */
    List<ClaimedWork> claimDue(final String owner, final int batchSize, final Duration lease) {
        return jdbcTemplate.query(CLAIM_DUE, (resultSet, rowNumber) -> new ClaimedWork(
                resultSet.getString("cm_handle_id"), resultSet.getString("upgrade_module_set_tag"),
                resultSet.getInt("attempt"), resultSet.getObject("due_at", OffsetDateTime.class).toInstant()),
            batchSize, owner, seconds(lease));
    }

    /** Deletes the rows of handles that are done, as far as this owner still holds them. */
    void complete(final String owner, final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update("DELETE FROM ncmp_module_sync_work WHERE cm_handle_id = ANY(?) AND owner = ?",
                cmHandleIds.toArray(String[]::new), owner);
        }
    }

    /** Counts a failed attempt and releases the rows until base * 2^(failures before) has passed, at most cap. */
    void retryLater(final String owner, final Collection<String> cmHandleIds, final Duration backoffBase,
                           final Duration backoffCap) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(RETRY_LATER, seconds(backoffCap), seconds(backoffBase),
                cmHandleIds.toArray(String[]::new), owner);
        }
    }

    private void enqueue(final List<String> cmHandleIds, final String[] upgradeModuleSetTags) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(ENQUEUE, cmHandleIds.toArray(String[]::new), upgradeModuleSetTags);
            applicationEventPublisher.publishEvent(new WorkQueued(cmHandleIds.size()));
        }
    }

    private static double seconds(final Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
