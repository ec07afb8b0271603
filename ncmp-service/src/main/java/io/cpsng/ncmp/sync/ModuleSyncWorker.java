package io.cpsng.ncmp.sync;

import static io.cpsng.ncmp.inventory.CmHandleInventory.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.LockReason;
import io.cpsng.ncmp.inventory.CmHandleInventory;
import io.cpsng.ncmp.lcm.CmHandleStates;
import io.cpsng.ncmp.sync.ModuleSets.Resolution;
import io.cpsng.ncmp.sync.ModuleSyncMetrics.Phase;
import io.cpsng.ncmp.sync.ModuleSyncWork.ClaimedWork;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Syncs one claimed batch: reads its handles in one call, provides their schema sets, creates their anchors
 * in bulk, writes every state of the batch in one call and updates the queue. Every step is idempotent, so
 * a batch retried after a crash (its lease expired) finishes what the first try began: existing schema
 * sets and anchors count as done.
 */
@Component
class ModuleSyncWorker {

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleSyncWorker.class);

    private final CmHandleInventory cmHandleInventory;
    private final ModuleSets moduleSets;
    private final CpsAnchorService cpsAnchorService;
    private final CpsModuleService cpsModuleService;
    private final ModuleSyncWork moduleSyncWork;
    private final ModuleSyncMetrics metrics;
    private final ModuleSyncProperties moduleSyncProperties;

    ModuleSyncWorker(final CmHandleInventory cmHandleInventory, final ModuleSets moduleSets,
                     final CpsAnchorService cpsAnchorService, final CpsModuleService cpsModuleService,
                     final ModuleSyncWork moduleSyncWork, final ModuleSyncMetrics metrics,
                     final ModuleSyncProperties moduleSyncProperties) {
        this.cmHandleInventory = cmHandleInventory;
        this.moduleSets = moduleSets;
        this.cpsAnchorService = cpsAnchorService;
        this.cpsModuleService = cpsModuleService;
        this.moduleSyncWork = moduleSyncWork;
        this.metrics = metrics;
        this.moduleSyncProperties = moduleSyncProperties;
    }

    /** Syncs the batch claimed by the owner; returns how many handles it processed. */
    int sync(final String owner, final List<ClaimedWork> claimed) {
        final long startNanos = System.nanoTime();
        metrics.recordWaiting(claimed, Instant.now());
        final List<String> claimedIds = claimed.stream().map(ClaimedWork::cmHandleId).toList();
        try {
            final List<HandleToSync> handles = readHandles(claimed);
            final Resolution resolution = moduleSets.resolve(handles);
            final Map<String, String> failures = new HashMap<>(resolution.failuresByCmHandleId());
            createAnchors(resolution.schemaSetNamesByCmHandleId(), failures);
            final List<HandleToSync> remaining = writeStates(handles, failures);
            updateQueue(owner, claimedIds, failures);
            final int failureCount = (int) remaining.stream().filter(handle -> failures.containsKey(handle.id()))
                .count();
            logBatch(remaining.size(), failureCount, startNanos);
            metrics.countOutcomes(remaining.size() - failureCount, failureCount);
        } catch (final RuntimeException batchFailure) {
            LOGGER.error("Module sync of a batch of {} handles failed; retried later", claimed.size(), batchFailure);
            moduleSyncWork.retryLater(owner, claimedIds, moduleSyncProperties.backoffBase(),
                moduleSyncProperties.backoffCap());
        }
        return claimed.size();
    }

    /** The claimed handles still in the inventory; those removed meanwhile are simply done. */
    private List<HandleToSync> readHandles(final List<ClaimedWork> claimed) {
        final Map<String, CmHandle> cmHandles = cmHandleInventory.getCmHandles(
            claimed.stream().map(ClaimedWork::cmHandleId).toList());
        return claimed.stream().filter(work -> cmHandles.containsKey(work.cmHandleId()))
            .map(work -> new HandleToSync(work, cmHandles.get(work.cmHandleId()))).toList();
    }

    /**
     * Gives each handle its anchor on its schema set, with one insert per schema set. Anchors that exist on
     * the right set are kept (a retry); an anchor on another set (an upgrade) is deleted and created anew,
     * and the schema sets left without anchors are deleted. A handle whose anchor fails joins the failures.
     */
    private void createAnchors(final Map<String, String> schemaSetNamesByCmHandleId,
                               final Map<String, String> failures) {
        if (schemaSetNamesByCmHandleId.isEmpty()) {
            return;
        }
        metrics.time(Phase.ANCHOR_CREATION, schemaSetNamesByCmHandleId.keySet(), () -> {
            final Map<String, String> currentSchemaSets = cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE,
                schemaSetNamesByCmHandleId.keySet()).stream()
                .collect(Collectors.toMap(Anchor::name, Anchor::schemaSetName));
            final Map<String, List<String>> missingAnchorsBySchemaSet = new LinkedHashMap<>();
            final List<String> repointed = new ArrayList<>();
            final Set<String> previousSchemaSets = new HashSet<>();
            schemaSetNamesByCmHandleId.forEach((cmHandleId, schemaSetName) -> {
                final String currentSchemaSet = currentSchemaSets.get(cmHandleId);
                if (!schemaSetName.equals(currentSchemaSet)) {
                    missingAnchorsBySchemaSet.computeIfAbsent(schemaSetName, name -> new ArrayList<>()).add(cmHandleId);
                }
                if (currentSchemaSet != null && !schemaSetName.equals(currentSchemaSet)) {
                    repointed.add(cmHandleId);
                    previousSchemaSets.add(currentSchemaSet);
                }
            });
            if (!repointed.isEmpty()) {
                cpsAnchorService.deleteAnchors(NFP_OPERATIONAL_DATASPACE, repointed);
            }
            missingAnchorsBySchemaSet.forEach((schemaSetName, cmHandleIds) ->
                createAnchorsOnSchemaSet(schemaSetName, cmHandleIds, failures));
            deleteUnusedSchemaSets(previousSchemaSets);
        });
    }

    private void createAnchorsOnSchemaSet(final String schemaSetName, final List<String> cmHandleIds,
                                          final Map<String, String> failures) {
        try {
            cpsAnchorService.createAnchors(NFP_OPERATIONAL_DATASPACE, schemaSetName, cmHandleIds);
        } catch (final RuntimeException anchorFailure) {
            // e.g. the schema set was deleted as unused just now: the retry provides it again
            final String cause = ModuleSets.describe(anchorFailure);
            cmHandleIds.forEach(cmHandleId -> failures.put(cmHandleId, cause));
        }
    }

    private void deleteUnusedSchemaSets(final Collection<String> schemaSetNames) {
        if (schemaSetNames.isEmpty()) {
            return;
        }
        try {
            cpsModuleService.deleteUnusedSchemaSets(NFP_OPERATIONAL_DATASPACE, schemaSetNames);
        } catch (final RuntimeException cleanupFailure) {
            // the upgrade itself succeeded; a set left over is deleted with the next handle leaving it
            LOGGER.warn("Schema sets {} left after an upgrade were not deleted: {}", schemaSetNames,
                cleanupFailure.getMessage());
        }
    }

    /**
     * Writes READY or LOCKED for every handle of the batch with one call (plus one for upgraded handles,
     * whose tag changes). Should handles have been deregistered meanwhile, the write is repeated without
     * them and their anchors (made just now) are deleted. Returns the handles written.
     */
    private List<HandleToSync> writeStates(final List<HandleToSync> handles, final Map<String, String> failures) {
        try {
            writeStatesOf(handles, failures);
            return handles;
        } catch (final RuntimeException writeFailure) {
            final Set<String> existingIds = cmHandleInventory.existingIds(handles.stream().map(HandleToSync::id)
                .toList());
            if (existingIds.size() == handles.size()) {
                throw writeFailure;
            }
            final List<String> removedIds = handles.stream().map(HandleToSync::id)
                .filter(cmHandleId -> !existingIds.contains(cmHandleId)).toList();
            LOGGER.info("{} handles were deregistered while being synced", removedIds.size());
            cpsAnchorService.deleteAnchors(NFP_OPERATIONAL_DATASPACE, removedIds);
            final List<HandleToSync> remaining = handles.stream()
                .filter(handle -> existingIds.contains(handle.id())).toList();
            writeStatesOf(remaining, failures);
            return remaining;
        }
    }

    private void writeStatesOf(final List<HandleToSync> handles, final Map<String, String> failures) {
        final Map<String, CompositeState> states = new LinkedHashMap<>();
        final List<CmHandle> upgraded = new ArrayList<>();
        for (final HandleToSync handle : handles) {
            final CompositeState previous = handle.cmHandle().state();
            final String failure = failures.get(handle.id());
            if (failure != null) {
                states.put(handle.id(), CmHandleStates.locked(previous, handle.work().isUpgrade()
                    ? LockReason.MODULE_UPGRADE_FAILED : LockReason.MODULE_SYNC_FAILED, lockDetails(handle, failure)));
            } else if (handle.work().isUpgrade()) {
                upgraded.add(handle.withTargetTag().withState(CmHandleStates.ready(previous)));
            } else {
                states.put(handle.id(), CmHandleStates.ready(previous));
            }
        }
        metrics.time(Phase.STATE_WRITE, handles.stream().map(HandleToSync::id).toList(), () -> {
            cmHandleInventory.updateStates(states);
            if (!upgraded.isEmpty()) {
                cmHandleInventory.replace(upgraded);
            }
        });
    }

    /** Done handles (READY, or deregistered) leave the queue; failed ones wait for their back-off. */
    private void updateQueue(final String owner, final List<String> claimedIds, final Map<String, String> failures) {
        moduleSyncWork.complete(owner, claimedIds.stream().filter(cmHandleId -> !failures.containsKey(cmHandleId))
            .toList());
        moduleSyncWork.retryLater(owner, failures.keySet(), moduleSyncProperties.backoffBase(),
            moduleSyncProperties.backoffCap());
    }

    private static String lockDetails(final HandleToSync handle, final String failure) {
        final String attempt = "Attempt #" + handle.attemptNumber() + " failed: " + failure;
        return handle.work().isUpgrade() ? "Upgrade to ModuleSetTag: " + handle.targetTag() + ". " + attempt : attempt;
    }

    private static void logBatch(final int handleCount, final int failureCount, final long startNanos) {
        final long nanos = System.nanoTime() - startNanos;
        LOGGER.info("Module sync: {} handles ({} READY, {} LOCKED) in {} ms, {} handles/s", handleCount,
            handleCount - failureCount, failureCount, nanos / 1_000_000,
            nanos == 0 ? 0 : handleCount * 1_000_000_000L / nanos);
    }
}
