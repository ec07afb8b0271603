package io.cpsng.ncmp.datasync;

import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.tree.DataTree;
import io.cpsng.cps.tree.SchemaSetModel;
import io.cpsng.ncmp.datasync.OperationalDataCache.CachedTree;
import io.cpsng.ncmp.inventory.DataSyncRows;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * CM notifications applied to the cached data of SYNCHRONIZED handles (the record's key is the handle's id): the
 * edits of the YANG-push change update (data.push-change-update.datastore-changes.ietf-yang-patch:yang-patch.edit),
 * in order, each by its target (a RESTCONF-style path) and value. The reference's operations (create, update, patch,
 * delete) and RFC 8072's (replace, merge, remove) are served; each is idempotent, so a batch delivered again changes
 * nothing: a create of what exists replaces it, a delete of what is gone does nothing. An edit that cannot be applied
 * (a target the module set does not have, a value it refuses, a merge of child containers or lists, insert or move)
 * leaves the cache stale: the handle is made UNSYNCHRONIZED, due at once, and the watchdog reads its whole tree
 * again. A notification that is not a YANG patch holds nothing to apply. Notifications of a handle that is not
 * SYNCHRONIZED are not applied: a change made between a sync's read and its store is cached only by the next sync.
 */
@Component
public class CmNotificationsToCache {

