package io.cpsng.ncmp.registration;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.ncmp.inventory.RegistrationRows;
import io.cpsng.ncmp.inventory.UnusedModuleSets;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes removed handles whose delete failed: the removal left them DELETING, visible to clients; once they have
 * been DELETING for ncmp.registration.deletion-retry-after, whichever instance gets to them first deletes them
 * with their module sets left unused, and sends DELETED.
 */
@Component
public class StaleDeletions {

    private static final Logger LOGGER = LoggerFactory.getLogger(StaleDeletions.class);
    private static final int BATCH_SIZE = 2_000;

    private final RegistrationRows registrationRows;
    private final UnusedModuleSets unusedModuleSets;
    private final TransactionTemplate transactionTemplate;
    private final Duration retryAfter;
    private final ApplicationEventPublisher applicationEventPublisher;

    StaleDeletions(final RegistrationRows registrationRows, final UnusedModuleSets unusedModuleSets,
                   final PlatformTransactionManager transactionManager,
                   final RegistrationProperties registrationProperties, final PeriodicTasks periodicTasks,
                   final ApplicationEventPublisher applicationEventPublisher) {
        this.registrationRows = registrationRows;
        this.unusedModuleSets = unusedModuleSets;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.retryAfter = registrationProperties.deletionRetryAfter();
        this.applicationEventPublisher = applicationEventPublisher;
        periodicTasks.every("Stale deletions", retryAfter, () -> deleteStaleHandles() == BATCH_SIZE);
    }

    /** Deletes a batch of handles left DELETING for longer than the retry delay; returns how many. */
    public int deleteStaleHandles() {
        final Integer deleted = transactionTemplate.execute(status -> {
            final List<String> stale = registrationRows.lockStaleDeleting(retryAfter, BATCH_SIZE);
            if (!stale.isEmpty()) {
                deleteWithModuleSets(stale);
                LOGGER.info("Deleted {} handles left DELETING", stale.size());
            }
            return stale.size();
        });
        return deleted;
    }

    private void deleteWithModuleSets(final Collection<String> cmHandleIds) {
        final Map<String, String> deleted = registrationRows.deleteDeleting(cmHandleIds);
        applicationEventPublisher.publishEvent(new CmHandlesDeleted(deleted.keySet()));
        unusedModuleSets.deleteUnused(deleted.values());
    }
}
