package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.schedule.PeriodicTasks;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The second step of removing handles: deletes DELETING handles with their module sets left unused, and sends
 * DELETED. A delete that fails leaves its handles DELETING, visible to clients; they are deleted again once they
 * have been DELETING for ncmp.registration.deletion-retry-after, by whichever instance gets to them first.
 */
@Component
public class StaleDeletions {

    private static final Logger LOGGER = LoggerFactory.getLogger(StaleDeletions.class);
    private static final int BATCH_SIZE = 2_000;

    private final CmHandleRows cmHandleRows;
    private final UnusedModuleSets unusedModuleSets;
    private final TransactionTemplate transactionTemplate;
    private final Duration retryAfter;

    StaleDeletions(final CmHandleRows cmHandleRows, final UnusedModuleSets unusedModuleSets,
                   final PlatformTransactionManager transactionManager,
                   final RegistrationProperties registrationProperties, final PeriodicTasks periodicTasks) {
        this.cmHandleRows = cmHandleRows;
        this.unusedModuleSets = unusedModuleSets;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.retryAfter = registrationProperties.deletionRetryAfter();
        periodicTasks.every("Stale deletions", retryAfter, () -> deleteStaleHandles() == BATCH_SIZE);
    }

    /** Deletes the handles if they are DELETING; on failure they stay DELETING and are retried later. */
    void delete(final Collection<String> cmHandleIds) {
        try {
            transactionTemplate.executeWithoutResult(status -> deleteWithModuleSets(cmHandleIds));
        } catch (final RuntimeException deleteFailure) {
            LOGGER.error("{} handles stay DELETING, deleted again in {}: {}", cmHandleIds.size(), retryAfter,
                deleteFailure.toString());
        }
    }

    /** Deletes a batch of handles left DELETING for longer than the retry delay; returns how many. */
    public int deleteStaleHandles() {
        final Integer deleted = transactionTemplate.execute(status -> {
            final List<String> stale = cmHandleRows.lockStaleDeleting(retryAfter, BATCH_SIZE);
            if (!stale.isEmpty()) {
                deleteWithModuleSets(stale);
                LOGGER.info("Deleted {} handles left DELETING", stale.size());
            }
            return stale.size();
        });
        return deleted;
    }

    private void deleteWithModuleSets(final Collection<String> cmHandleIds) {
        final Map<String, String> deleted = cmHandleRows.deleteDeleting(cmHandleIds);
        unusedModuleSets.deleteUnused(deleted.values());
    }
}
