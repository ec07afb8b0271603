package io.cpsng.ncmp.northbound

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.CompositeState
import io.cpsng.ncmp.api.model.LockReason
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE

/**
 * Puts CM handles straight into the inventory table, in the state a spec needs, with the module set module sync
 * would have given them (a schema set in NFP-Operational named in their rows). The handles are not due for
 * module sync, so module sync never touches them while a spec runs.
 */
@Component
class CmHandleFixture {

    static final String LAST_UPDATE_TIME = '2026-01-31T20:30:40.123Z'

    @Autowired
    JdbcTemplate jdbcTemplate

    @Autowired
    CpsModuleService cpsModuleService

    /** Adds handles (given as maps of CmHandle's fields, id required) that do not exist yet, none of them due. */
    void addCmHandles(Map... cmHandleFields) {
        cmHandleFields.each { fields ->
            def cmHandle = toCmHandle(fields)
            def state = cmHandle.state()
            jdbcTemplate.update('''INSERT INTO ncmp_cm_handle (id, alternate_id, dmi_service_name, module_set_tag,
                    data_producer_identifier, trust_level, cm_handle_state, lock_reason, lock_reason_details,
                    last_update_time, data_sync_enabled, data_sync_state, additional_properties, public_properties)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?, ?, ?::jsonb, ?::jsonb) ON CONFLICT DO NOTHING''',
                cmHandle.id(), cmHandle.alternateId(), cmHandle.dmiServiceName(), cmHandle.moduleSetTag(),
                cmHandle.dataProducerIdentifier(), cmHandle.trustLevel(), state.cmHandleState().name(),
                state.lockReason()?.reason(), state.lockReason()?.details(), state.lastUpdateTime(),
                state.dataSyncEnabled(), state.dataSyncState(), JsonOutput.toJson(cmHandle.additionalProperties()),
                JsonOutput.toJson(cmHandle.publicProperties()))
        }
    }

    /** A schema set in NFP-Operational of the given modules (name: revision), made the module set of the handles. */
    void addModuleSet(String schemaSetName, Map<String, String> revisionsByModuleName, String... cmHandleIds) {
        if (!cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, schemaSetName)) {
            cpsModuleService.createSchemaSet(NFP_OPERATIONAL_DATASPACE, schemaSetName,
                revisionsByModuleName.collectEntries { name, revision -> ["${name}@${revision}.yang".toString(), yangModule(name, revision)] })
        }
        jdbcTemplate.update('UPDATE ncmp_cm_handle SET schema_set_name = ? WHERE id = ANY(?)', schemaSetName,
            cmHandleIds as String[])
    }

    static String yangModule(String name, String revision) {
        """module ${name} {
               yang-version 1.1;
               namespace "urn:spec:${name}";
               prefix ${name.replace('-', '')};
               revision ${revision};
               container ${name}-data {
                   leaf name { type string; }
               }
           }"""
    }

    static CompositeState ready() {
        new CompositeState(CmHandleState.READY, null, LAST_UPDATE_TIME, false, null, null)
    }

    static CompositeState locked(String details) {
        new CompositeState(CmHandleState.LOCKED, new LockReason(LockReason.MODULE_SYNC_FAILED, details), LAST_UPDATE_TIME, false, null, null)
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }

    private static CmHandle toCmHandle(Map fields) {
        new CmHandle(fields.id, fields.dmiServiceName ?: 'http://127.0.0.1:1', null, null,
            fields.additionalProperties ?: [:], fields.publicProperties ?: [:], fields.moduleSetTag ?: '',
            fields.alternateId, fields.dataProducerIdentifier, fields.trustLevel, fields.state ?: ready())
    }
}
