package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.path.Xpaths;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashSet;
import java.util.List;
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
    private static final JsonMapper JSON_MAPPER = JsonMapper.shared();

    private final DataSyncWork dataSyncWork;
    private final CpsDataService cpsDataService;
    private final Counter appliedEdits;

    CmNotificationsToCache(final DataSyncWork dataSyncWork, final CpsDataService cpsDataService,
                           final MeterRegistry meterRegistry) {
        this.dataSyncWork = dataSyncWork;
        this.cpsDataService = cpsDataService;
        this.appliedEdits = Counter.builder("ncmp.cm-notifications.applied-to-cache")
            .description("Edits of CM notifications applied to the cached operational data").register(meterRegistry);
    }

    /** Applies the notifications of SYNCHRONIZED handles in order; never throws (forwarding must go on). */
    public void apply(final List<ConsumerRecord<String, String>> notifications) {
        try {
            final Set<String> synced = dataSyncWork.synchronizedAmong(notifications.stream().map(ConsumerRecord::key)
                .filter(Objects::nonNull).distinct().toList());
            final Set<String> stale = new HashSet<>();
            for (final ConsumerRecord<String, String> notification : notifications) {
                final String cmHandleId = notification.key();
                if (synced.contains(cmHandleId) && !stale.contains(cmHandleId)
                    && !applyEdits(cmHandleId, notification.value())) {
                    stale.add(cmHandleId);
                }
            }
            if (!stale.isEmpty()) {
                dataSyncWork.resync(stale);
            }
        } catch (final RuntimeException failure) {
            LOGGER.error("CM notifications of {} records not applied to the cached data", notifications.size(),
                failure);
        }
    }

    /** False if an edit failed: the cache is stale from then on. */
    private boolean applyEdits(final String cmHandleId, final String notification) {
        final JsonNode edits = editsOf(notification);
        for (final JsonNode edit : edits) {
            try {
                applyEdit(cmHandleId, edit);
                appliedEdits.increment();
            } catch (final RuntimeException failure) {
                LOGGER.warn("CM notification edit {} of cm handle {} not applied ({}); its data are synced again",
                    edit.path("edit-id").asString(""), cmHandleId, failure.getMessage());
                return false;
            }
        }
        return true;
    }

    private static JsonNode editsOf(final String notification) {
        try {
            return JSON_MAPPER.readTree(notification == null ? "{}" : notification).path("data")
                .path("push-change-update").path("datastore-changes").path("ietf-yang-patch:yang-patch").path("edit");
        } catch (final JacksonException notJson) {
            return JSON_MAPPER.createArrayNode();
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

    private void applyEdit(final String cmHandleId, final JsonNode edit) {
        final String operation = edit.path("operation").asString("");
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
