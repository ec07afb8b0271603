package io.cpsng.ncmp.inventory;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The nodes of the dmi-registry YANG model that cmHandleWithCpsPath searches are written against, and where
 * each lives on the handle's ncmp_cm_handle row. Every node name occurs once in the model, so a name alone
 * says which node a cps-path step means.
 *
 * <p>Leaves map to SQL expressions over {@code h}; the leaves of a property list map to {@code p.key} and
 * {@code p.value} of one entry of the list's jsonb column. A handle has one of each container when
 * {@link #presentSql} holds, as the store model had: lock-reason only while locked, datastores and
 * operational only with a data-sync state.
 */
enum RegistryNode {
    DMI_REGISTRY("dmi-registry", null, Map.of(), "true", null),
    CM_HANDLES("cm-handles", DMI_REGISTRY, Map.of(
        "id", "h.id",
        "dmi-service-name", "h.dmi_service_name",
        "dmi-data-service-name", "h.dmi_data_service_name",
        "dmi-model-service-name", "h.dmi_model_service_name",
        "dmi-datajobs-read-service", "h.dmi_datajobs_read_service_name",
        "dmi-datajobs-write-service", "h.dmi_datajobs_write_service_name",
        "module-set-tag", "h.module_set_tag",
        "alternate-id", "h.alternate_id",
        "data-producer-identifier", "h.data_producer_identifier",
        // a handle registered without a trust level is trusted completely, as in the reference
        "trust-level", CmHandleColumns.TRUST_LEVEL), "true", null),
    ADDITIONAL_PROPERTIES("additional-properties", CM_HANDLES, Properties.LEAVES, "true",
        "h.additional_properties"),
    PUBLIC_PROPERTIES("public-properties", CM_HANDLES, Properties.LEAVES, "true", "h.public_properties"),
    STATE("state", CM_HANDLES, Map.of(
        "cm-handle-state", "h.cm_handle_state",
        // the text the API shows (2026-01-31T20:30:40.123+0000), so that what a client reads it can search for
        "last-update-time", "to_char(h.last_update_time at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"+0000\"')",
        "data-sync-enabled", "h.data_sync_enabled::text"), "true", null),
    LOCK_REASON("lock-reason", STATE, Map.of(
        "reason", "h.lock_reason",
        "details", "h.lock_reason_details"), "h.lock_reason is not null", null),
    DATASTORES("datastores", STATE, Map.of(), "h.data_sync_state is not null", null),
    OPERATIONAL("operational", DATASTORES, Map.of(
        "sync-state", "h.data_sync_state",
        "last-sync-time", "to_char(h.last_sync_time at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"+0000\"')"),
        "h.data_sync_state is not null", null);

    private final String nodeName;
    private final RegistryNode parent;
    private final Map<String, String> sqlByLeafName;
    private final String presentSql;
    private final String propertiesColumn;

    RegistryNode(final String nodeName, final RegistryNode parent, final Map<String, String> sqlByLeafName,
                 final String presentSql, final String propertiesColumn) {
        this.nodeName = nodeName;
        this.parent = parent;
        this.sqlByLeafName = sqlByLeafName;
        this.presentSql = presentSql;
        this.propertiesColumn = propertiesColumn;
    }

    /** The leaves of a property-list entry, over a row p of jsonb_each_text(column). */
    private static final class Properties {
        static final Map<String, String> LEAVES = Map.of("name", "p.key", "value", "p.value");
    }

    static Optional<RegistryNode> named(final String nodeName) {
        return Arrays.stream(values()).filter(node -> node.nodeName.equals(nodeName)).findFirst();
    }

    String nodeName() {
        return nodeName;
    }

    RegistryNode parent() {
        return parent;
    }

    /** The SQL expression of the leaf's value, null when the node has no such leaf. */
    String leafSql(final String leafName) {
        return sqlByLeafName.get(leafName);
    }

    Set<String> leafNames() {
        return sqlByLeafName.keySet();
    }

    /** When the handle has this node; "true" for nodes every handle has. */
    String presentSql() {
        return presentSql;
    }

    /** The jsonb column of a property list, null for the other nodes. */
    String propertiesColumn() {
        return propertiesColumn;
    }

    boolean isPropertyList() {
        return propertiesColumn != null;
    }

    /** True when this node lies strictly below the other one. */
    boolean isBelow(final RegistryNode other) {
        for (RegistryNode above = parent; above != null; above = above.parent) {
            if (above == other) {
                return true;
            }
        }
        return false;
    }
}
