package io.cpsng.ncmp.datasync;

import io.cpsng.cps.api.exceptions.CpsException;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.NcmpException;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.datasync.OperationalDataCache.Prepared;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.inventory.DataSyncRows;
import io.cpsng.ncmp.inventory.DataSyncRows.ClaimedHandle;
import io.cpsng.ncmp.inventory.UnusedModuleSets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Syncs one claimed batch: in a first transaction the handles still held get their cache anchors (made where missing
 * or on another module set) and the top-level nodes of their module sets are looked up; the plugins are asked, all
 * at once on virtual threads, for the whole operational tree (passthrough-operational, resource identifier /) of the
 * handles whose module set defines any; then one transaction stores, for every handle still held, what of its tree
 * the module set defines in place of what was cached, and marks them SYNCHRONIZED. A module set without data nodes
 * has nothing to ask for: the handle is SYNCHRONIZED with nothing cached, as in the reference. A plugin that fails,
 * or answers no data its module set defines, leaves its handle UNSYNCHRONIZED, retried with back-off; data a module
 * set refuses fail the batch's store, which is then done handle by handle so that only that handle is retried. The
 * reference marked such handles SYNCHRONIZED with nothing stored.
 */
@Component
class DataSyncWorker {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataSyncWorker.class);
    private static final String PASSTHROUGH_OPERATIONAL = "ncmp-datastore:passthrough-operational";
    private static final JsonMapper JSON = JsonMapper.shared();

    private final DataSyncRows dataSyncRows;
    private final OperationalDataCache operationalDataCache;
    private final DmiClient dmiClient;
    private final DataSyncProperties dataSyncProperties;
    private final UnusedModuleSets unusedModuleSets;
    private final TransactionTemplate transactionTemplate;

    DataSyncWorker(final DataSyncRows dataSyncRows, final OperationalDataCache operationalDataCache,
                   final DmiClient dmiClient, final DataSyncProperties dataSyncProperties,
                   final UnusedModuleSets unusedModuleSets, final PlatformTransactionManager transactionManager) {
        this.dataSyncRows = dataSyncRows;
        this.operationalDataCache = operationalDataCache;
        this.dmiClient = dmiClient;
        this.dataSyncProperties = dataSyncProperties;
        this.unusedModuleSets = unusedModuleSets;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /** A handle's tree as its plugin answered it, what its module set defines of it (null: it defines no node). */
    private record Read(ClaimedHandle handle, String data) {
    }

    /** Syncs the batch the owner claimed; returns how many handles it stored. */
    int sync(final String owner, final List<ClaimedHandle> claimed) {
        final long startNanos = System.nanoTime();
        final Map<String, ClaimedHandle> handlesById = new LinkedHashMap<>();
        claimed.forEach(handle -> handlesById.put(handle.id(), handle));
        final Prepared prepared;
        try {
            prepared = transactionTemplate.execute(status -> {
                final Set<String> held = dataSyncRows.hold(handlesById.keySet(), owner);
                handlesById.keySet().retainAll(held);
                final Map<String, String> schemaSetNames = new LinkedHashMap<>();
                handlesById.values().forEach(handle -> schemaSetNames.put(handle.id(), handle.schemaSetName()));
                return operationalDataCache.prepare(schemaSetNames);
            });
        } catch (final RuntimeException batchFailure) {
            // released with a back-off, not left leased: the same batch would be claimed first again and again
            LOGGER.warn("Data sync of a batch of {} handles failed, retried later: {}", claimed.size(),
                reasonOf(batchFailure));
            dataSyncRows.retryLater(owner, claimed.stream().map(ClaimedHandle::id).toList(),
                dataSyncProperties.backoffBase(), dataSyncProperties.backoffCap());
            return 0;
        }
        deleteModuleSetsLeft(prepared.leftSchemaSetNames());
        final List<String> failed = new ArrayList<>();
        final List<Read> reads = readAll(handlesById.values(), prepared.topLevelNodesBySchemaSet(), failed);
        final int stored = store(owner, reads, failed);
        dataSyncRows.retryLater(owner, failed, dataSyncProperties.backoffBase(), dataSyncProperties.backoffCap());
        final long millis = (System.nanoTime() - startNanos) / 1_000_000;
        LOGGER.info("Data sync: {} handles ({} SYNCHRONIZED, {} to retry) in {} ms", claimed.size(), stored,
            failed.size(), millis);
        return stored;
    }

    /** Upgraded handles' caches left their previous module sets: those nobody uses any more go. */
    private void deleteModuleSetsLeft(final Set<String> leftSchemaSetNames) {
        try {
            unusedModuleSets.deleteUnused(leftSchemaSetNames);
        } catch (final RuntimeException cleanupFailure) {
            // the sync goes on; a set left over goes with the next handle leaving it
            LOGGER.warn("Module sets {} left by data-synced handles were not deleted: {}", leftSchemaSetNames,
                cleanupFailure.getMessage());
        }
    }

    private List<Read> readAll(final Collection<ClaimedHandle> handles,
                               final Map<String, List<String>> topLevelNodesBySchemaSet, final List<String> failed) {
        final Map<ClaimedHandle, Future<String>> answers = new LinkedHashMap<>();
        try (ExecutorService dmiCalls = Executors.newVirtualThreadPerTaskExecutor()) {
            for (final ClaimedHandle handle : handles) {
                final List<String> topLevelNodes = topLevelNodesBySchemaSet.get(handle.schemaSetName());
                answers.put(handle, topLevelNodes.isEmpty() ? CompletableFuture.completedFuture(null)
                    : dmiCalls.submit(() -> readOperationalTree(handle, topLevelNodes)));
            }
        }
        final List<Read> reads = new ArrayList<>(answers.size());
        answers.forEach((handle, answer) -> {
            try {
                reads.add(new Read(handle, answer.get()));
            } catch (final ExecutionException failure) {
                LOGGER.warn("Data sync of cm handle {} failed, retried later: {}", handle.id(),
                    reasonOf(failure.getCause()));
                failed.add(handle.id());
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                failed.add(handle.id());
            }
        });
        return reads;
    }

    /** All reads in one transaction; if that fails, each in its own, the failing ones to retry. */
    private int store(final String owner, final List<Read> reads, final List<String> failed) {
        try {
            return storeTogether(owner, reads);
        } catch (final RuntimeException batchFailure) {
            int stored = 0;
            for (final Read read : reads) {
                try {
                    stored += storeTogether(owner, List.of(read));
                } catch (final RuntimeException failure) {
                    LOGGER.warn("Data sync of cm handle {} failed, retried later: {}", read.handle().id(),
                        reasonOf(failure));
                    failed.add(read.handle().id());
                }
            }
            return stored;
        }
    }

    /** Only the handles the owner still holds with sync on are stored (sync turned off, deleted: left alone). */
    private int storeTogether(final String owner, final List<Read> reads) {
        return transactionTemplate.execute(status -> {
            final Set<String> held = dataSyncRows.hold(reads.stream().map(read -> read.handle().id()).toList(),
                owner);
            final Map<String, String> stored = new LinkedHashMap<>();
            for (final Read read : reads) {
                if (held.contains(read.handle().id())) {
                    stored.put(read.handle().id(), read.data());
                }
            }
            operationalDataCache.replace(stored);
            dataSyncRows.markSynchronized(stored.keySet(), owner);
            return stored.size();
        });
    }

    /**
     * The members of the plugin's answer the module set defines, as one JSON object. A member it does not define has
     * no place in the cache: it is left out and named in a WARN line (the reference's DMI stub answers every read
     * with an ietf-network sample its own module set does not define). An answer without any is no data: a failure.
     */
    private String readOperationalTree(final ClaimedHandle handle, final List<String> topLevelNodes) {
        final DmiResponse dmiResponse = dmiClient.passThrough(handle.cmHandle(), PASSTHROUGH_OPERATIONAL, "/", null,
            "read", null, null, DmiClient.NO_CALLER);
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered " + dmiResponse.status(), dmiResponse);
        }
        final String body = dmiResponse.body();
        if (body == null || body.isBlank()) {
            throw noData(handle, dmiResponse, "an empty body");
        }
        final JsonNode tree;
        try {
            tree = JSON.readTree(body);
        } catch (final JacksonException notJson) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered with a body that is not JSON", dmiResponse);
        }
        if (!(tree instanceof ObjectNode members)) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered with JSON that is not an object", dmiResponse);
        }
        final ObjectNode defined = JSON.createObjectNode();
        final List<String> undefined = new ArrayList<>();
        for (final String name : members.propertyNames()) {
            if (topLevelNodes.contains(name)) {
                defined.set(name, members.get(name));
            } else {
                undefined.add(name);
            }
        }
        if (defined.isEmpty()) {
            throw noData(handle, dmiResponse, undefined.isEmpty() ? "no data" : "only " + undefined);
        }
        if (!undefined.isEmpty()) {
            LOGGER.warn("Data sync of cm handle {}: its plugin answered {}, which its module set does not define"
                + " (it defines {}); not cached", handle.id(), undefined, topLevelNodes);
        }
        return defined.toString();
    }

    private static DmiException noData(final ClaimedHandle handle, final DmiResponse dmiResponse,
                                       final String answer) {
        return new DmiException("No operational data", "The DMI plugin of cm handle " + handle.id() + " answered "
            + answer + ": nothing its module set defines to cache", dmiResponse);
    }

    private static String reasonOf(final Throwable failure) {
        return switch (failure) {
            case NcmpException ncmpException -> ncmpException.getMessage() + ": " + ncmpException.getDetails();
            case CpsException cpsException -> cpsException.getMessage() + ": " + cpsException.getDetails();
            default -> failure.getClass().getSimpleName() + ": " + failure.getMessage();
        };
    }
}
