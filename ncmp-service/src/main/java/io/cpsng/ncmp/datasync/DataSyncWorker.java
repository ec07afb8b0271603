package io.cpsng.ncmp.datasync;

import io.cpsng.cps.api.exceptions.CpsException;
import io.cpsng.cps.tree.DataTree;
import io.cpsng.cps.tree.SchemaSetModel;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.NcmpException;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.datasync.OperationalDataCache.CachedTree;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.inventory.DataSyncRows;
import io.cpsng.ncmp.inventory.DataSyncRows.ClaimedHandle;
import java.util.ArrayList;
import java.util.HashMap;
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
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Syncs one claimed batch: the plugins are asked, all at once on virtual threads, for the whole operational tree
 * (passthrough-operational, resource identifier /) of the handles whose module set defines any data nodes, and each
 * answer is parsed on its module set there; then one transaction stores, for every handle still held, its tree in
 * place of what was cached, and marks them SYNCHRONIZED. A module set without data nodes has nothing to ask for: the
 * handle is SYNCHRONIZED with nothing cached, as in the reference. A plugin that fails, answers no data its module set
 * defines, or data the module set refuses leaves its handle UNSYNCHRONIZED, retried with back-off. The reference
 * marked such handles SYNCHRONIZED with nothing stored.
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
    private final TransactionTemplate transactionTemplate;

    DataSyncWorker(final DataSyncRows dataSyncRows, final OperationalDataCache operationalDataCache,
                   final DmiClient dmiClient, final DataSyncProperties dataSyncProperties,
                   final PlatformTransactionManager transactionManager) {
        this.dataSyncRows = dataSyncRows;
        this.operationalDataCache = operationalDataCache;
        this.dmiClient = dmiClient;
        this.dataSyncProperties = dataSyncProperties;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /** Syncs the batch the owner claimed; returns how many handles it stored. */
    int sync(final String owner, final List<ClaimedHandle> claimed) {
        final long startNanos = System.nanoTime();
        final List<String> failed = new ArrayList<>();
        final Map<String, CachedTree> trees = readAll(claimed, modelsOf(claimed, failed), failed);
        int stored = 0;
        try {
            stored = storeHeld(owner, trees);
        } catch (final RuntimeException batchFailure) {
            // released with a back-off, not left leased: the same batch would be claimed first again and again
            LOGGER.warn("Data sync of a batch of {} handles failed, retried later: {}", claimed.size(),
                reasonOf(batchFailure));
            failed.addAll(trees.keySet());
        }
        dataSyncRows.retryLater(owner, failed, dataSyncProperties.backoffBase(), dataSyncProperties.backoffCap());
        final long millis = (System.nanoTime() - startNanos) / 1_000_000;
        LOGGER.info("Data sync: {} handles ({} SYNCHRONIZED, {} to retry) in {} ms", claimed.size(), stored,
            failed.size(), millis);
        return stored;
    }

    /**
     * After the database emptied the cache in a crash recovery (ADR 0017), every SYNCHRONIZED handle is synced
     * again; returns how many. The marker is put back in the same transaction: of instances that find it gone at
     * once, the one whose marker is written does it.
     */
    int resyncIfCacheEmptied() {
        if (operationalDataCache.isIntact()) {
            return 0;
        }
        final int resynced = transactionTemplate.execute(status ->
            operationalDataCache.markIntact() ? dataSyncRows.resyncAllSynchronized() : 0);
        LOGGER.warn("The cached operational data were emptied when the database recovered from a crash: {} handles"
            + " are synced again", resynced);
        return resynced;
    }

    /** The model of each module set of the batch; the handles of a set that cannot be read fail. */
    private Map<String, SchemaSetModel> modelsOf(final List<ClaimedHandle> claimed, final List<String> failed) {
        final Map<String, SchemaSetModel> models = new HashMap<>();
        for (final ClaimedHandle handle : claimed) {
            if (!models.containsKey(handle.schemaSetName())) {
                try {
                    models.put(handle.schemaSetName(), operationalDataCache.modelOf(handle.schemaSetName()));
                } catch (final RuntimeException failure) {
                    LOGGER.warn("Data sync of cm handle {} failed, retried later: {}", handle.id(),
                        reasonOf(failure));
                    models.put(handle.schemaSetName(), null);
                }
            }
            if (models.get(handle.schemaSetName()) == null) {
                failed.add(handle.id());
            }
        }
        return models;
    }

    private Map<String, CachedTree> readAll(final List<ClaimedHandle> handles,
                                            final Map<String, SchemaSetModel> models, final List<String> failed) {
        final Map<ClaimedHandle, Future<DataTree>> answers = new LinkedHashMap<>();
        try (ExecutorService dmiCalls = Executors.newVirtualThreadPerTaskExecutor()) {
            for (final ClaimedHandle handle : handles) {
                final SchemaSetModel model = models.get(handle.schemaSetName());
                if (model != null) {
                    answers.put(handle, model.topLevelNodeNames().isEmpty()
                        ? CompletableFuture.completedFuture(DataTree.empty())
                        : dmiCalls.submit(() -> readOperationalTree(handle, model)));
                }
            }
        }
        final Map<String, CachedTree> trees = new LinkedHashMap<>();
        answers.forEach((handle, answer) -> {
            try {
                trees.put(handle.id(), new CachedTree(handle.schemaSetName(), answer.get()));
            } catch (final ExecutionException failure) {
                LOGGER.warn("Data sync of cm handle {} failed, retried later: {}", handle.id(),
                    reasonOf(failure.getCause()));
                failed.add(handle.id());
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                failed.add(handle.id());
            }
        });
        return trees;
    }

    /** Only the handles the owner still holds with sync on are stored (sync turned off, deleted: left alone). */
    private int storeHeld(final String owner, final Map<String, CachedTree> trees) {
        return transactionTemplate.execute(status -> {
            final Set<String> held = dataSyncRows.hold(trees.keySet(), owner);
            final Map<String, CachedTree> stored = new LinkedHashMap<>(trees);
            stored.keySet().retainAll(held);
            operationalDataCache.store(stored);
            dataSyncRows.markSynchronized(stored.keySet(), owner);
            return stored.size();
        });
    }

    /**
     * The plugin's answer as a tree of what the module set defines. The common answer, all of it plain and defined,
     * is read at once; any other is parsed after its members the module set does not define are left out, named in
     * a WARN line (the reference's DMI stub answers every read with an ietf-network sample its own module set does
     * not define). An answer without any defined member is no data: a failure.
     */
    private DataTree readOperationalTree(final ClaimedHandle handle, final SchemaSetModel model) {
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
        final DataTree plainTree = model.parsePlainTree(body);
        return plainTree != null ? plainTree
            : model.parseTree(definedMembers(handle, dmiResponse, model.topLevelNodeNames()));
    }

    /** The members of the answer the module set defines, as one JSON object. */
    private String definedMembers(final ClaimedHandle handle, final DmiResponse dmiResponse,
                                  final List<String> topLevelNodes) {
        final String body = dmiResponse.body();
        final List<String> names = topLevelNamesOf(handle, dmiResponse);
        if (topLevelNodes.containsAll(names) && !names.isEmpty()) {
            return body; // all of it defined, passed on without a copy
        }
        final ObjectNode members = (ObjectNode) JSON.readTree(body);
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

    /** The names of the members of the answer, a JSON object; read without building its tree. */
    private static List<String> topLevelNamesOf(final ClaimedHandle handle, final DmiResponse dmiResponse) {
        final List<String> names = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(dmiResponse.body())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle "
                    + handle.id() + " answered with JSON that is not an object", dmiResponse);
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                names.add(parser.currentName());
                parser.nextToken();
                parser.skipChildren();
            }
            if (parser.nextToken() != null) {
                throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle "
                    + handle.id() + " answered with more than one JSON value", dmiResponse);
            }
        } catch (final JacksonException notJson) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered with a body that is not JSON", dmiResponse);
        }
        return names;
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
