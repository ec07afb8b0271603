package io.cpsng.ncmp.inventory;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.LockReason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** CM handles to and from the data nodes of the dmi-registry model. */
final class CmHandleNodes {

    static final String REGISTRY_XPATH = "/dmi-registry";

    private CmHandleNodes() {
    }

    static String xpathOf(final String cmHandleId) {
        return Xpaths.listEntryXpath(REGISTRY_XPATH, "cm-handles", Map.of("id", cmHandleId));
    }

    static String stateXpathOf(final String cmHandleId) {
        return xpathOf(cmHandleId) + "/state";
    }

    static DataNode toDataNode(final CmHandle cmHandle) {
        final String xpath = xpathOf(cmHandle.id());
        final Map<String, Object> leaves = new LinkedHashMap<>();
        leaves.put("id", cmHandle.id());
        putIfPresent(leaves, "dmi-service-name", cmHandle.dmiServiceName());
        putIfPresent(leaves, "dmi-data-service-name", cmHandle.dmiDataServiceName());
        putIfPresent(leaves, "dmi-model-service-name", cmHandle.dmiModelServiceName());
        leaves.put("module-set-tag", cmHandle.moduleSetTag());
        putIfPresent(leaves, "alternate-id", cmHandle.alternateId());
        putIfPresent(leaves, "data-producer-identifier", cmHandle.dataProducerIdentifier());
        putIfPresent(leaves, "trust-level", cmHandle.trustLevel());
        final List<DataNode> children = new ArrayList<>();
        addProperties(children, xpath, "additional-properties", cmHandle.additionalProperties());
        addProperties(children, xpath, "public-properties", cmHandle.publicProperties());
        if (cmHandle.state() != null) {
            children.add(toStateNode(cmHandle.id(), cmHandle.state()));
        }
        return new DataNode(xpath, null, leaves, children);
    }

    static DataNode toStateNode(final String cmHandleId, final CompositeState state) {
        final String stateXpath = stateXpathOf(cmHandleId);
        final Map<String, Object> leaves = new LinkedHashMap<>();
        leaves.put("cm-handle-state", state.cmHandleState().name());
        leaves.put("last-update-time", state.lastUpdateTime());
        leaves.put("data-sync-enabled", state.dataSyncEnabled());
        final List<DataNode> children = new ArrayList<>();
        if (state.lockReason() != null) {
            final Map<String, Object> lockReason = new LinkedHashMap<>();
            lockReason.put("reason", state.lockReason().reason());
            putIfPresent(lockReason, "details", state.lockReason().details());
            children.add(new DataNode(stateXpath + "/lock-reason", null, lockReason, List.of()));
        }
        if (state.dataSyncState() != null) {
            final DataNode operational = new DataNode(stateXpath + "/datastores/operational", null,
                Map.of("sync-state", state.dataSyncState()), List.of());
            children.add(new DataNode(stateXpath + "/datastores", null, Map.of(), List.of(operational)));
        }
        return new DataNode(stateXpath, null, leaves, children);
    }

    /** The handle in a cm-handles node read with all descendants. */
    static CmHandle toCmHandle(final DataNode cmHandleNode) {
        final Map<String, Object> leaves = cmHandleNode.leaves();
        final Map<String, String> additionalProperties = new LinkedHashMap<>();
        final Map<String, String> publicProperties = new LinkedHashMap<>();
        CompositeState state = null;
        for (final DataNode child : cmHandleNode.childDataNodes()) {
            switch (Xpaths.lastStepName(child.xpath())) {
                case "additional-properties" -> putProperty(additionalProperties, child);
                case "public-properties" -> putProperty(publicProperties, child);
                case "state" -> state = toState(child);
                default -> {
                    // nodes of later model revisions are not part of this shape
                }
            }
        }
        return new CmHandle(text(leaves, "id"), text(leaves, "dmi-service-name"),
            text(leaves, "dmi-data-service-name"), text(leaves, "dmi-model-service-name"), additionalProperties,
            publicProperties, text(leaves, "module-set-tag"), text(leaves, "alternate-id"),
            text(leaves, "data-producer-identifier"), text(leaves, "trust-level"), state);
    }

    private static CompositeState toState(final DataNode stateNode) {
        LockReason lockReason = null;
        String dataSyncState = null;
        for (final DataNode child : stateNode.childDataNodes()) {
            if ("lock-reason".equals(Xpaths.lastStepName(child.xpath()))) {
                lockReason = new LockReason(text(child.leaves(), "reason"), text(child.leaves(), "details"));
            } else if ("datastores".equals(Xpaths.lastStepName(child.xpath()))) {
                dataSyncState = child.childDataNodes().stream().findFirst()
                    .map(operational -> text(operational.leaves(), "sync-state")).orElse(null);
            }
        }
        final Map<String, Object> leaves = stateNode.leaves();
        return new CompositeState(CmHandleState.valueOf(text(leaves, "cm-handle-state")), lockReason,
            text(leaves, "last-update-time"), Boolean.TRUE.equals(leaves.get("data-sync-enabled")), dataSyncState);
    }

    private static void addProperties(final List<DataNode> children, final String cmHandleXpath,
                                      final String listName, final Map<String, String> properties) {
        properties.forEach((name, value) -> {
            if (value != null) {
                final Map<String, Object> leaves = new LinkedHashMap<>();
                leaves.put("name", name);
                leaves.put("value", value);
                children.add(new DataNode(Xpaths.listEntryXpath(cmHandleXpath, listName, Map.of("name", name)),
                    null, leaves, List.of()));
            }
        });
    }

    private static void putProperty(final Map<String, String> properties, final DataNode propertyNode) {
        properties.put(text(propertyNode.leaves(), "name"), text(propertyNode.leaves(), "value"));
    }

    private static void putIfPresent(final Map<String, Object> leaves, final String name, final String value) {
        if (value != null && !value.isEmpty()) {
            leaves.put(name, value);
        }
    }

    private static String text(final Map<String, Object> leaves, final String name) {
        final Object value = leaves.get(name);
        return value == null ? null : value.toString();
    }
}
