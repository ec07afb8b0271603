package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.model.AnchorLeavesUpdate;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.ncmp.inventory.DataSyncRows;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
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
    private final CpsDataService cpsDataService;
    private final Counter appliedEdits;

    CmNotificationsToCache(final DataSyncRows dataSyncRows, final CpsDataService cpsDataService,
                           final MeterRegistry meterRegistry) {
        this.dataSyncRows = dataSyncRows;
        this.cpsDataService = cpsDataService;
        this.appliedEdits = Counter.builder("ncmp.cm-notifications.applied-to-cache")
            .description("Edits of CM notifications applied to the cached operational data").register(meterRegistry);
    }

    /**
     * Applies the notifications of SYNCHRONIZED handles, each handle's edits in order; never throws (forwarding
     * must go on). The edits go in rounds, the n-th edit of every handle in the n-th: a round's merges (the common
     * attribute value change) are one store call for all its handles, its other edits one call each.
     */
    public void apply(final List<ConsumerRecord<String, byte[]>> notifications) {
        try {
            final Set<String> synced = dataSyncRows.synchronizedAmong(notifications.stream().map(ConsumerRecord::key)
                .filter(Objects::nonNull).distinct().toList());
            final Map<String, List<JsonNode>> editsByHandle = new LinkedHashMap<>();
            for (final ConsumerRecord<String, byte[]> notification : notifications) {
                if (synced.contains(notification.key())) {
                    editsOf(notification.value()).forEach(edit ->
                        editsByHandle.computeIfAbsent(notification.key(), cmHandleId -> new ArrayList<>()).add(edit));
                }
            }
            final Set<String> stale = new HashSet<>();
            for (int round = 0; !editsByHandle.isEmpty(); round++) {
                applyRound(round, editsByHandle, stale);
                stale.forEach(editsByHandle::remove);
                final int applied = round + 1;
                editsByHandle.values().removeIf(edits -> edits.size() <= applied);
            }
            if (!stale.isEmpty()) {
                dataSyncRows.resync(stale);
            }
        } catch (final RuntimeException failure) {
            LOGGER.error("CM notifications of {} records not applied to the cached data", notifications.size(),
                failure);
        }
    }

    /** Applies the round's edit of every handle; the handles an edit failed for are added to stale. */
    private void applyRound(final int round, final Map<String, List<JsonNode>> editsByHandle,
                            final Set<String> stale) {
        final List<AnchorLeavesUpdate> merges = new ArrayList<>();
        editsByHandle.forEach((cmHandleId, edits) -> {
            final JsonNode edit = edits.get(round);
            if (isMerge(edit) && !holdsChildNodes(edit.get("value"))) {
                merges.add(new AnchorLeavesUpdate(cmHandleId, edit.path("target").asString("/"),
                    edit.get("value").toString()));
            } else if (!applyEdit(cmHandleId, edit)) {
                stale.add(cmHandleId);
            }
        });
        if (!merges.isEmpty()) {
            applyMerges(round, merges, editsByHandle, stale);
        }
    }

    /**
     * The round's merges in one store call; if that call fails as a whole (a deadlock, the database gone a moment),
     * each merge on its own, so that one handle's failure does not resync them all.
     */
    private void applyMerges(final int round, final List<AnchorLeavesUpdate> merges,
                             final Map<String, List<JsonNode>> editsByHandle, final Set<String> stale) {
        final Set<String> failed;
        try {
            failed = cpsDataService.updateNodeLeavesOfAnchors(NFP_OPERATIONAL_DATASPACE, merges);
        } catch (final RuntimeException failure) {
            LOGGER.warn("CM notification merges of {} cm handles not applied together ({}); applied one by one",
                merges.size(), failure.getMessage());
            merges.forEach(merge -> {
                if (!applyEdit(merge.anchorName(), editsByHandle.get(merge.anchorName()).get(round))) {
                    stale.add(merge.anchorName());
                }
            });
            return;
        }
        if (!failed.isEmpty()) {
            LOGGER.warn("CM notification merges of {} cm handles not applied (a target or value their module set"
                + " refuses, or a node not cached); their data are synced again", failed.size());
        }
        stale.addAll(failed);
        appliedEdits.increment(merges.size() - failed.size());
    }

    private static boolean isMerge(final JsonNode edit) {
        final String operation = edit.path("operation").asString("");
        return ("patch".equals(operation) || "merge".equals(operation)) && edit.has("value");
    }

    /** False if the edit failed: the cache is stale from then on. */
    private boolean applyEdit(final String cmHandleId, final JsonNode edit) {
        try {
            applyEdit(cmHandleId, edit, edit.path("operation").asString(""));
            appliedEdits.increment();
            return true;
        } catch (final RuntimeException failure) {
            LOGGER.warn("CM notification edit {} of cm handle {} not applied ({}); its data are synced again",
                edit.path("edit-id").asString(""), cmHandleId, failure.getMessage());
            return false;
        }
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

    private void applyEdit(final String cmHandleId, final JsonNode edit, final String operation) {
        final String xpath = cpsDataService.xpathOfRestconfPath(NFP_OPERATIONAL_DATASPACE, cmHandleId,
            edit.path("target").asString("/"));
        final String parentXpath = Xpaths.isRoot(xpath) ? Xpaths.ROOT : Xpaths.parentXpath(xpath);
        final String value = edit.has("value") ? edit.get("value").toString() : null;
        switch (operation) {
            case "create" -> {
                try {
                    cpsDataService.saveData(NFP_OPERATIONAL_DATASPACE, cmHandleId, parentXpath, value,
                        ContentType.JSON);
                } catch (final AlreadyDefinedException deliveredAgain) {
                    cpsDataService.updateDataNodeAndDescendants(NFP_OPERATIONAL_DATASPACE, cmHandleId, parentXpath,
                        value, ContentType.JSON);
                }
            }
            case "update", "replace" -> cpsDataService.updateDataNodeAndDescendants(NFP_OPERATIONAL_DATASPACE,
                cmHandleId, parentXpath, value, ContentType.JSON);
            case "patch", "merge" -> {
                if (holdsChildNodes(edit.get("value"))) {
                    throw new IllegalArgumentException("a merge of child containers or lists is not served");
                }
                cpsDataService.updateNodeLeaves(NFP_OPERATIONAL_DATASPACE, cmHandleId, parentXpath, value,
                    ContentType.JSON);
            }
            case "delete", "remove" -> {
                try {
                    cpsDataService.deleteDataNode(NFP_OPERATIONAL_DATASPACE, cmHandleId, xpath);
                } catch (final DataNodeNotFoundException deletedAlready) {
                    // a delete delivered again: the node is gone, as the edit wants
                }
            }
            default -> throw new IllegalArgumentException("operation " + operation + " is not served");
        }
    }
}
