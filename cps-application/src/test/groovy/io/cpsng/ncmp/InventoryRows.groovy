package io.cpsng.ncmp

import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.inventory.CmHandleRows
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component

/** Reads the inventory table the way specs check it: handles as stored, and which ids exist. */
@Component
class InventoryRows {

    @Autowired
    JdbcTemplate jdbcTemplate

    @Autowired
    CmHandleRows cmHandleRows

    Map<String, CmHandle> getCmHandles(Collection<String> cmHandleIds) {
        cmHandleRows.findAll(cmHandleIds).findAll { reference, cmHandle -> reference == cmHandle.id() }
    }

    Set<String> existingIds(Collection<String> cmHandleIds) {
        jdbcTemplate.queryForList('SELECT id FROM ncmp_cm_handle WHERE id = ANY(?)', String, [cmHandleIds as String[]] as Object[]) as Set
    }

    /** The ids among those given that wait for module sync (due, whether claimed or not). */
    Set<String> dueIds(Collection<String> cmHandleIds) {
        jdbcTemplate.queryForList('SELECT id FROM ncmp_cm_handle WHERE id = ANY(?) AND due_at IS NOT NULL', String,
            [cmHandleIds as String[]] as Object[]) as Set
    }

    /** The module set (schema set in NFP-Operational) of each handle that has one. */
    Map<String, String> schemaSetNames(Collection<String> cmHandleIds) {
        jdbcTemplate.queryForList('SELECT id, schema_set_name FROM ncmp_cm_handle WHERE id = ANY(?) AND schema_set_name IS NOT NULL',
            [cmHandleIds as String[]] as Object[]).collectEntries { [it.id, it.schema_set_name] }
    }
}
