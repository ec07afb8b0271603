package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.api.model.LockReason;
import io.cpsng.ncmp.inventory.ModuleSyncRows;
import io.cpsng.ncmp.inventory.ModuleSyncRows.ClaimedWork;
import io.cpsng.ncmp.inventory.UnusedModuleSets;
import io.cpsng.ncmp.modulesync.ModuleSets.Resolution;
import io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Syncs one claimed batch: the claim returned its handles, their schema sets are provided (ModuleSets), and the
 * outcome of the whole batch is two statements on the handles' rows. Every step is idempotent, so a batch
 * retried after a crash (its lease expired) finishes what the first try began: existing schema sets count as
 * done.
 */
@Component
class ModuleSyncWorker {

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleSyncWorker.class);

    private final ModuleSets moduleSets;
    private final ModuleSyncRows moduleSyncRows;
    private final UnusedModuleSets unusedModuleSets;
    private final ModuleSyncMetrics metrics;
    private final ModuleSyncProperties moduleSyncProperties;

    ModuleSyncWorker(final ModuleSets moduleSets, final ModuleSyncRows moduleSyncRows,
                     final UnusedModuleSets unusedModuleSets, final ModuleSyncMetrics metrics,
                     final ModuleSyncProperties moduleSyncProperties) {
        this.moduleSets = moduleSets;
        this.moduleSyncRows = moduleSyncRows;
        this.unusedModuleSets = unusedModuleSets;
        this.metrics = metrics;
        this.moduleSyncProperties = moduleSyncProperties;
    }

    /** Syncs the batch claimed by the owner; returns how many handles it processed. */
    int sync(final String owner, final List<ClaimedWork> claimed) {
        final long startNanos = System.nanoTime();
        metrics.recordWaiting(claimed, Instant.now());
        final List<String> claimedIds = claimed.stream().map(ClaimedWork::cmHandleId).toList();
        try {
            final List<HandleToSync> handles = claimed.stream().map(HandleToSync::new).toList();
            final Resolution resolution = moduleSets.resolve(handles);
            final Map<String, String> failures = resolution.failuresByCmHandleId();
            writeResults(owner, handles, resolution.schemaSetNamesByCmHandleId(), failures);
            deleteModuleSetsLeft(handles, resolution.schemaSetNamesByCmHandleId(), failures);
            logBatch(handles.size(), failures.size(), startNanos);
            metrics.countOutcomes(handles.size() - failures.size(), failures.size());
        } catch (final RuntimeException batchFailure) {
            LOGGER.error("Module sync of a batch of {} handles failed; retried later", claimed.size(), batchFailure);
            moduleSyncRows.retryLater(owner, claimedIds, moduleSyncProperties.backoffBase(),
                moduleSyncProperties.backoffCap());
        }
        return claimed.size();
    }

    /**
     * READY on its module set for every handle that got one, LOCKED with the reason for the rest: two statements
     * for the batch. Handles removed or claimed anew meanwhile are left as they are now.
     */
    private void writeResults(final String owner, final List<HandleToSync> handles,
                              final Map<String, String> schemaSetNamesByCmHandleId,
                              final Map<String, String> failures) {
        final Map<ClaimedWork, String> ready = new LinkedHashMap<>();
        final Map<ClaimedWork, String> lockDetails = new LinkedHashMap<>();
        for (final HandleToSync handle : handles) {
            final String failure = failures.get(handle.id());
            if (failure != null) {
                lockDetails.put(handle.work(), lockDetails(handle, failure));
            } else {
                ready.put(handle.work(), schemaSetNamesByCmHandleId.get(handle.id()));
            }
        }
        metrics.time(Phase.STATE_WRITE, handles.stream().map(HandleToSync::id).toList(), () -> {
            moduleSyncRows.markReady(owner, ready);
            moduleSyncRows.markLocked(owner, lockDetails, moduleSyncProperties.backoffBase(),
                moduleSyncProperties.backoffCap());
        });
    }

    /** Upgraded handles left their previous module sets: those no handle uses any more go. */
    private void deleteModuleSetsLeft(final List<HandleToSync> handles,
                                      final Map<String, String> schemaSetNamesByCmHandleId,
                                      final Map<String, String> failures) {
        final List<String> leftBehind = handles.stream()
            .filter(handle -> !failures.containsKey(handle.id()) && handle.work().schemaSetName() != null)
            .filter(handle -> !handle.work().schemaSetName().equals(schemaSetNamesByCmHandleId.get(handle.id())))
            .map(handle -> handle.work().schemaSetName())
            .toList();
        try {
            unusedModuleSets.deleteUnused(leftBehind);
        } catch (final RuntimeException cleanupFailure) {
            // the upgrade itself succeeded; a set left over goes with the next handle leaving it
            LOGGER.warn("Module sets {} left after an upgrade were not deleted: {}", leftBehind,
                cleanupFailure.getMessage());
        }
    }

    private static String lockDetails(final HandleToSync handle, final String failure) {
        final String attempt = "Attempt #" + handle.attemptNumber() + " failed: " + failure;
        if (!handle.work().isUpgrade()) {
            return attempt;
        }
        final LockReason lockReason = handle.work().cmHandle().state().lockReason();
        return lockReason != null && lockReason.reason().startsWith(LockReason.MODULE_REFRESH)
            ? "Module refresh. " + attempt : "Upgrade to ModuleSetTag: " + handle.targetTag() + ". " + attempt;
    }

    private static void logBatch(final int handleCount, final int failureCount, final long startNanos) {
        final long nanos = System.nanoTime() - startNanos;
        LOGGER.info("Module sync: {} handles ({} READY, {} LOCKED) in {} ms, {} handles/s", handleCount,
            handleCount - failureCount, failureCount, nanos / 1_000_000,
            nanos == 0 ? 0 : handleCount * 1_000_000_000L / nanos);
    }
}
