package io.cpsng.ncmp.northbound

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.CompositeState
import io.cpsng.ncmp.api.model.LockReason
import io.cpsng.ncmp.inventory.AlternateIds
import io.cpsng.ncmp.inventory.CmHandleInventory
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.stereotype.Component

import static io.cpsng.ncmp.inventory.CmHandleInventory.NFP_OPERATIONAL_DATASPACE

/**
 * Puts CM handles straight into the inventory, in the state a spec needs, with the modules module sync
 * would have given them (a schema set in NFP-Operational and an anchor per handle). The handles are not
 * queued for module sync, so module sync never touches them while a spec runs.
 */
@Component
class CmHandleFixture {

    static final String LAST_UPDATE_TIME = '2026-01-31T20:30:40.123Z'

    @Autowired
    CmHandleInventory cmHandleInventory

    @Autowired
    AlternateIds alternateIds

    @Autowired
    CpsModuleService cpsModuleService

    @Autowired
    CpsAnchorService cpsAnchorService

    /** Adds handles (given as maps of CmHandle's fields, id required) that do not exist yet. */
    void addCmHandles(Map... cmHandleFields) {
        def missing = cmHandleFields.findAll { cmHandleInventory.existingIds([it.id]).isEmpty() }
        def cmHandles = missing.collect { toCmHandle(it) }
        alternateIds.claim(cmHandles.findAll { it.alternateId() }.collectEntries { [it.id(), it.alternateId()] })
        cmHandleInventory.saveNew(cmHandles)
    }

    /** A schema set in NFP-Operational of the given modules (name: revision) with an anchor for each handle. */
    void addModuleSet(String schemaSetName, Map<String, String> revisionsByModuleName, String... cmHandleIds) {
        if (!cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, schemaSetName)) {
            cpsModuleService.createSchemaSet(NFP_OPERATIONAL_DATASPACE, schemaSetName,
                revisionsByModuleName.collectEntries { name, revision -> ["${name}@${revision}.yang".toString(), yangModule(name, revision)] })
            cpsAnchorService.createAnchors(NFP_OPERATIONAL_DATASPACE, schemaSetName, cmHandleIds as List)
        }
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
        new CompositeState(CmHandleState.READY, null, LAST_UPDATE_TIME, false, null)
    }

    static CompositeState locked(String details) {
        new CompositeState(CmHandleState.LOCKED, new LockReason(LockReason.MODULE_SYNC_FAILED, details), LAST_UPDATE_TIME, false, null)
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