    private static final Logger LOGGER = LoggerFactory.getLogger(CmNotificationsToCache.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    private final DataSyncRows dataSyncRows;
    private final OperationalDataCache operationalDataCache;
    private final TransactionTemplate transactionTemplate;
    private final Counter appliedEdits;

    CmNotificationsToCache(final DataSyncRows dataSyncRows, final OperationalDataCache operationalDataCache,
                           final PlatformTransactionManager transactionManager, final MeterRegistry meterRegistry) {
        this.dataSyncRows = dataSyncRows;
        this.operationalDataCache = operationalDataCache;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.appliedEdits = Counter.builder("ncmp.cm-notifications.applied-to-cache")
            .description("Edits of CM notifications applied to the cached operational data").register(meterRegistry);
    }

    /** An edit's target (a RESTCONF path) on a module set: the notifications of many handles name the same. */
    private record TargetOnModel(String schemaSetName, String target) {
    }

    /** A handle whose cache an edit could not be applied to, and why (the first such edit). */
    private record Stale(String cmHandleId, String editId, String reason) {
    }

    /**
     * Applies the notifications of SYNCHRONIZED handles, each handle's edits in order, all to the cached trees in one
     * transaction; never throws (forwarding must go on). The handles whose edits failed are synced again after it.
     */
    public void apply(final List<ConsumerRecord<String, byte[]>> notifications) {
        try {
            // a key with a NUL names no handle (a registration refuses it), and PostgreSQL refuses it in a statement
            final Set<String> synced = dataSyncRows.synchronizedAmong(notifications.stream().map(ConsumerRecord::key)
                .filter(key -> key != null && key.indexOf('\0') < 0).distinct().toList());
            final Map<String, List<JsonNode>> editsByHandle = new LinkedHashMap<>();
            for (final ConsumerRecord<String, byte[]> notification : notifications) {
                if (synced.contains(notification.key())) {
                    editsOf(notification.value()).forEach(edit ->
                        editsByHandle.computeIfAbsent(notification.key(), cmHandleId -> new ArrayList<>()).add(edit));
                }
            }
            if (editsByHandle.isEmpty()) {
                return;
            }
            final List<Stale> stale = transactionTemplate.execute(status -> applyToCache(editsByHandle));
            if (!stale.isEmpty()) {
                final Stale first = stale.getFirst();
                LOGGER.warn("CM notification edits of {} cm handles not applied (the first: edit {} of cm handle {}:"
                    + " {}); their data are synced again", stale.size(), first.editId(), first.cmHandleId(),
                    first.reason());
                // after the cache's rows are released: a sync locks the handle's row first, then its cache's
                dataSyncRows.resync(stale.stream().map(Stale::cmHandleId).toList());
            }
        } catch (final RuntimeException failure) {
            LOGGER.error("CM notifications of {} records not applied to the cached data", notifications.size(),
                failure);
        }
    }

    /** Each handle's edits applied to its tree, the handles on all cores; the changed trees stored together. */
    private List<Stale> applyToCache(final Map<String, List<JsonNode>> editsByHandle) {
        final Map<String, CachedTree> cached = operationalDataCache.lockTrees(editsByHandle.keySet());
        // looked up here, on the transaction's thread: the workers below do not query the database
        final Map<String, SchemaSetModel> models = modelsOf(cached.values());
        final Map<TargetOnModel, String> xpaths = new ConcurrentHashMap<>();
        final Map<String, CachedTree> changed = new ConcurrentHashMap<>();
        final List<Stale> stale = editsByHandle.entrySet().parallelStream()
            .map(handleEdits -> {
                final String cmHandleId = handleEdits.getKey();
                final CachedTree cachedTree = cached.get(cmHandleId);
                if (cachedTree == null) {
                    return new Stale(cmHandleId, "", "nothing is cached");
                }
                final SchemaSetModel model = models.get(cachedTree.schemaSetName());
                if (model == null) {
                    return new Stale(cmHandleId, "", "module set " + cachedTree.schemaSetName() + " is gone");
                }
                DataTree tree = cachedTree.tree();
                for (final JsonNode edit : handleEdits.getValue()) {
                    try {
                        final String xpath = xpaths.computeIfAbsent(new TargetOnModel(cachedTree.schemaSetName(),
                            edit.path("target").asString("/")), target -> model.xpathOfRestconfPath(target.target()));
                        tree = applyEdit(model, tree, xpath, edit);
                    } catch (final RuntimeException failure) {
                        return new Stale(cmHandleId, edit.path("edit-id").asString(""), failure.getMessage());
                    }
                }
                changed.put(cmHandleId, new CachedTree(cachedTree.schemaSetName(), tree));
                appliedEdits.increment(handleEdits.getValue().size());
                return null;
            })
            .filter(Objects::nonNull)
            .toList();
        operationalDataCache.store(changed);
        return stale;
    }

    /** The models of the trees' module sets; a set that cannot be read (deleted by an upgrade) is left out. */
    private Map<String, SchemaSetModel> modelsOf(final Collection<CachedTree> cachedTrees) {
        final Map<String, SchemaSetModel> models = new HashMap<>();
        for (final CachedTree cachedTree : cachedTrees) {
            if (!models.containsKey(cachedTree.schemaSetName())) {
                SchemaSetModel model = null;
                try {
                    model = operationalDataCache.modelOf(cachedTree.schemaSetName());
                } catch (final NotFoundException gone) {
                    // its handles are synced again on the module set they have now
                }
                models.put(cachedTree.schemaSetName(), model);
            }
        }
        return models;
    }

    private static JsonNode editsOf(final byte[] notification) {
        if (notification == null) {
            return JSON.createArrayNode();
        }
        try {
            return JSON.readTree(notification).path("data")
                .path("push-change-update").path("datastore-changes").path("ietf-yang-patch:yang-patch").path("edit");
        } catch (final JacksonException notJson) {
            return JSON.createArrayNode();
        }
    }

    /**
     * Whether the merge's node holds containers or lists: the store merges a node's leaves only, so such a merge
     * would be applied in part.
     */
    private static boolean holdsChildNodes(final JsonNode value) {
        for (final JsonNode node : value == null ? List.<JsonNode>of() : value.values()) {
            for (final JsonNode entry : node.isArray() ? node.values() : List.of(node)) {
                for (final JsonNode member : entry.values()) {
                    if (member.isObject() || member.isArray() && member.values().stream().anyMatch(JsonNode::isObject)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static DataTree applyEdit(final SchemaSetModel model, final DataTree tree, final String xpath,
                                      final JsonNode edit) {
        final String operation = edit.path("operation").asString("");
        final String parentXpath = Xpaths.isRoot(xpath) ? Xpaths.ROOT : Xpaths.parentXpath(xpath);
        final String value = edit.has("value") ? edit.get("value").toString() : null;
        return switch (operation) {
            case "create", "update", "replace" -> tree.put(parentXpath, model.parse(parentXpath, value));
            case "patch", "merge" -> {
                if (holdsChildNodes(edit.get("value"))) {
                    throw new IllegalArgumentException("a merge of child containers or lists is not served");
                }
                yield tree.mergeLeaves(model.parse(parentXpath, value));
            }
            case "delete", "remove" -> tree.delete(xpath);
            default -> throw new IllegalArgumentException("operation " + operation + " is not served");
        };
    }
}
