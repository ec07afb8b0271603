package io.cpsng.ncmp.inventory

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.ncmp.api.model.CmHandleQuery
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.ncmp.northbound.CmHandleFixture.yangModule

/**
 * The conditions CmHandleSearch makes, run on PostgreSQL over handle rows: the ids each search finds, and that the
 * property, state and module searches are index scans.
 */
class CmHandleSearchSqlIntegrationSpec extends IntegrationSpec {

    static final String INSERT_CM_HANDLE = '''
        INSERT INTO ncmp_cm_handle (id, alternate_id, dmi_service_name, dmi_data_service_name, dmi_model_service_name,
            module_set_tag, trust_level, cm_handle_state, lock_reason, lock_reason_details, last_update_time,
            data_sync_enabled, data_sync_state, additional_properties, public_properties, schema_set_name)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?, ?, ?::jsonb, ?::jsonb, ?)'''
    static final String DMI_1 = 'http://dmi-1'
    static final String DMI_2 = 'http://dmi-2'
    static final String TIME = '2026-01-31T20:30:40.123Z'

    @Autowired
    CmHandleSearch objectUnderTest

    @Autowired
    CpsModuleService cpsModuleService

    def setup() {
        if (jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE 'ch-%'", Integer) == 0) {
            insertCmHandles()
            addSchemaSet('set-ab', 'spec-a', 'spec-b')
            addSchemaSet('set-bc', 'spec-b', 'spec-c')
        }
    }

    def 'Searching with #scenario finds #expectedIds'() {
        when: 'the search is made a condition and run over the handle rows'
            def result = findIds(objectUnderTest.toSqlCondition(query(conditions), allowedConditions))
        then: 'the handles meeting every condition are found'
            result == expectedIds
        where: 'the conditions are'
            scenario                             | allowedConditions           | conditions                                                                                              || expectedIds
            'no condition'                       | SearchCondition.NORTHBOUND  | [:]                                                                                                     || ['ch-01', 'ch-02', 'ch-03', 'ch-04', 'ch-05', 'ch-06', 'ch-07', 'ch-08', 'ch-09', "ch-10'"]
            'one module'                         | SearchCondition.NORTHBOUND  | [hasAllModules: [[moduleName: 'spec-b']]]                                                               || ['ch-01', 'ch-02', 'ch-05', 'ch-06', 'ch-08']
            'two modules'                        | SearchCondition.NORTHBOUND  | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-b']]]                                       || ['ch-01', 'ch-05', 'ch-08']
            'modules no set has together'        | SearchCondition.NORTHBOUND  | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-c']]]                                       || []
            'an unknown module'                  | SearchCondition.NORTHBOUND  | [hasAllModules: [[moduleName: 'spec-z']]]                                                               || []
            'a public property'                  | SearchCondition.NORTHBOUND  | [hasAllProperties: [[Color: 'red']]]                                                                    || ['ch-01', 'ch-02', 'ch-08']
            'two public properties'              | SearchCondition.NORTHBOUND  | [hasAllProperties: [[Color: 'red'], [Size: 'small']]]                                                   || ['ch-01', 'ch-08']
            'a property with two values'         | SearchCondition.NORTHBOUND  | [hasAllProperties: [[Color: 'red'], [Color: 'blue']]]                                                   || []
            'an additional property as public'   | SearchCondition.NORTHBOUND  | [hasAllProperties: [[Secret: 'x']]]                                                                     || []
            'an additional property'             | SearchCondition.INVENTORY   | [hasAllAdditionalProperties: [[Price: '5']]]                                                            || ['ch-01', 'ch-03']
            'two additional properties'          | SearchCondition.INVENTORY   | [hasAllAdditionalProperties: [[Price: '5'], [Secret: 'x']]]                                             || ['ch-03']
            'trust level COMPLETE'               | SearchCondition.NORTHBOUND  | [cmHandleWithTrustLevel: [[trustLevel: 'COMPLETE']]]                                                    || ['ch-01', 'ch-03', 'ch-04', 'ch-05', 'ch-06', 'ch-07', 'ch-09', "ch-10'"]
            'trust level NONE'                   | SearchCondition.NORTHBOUND  | [cmHandleWithTrustLevel: [[trustLevel: 'NONE']]]                                                        || ['ch-02', 'ch-08']
            'a DMI plugin'                       | SearchCondition.INVENTORY   | [cmHandleWithDmiPlugin: [['dmi-service-name': DMI_2]]]                                                  || ['ch-03', 'ch-04', 'ch-05', 'ch-07']
            'module, property and trust'         | SearchCondition.NORTHBOUND  | [hasAllModules: [[moduleName: 'spec-b']], hasAllProperties: [[Color: 'red']], cmHandleWithTrustLevel: [[trustLevel: 'COMPLETE']]] || ['ch-01']
            'public, additional and plugin'      | SearchCondition.INVENTORY   | [hasAllProperties: [[Color: 'red']], hasAllAdditionalProperties: [[Price: '5']], cmHandleWithDmiPlugin: [['dmi-service-name': DMI_1]]] || ['ch-01']
            'property and cps-path, disjoint'    | SearchCondition.NORTHBOUND  | [hasAllProperties: [[Color: 'red']], cmHandleWithCpsPath: [[cpsPath: "//state[@cm-handle-state='LOCKED']"]]] || []
            'cps-path: state'                    | SearchCondition.NORTHBOUND  | cpsPath("//state[@cm-handle-state='LOCKED']")                                                           || ['ch-03', 'ch-06']
            'cps-path: sync state'               | SearchCondition.NORTHBOUND  | cpsPath("//operational[@sync-state='SYNCHRONIZED']")                                                    || ['ch-01']
            'cps-path: any datastores'           | SearchCondition.NORTHBOUND  | cpsPath('/dmi-registry/cm-handles/state/datastores')                                                    || ['ch-01', 'ch-08']
            'cps-path: data sync enabled'        | SearchCondition.NORTHBOUND  | cpsPath("//state[@data-sync-enabled='true']")                                                           || ['ch-01', 'ch-08']
            'cps-path: last update time'         | SearchCondition.NORTHBOUND  | cpsPath("//state[@last-update-time='2026-01-31T20:30:40.123+0000']")                                    || ['ch-01']
            'cps-path: last update time contains'| SearchCondition.NORTHBOUND  | cpsPath("//state[contains(@last-update-time,'2026-01-31')]")                                            || ['ch-01', 'ch-02']
            'cps-path: handles'                  | SearchCondition.NORTHBOUND  | cpsPath("/dmi-registry/cm-handles[@trust-level='NONE']")                                                || ['ch-02', 'ch-08']
            'cps-path: trust level COMPLETE'     | SearchCondition.NORTHBOUND  | cpsPath("//cm-handles[@trust-level='COMPLETE' and @module-set-tag='tag-x']")                            || ['ch-03']
            'cps-path: module set tag'           | SearchCondition.INVENTORY   | cpsPath("//cm-handles[@module-set-tag='tag-x']")                                                        || ['ch-02', 'ch-03']
            'cps-path: an id with a quote'       | SearchCondition.NORTHBOUND  | cpsPath('//cm-handles[@id="ch-10\'"]')                                                                   || ["ch-10'"]
            'cps-path: or and parentheses'       | SearchCondition.NORTHBOUND  | cpsPath("//cm-handles[@alternate-id='alt-3' or (@dmi-service-name='${DMI_1}' and @module-set-tag='tag-y')]") || ['ch-03', 'ch-06']
            'cps-path: any DMI column'           | SearchCondition.NORTHBOUND  | cpsPath("//cm-handles[@dmi-data-service-name='${DMI_2}' or @dmi-model-service-name='${DMI_2}']")       || ['ch-04', 'ch-05']
            'cps-path: contains on a handle'     | SearchCondition.NORTHBOUND  | cpsPath("//cm-handles[contains(@alternate-id,'alt')]")                                                  || ['ch-01', 'ch-03']
            'cps-path: contains a wildcard'      | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[contains(@value,'5%')]")                                                   || ['ch-04']
            'cps-path: contains an underscore'   | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[contains(@value,'o_1')]")                                                  || ['ch-05']
            'cps-path: steps with predicates'    | SearchCondition.NORTHBOUND  | cpsPath("/dmi-registry/cm-handles[@dmi-service-name='${DMI_1}']/state[@cm-handle-state='READY']")      || ['ch-01', 'ch-02']
            'cps-path: property pair'            | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[@name='Color' and @value='red']")                                          || ['ch-01', 'ch-02', 'ch-08']
            'cps-path: property pair, absolute'  | SearchCondition.NORTHBOUND  | cpsPath("/dmi-registry/cm-handles/public-properties[@name='Size' and @value='small']")                  || ['ch-01', 'ch-08']
            'cps-path: property name'            | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[@name='Size']")                                                            || ['ch-01', 'ch-05', 'ch-08']
            'cps-path: property value, ancestor' | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[@value='blue']/ancestor::cm-handles")                                      || ['ch-03']
            'cps-path: property or'              | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[@value='blue' or @name='Owner']")                                          || ['ch-03', 'ch-05', 'ch-08']
            'cps-path: any property'             | SearchCondition.NORTHBOUND  | cpsPath('//public-properties')                                                                          || ['ch-01', 'ch-02', 'ch-03', 'ch-04', 'ch-05', 'ch-08', 'ch-09']
            'cps-path: property value leaf'      | SearchCondition.NORTHBOUND  | cpsPath("//public-properties[@name='Color']/@value")                                                    || ['ch-01', 'ch-02', 'ch-03', 'ch-08']
            'cps-path: lock reason'              | SearchCondition.NORTHBOUND  | cpsPath("//lock-reason[@reason='MODULE_UPGRADE_FAILED']")                                               || ['ch-06']
            'cps-path: lock details, ancestor'   | SearchCondition.NORTHBOUND  | cpsPath("//lock-reason[contains(@details,'#1')]/ancestor::state")                                       || ['ch-03']
            'cps-path: below an ancestor'        | SearchCondition.NORTHBOUND  | cpsPath("//lock-reason/ancestor::cm-handles/public-properties[@name='Color' and @value='blue']")        || ['ch-03']
            'cps-path: alternate id leaf'        | SearchCondition.NORTHBOUND  | cpsPath('/dmi-registry/cm-handles/@alternate-id')                                                       || ['ch-01', 'ch-03']
            'cps-path: private data northbound'  | SearchCondition.NORTHBOUND  | cpsPath("//additional-properties[@name='Secret']")                                                      || []
            'cps-path: private data, inventory'  | SearchCondition.INVENTORY   | cpsPath("//additional-properties[@name='Secret']")                                                      || ['ch-01', 'ch-03']
            'cps-path: private pair, inventory'  | SearchCondition.INVENTORY   | cpsPath("//additional-properties[@name='Price' and @value='6']/ancestor::cm-handles")                   || ['ch-02']
    }

    def 'The handles of a DMI plugin are those naming it in any plugin column'() {
        expect: 'the handles with DMI 2 as DMI, data or model plugin'
            findIds(objectUnderTest.withDmiPlugin(DMI_2)) == ['ch-03', 'ch-04', 'ch-05', 'ch-07']
    }

    def 'A #scenario search over thousands of handles is an index scan'() {
        given: 'thousands of handles, a few of them locked or blue, and fresh statistics'
            jdbcTemplate.update('''
                INSERT INTO ncmp_cm_handle (id, dmi_service_name, cm_handle_state, public_properties)
                SELECT 'bulk-' || n, 'http://dmi-bulk', CASE WHEN n % 500 = 0 THEN 'LOCKED' ELSE 'READY' END,
                       jsonb_build_object('Color', CASE WHEN n % 500 = 0 THEN 'blue' ELSE 'red' END, 'Serial', n::text)
                FROM generate_series(1, 5000) n''')
            jdbcTemplate.execute('ANALYZE ncmp_cm_handle')
        when: 'the search is explained'
            def condition = objectUnderTest.toSqlCondition(query(cpsPath(cpsPath)), SearchCondition.NORTHBOUND)
            def plan = explain(condition)
        then: 'the plan reads the index'
            (plan =~ expectedScan).find()
        cleanup: 'the bulk handles are removed'
            jdbcTemplate.update("DELETE FROM ncmp_cm_handle WHERE id LIKE 'bulk-%'")
        where: 'the search is'
            scenario        | cpsPath                                                || expectedScan
            'property pair' | "//public-properties[@name='Color' and @value='blue']" || /Bitmap Index Scan on ncmp_cm_handle_public_properties\b/
            'state'         | "//state[@cm-handle-state='LOCKED']"                   || /Index Scan (on|using) ncmp_cm_handle_state\b/
    }

    def 'A module search over thousands of vacuumed handles is served by the schema set and id index'() {
        given: 'thousands of handles, a fifth of them with the module, vacuumed as the service vacuums them'
            addSchemaSet('set-bulk', 'spec-bulk')
            jdbcTemplate.update('''
                INSERT INTO ncmp_cm_handle (id, dmi_service_name, cm_handle_state, schema_set_name)
                SELECT 'bulk-' || n, 'http://dmi-bulk', 'READY', CASE WHEN n % 5 = 0 THEN 'set-bulk' ELSE 'set-ab' END
                FROM generate_series(1, 5000) n''')
            jdbcTemplate.execute('VACUUM (ANALYZE) ncmp_cm_handle')
        when: 'the search is explained'
            def condition = objectUnderTest.toSqlCondition(query([hasAllModules: [[moduleName: 'spec-bulk']]]),
                SearchCondition.NORTHBOUND)
            def plan = explain(condition)
        then: 'the plan reads that index, not the whole table'
            // alone (an index-only scan) where the vacuum could mark the pages all-visible: not where another spec's
            // transaction on the same server is older than the rows
            plan.contains('ncmp_cm_handle_schema_set_id')
            !plan.contains('Seq Scan')
        and: 'the search finds the thousand handles'
            findIds(condition).size() == 1_000
        cleanup: 'the bulk handles are removed'
            jdbcTemplate.update("DELETE FROM ncmp_cm_handle WHERE id LIKE 'bulk-%'")
    }

    String explain(SqlCondition condition) {
        jdbcTemplate.queryForList("EXPLAIN SELECT h.id FROM ncmp_cm_handle h WHERE ${condition.sql()} ORDER BY h.id".toString(),
            String, condition.parameters() as Object[]).join('\n')
    }

    List<String> findIds(SqlCondition condition) {
        jdbcTemplate.queryForList("SELECT h.id FROM ncmp_cm_handle h WHERE ${condition.sql()} ORDER BY h.id".toString(),
            String, condition.parameters() as Object[])
    }

    void insertCmHandles() {
        insert(id: 'ch-01', alternateId: 'alt-1', dmi: DMI_1, state: 'READY', time: TIME, dataSyncEnabled: true,
            dataSyncState: 'SYNCHRONIZED', additional: [Secret: 'y', Price: '5'], public: [Color: 'red', Size: 'small'],
            schemaSet: 'set-ab')
        insert(id: 'ch-02', dmi: DMI_1, tag: 'tag-x', trustLevel: 'NONE', state: 'READY', time: '2026-01-31T23:59:59.999Z',
            additional: [Price: '6'], public: [Color: 'red'], schemaSet: 'set-bc')
        insert(id: 'ch-03', alternateId: 'alt-3', dmi: DMI_2, tag: 'tag-x', trustLevel: 'COMPLETE', state: 'LOCKED',
            lockReason: 'MODULE_SYNC_FAILED', lockDetails: 'Attempt #1 failed', additional: [Secret: 'x', Price: '5'],
            public: [Color: 'blue', Rank: '15'])
        insert(id: 'ch-04', dmi: 'http://dmi-3', dmiData: DMI_2, state: 'ADVISED', public: [Discount: '5%'])
        insert(id: 'ch-05', dmiData: 'http://dmi-3', dmiModel: DMI_2, state: 'READY', public: [Size: 'large', Owner: 'o_1'],
            schemaSet: 'set-ab')
        insert(id: 'ch-06', dmi: DMI_1, tag: 'tag-y', state: 'LOCKED', lockReason: 'MODULE_UPGRADE_FAILED',
            lockDetails: 'Upgrade to tag-y failed', schemaSet: 'set-bc')
        insert(id: 'ch-07', dmi: DMI_2, state: 'DELETING')
        insert(id: 'ch-08', dmi: 'http://dmi-3', trustLevel: 'NONE', state: 'READY', dataSyncEnabled: true,
            dataSyncState: 'UNSYNCHRONIZED', public: [Color: 'red', Size: 'small', Owner: 'ox1'], schemaSet: 'set-ab')
        insert(id: 'ch-09', dmi: 'http://dmi-3', state: 'ADVISED', public: [Colour: 'red'], additional: [Color: 'red'])
        insert(id: "ch-10'", dmi: 'http://dmi-3', state: 'DELETED', additional: [Owner: 'o_1'])
    }

    void insert(Map handle) {
        jdbcTemplate.update(INSERT_CM_HANDLE, handle.id, handle.alternateId, handle.dmi, handle.dmiData, handle.dmiModel,
            handle.tag ?: '', handle.trustLevel, handle.state, handle.lockReason, handle.lockDetails, handle.time ?: '2025-06-01T00:00:00Z',
            handle.dataSyncEnabled ?: false, handle.dataSyncState, json(handle.additional), json(handle.public), handle.schemaSet)
    }

    void addSchemaSet(String schemaSetName, String... moduleNames) {
        if (!cpsModuleService.schemaSetExists(InventoryModelLoader.NFP_OPERATIONAL_DATASPACE, schemaSetName)) {
            cpsModuleService.createSchemaSet(InventoryModelLoader.NFP_OPERATIONAL_DATASPACE, schemaSetName,
                moduleNames.collectEntries { ["${it}@2024-01-15.yang".toString(), yangModule(it, '2024-01-15')] })
        }
    }

    static String json(Map properties) {
        groovy.json.JsonOutput.toJson(properties ?: [:])
    }

    static Map cpsPath(String cpsPath) {
        [cmHandleWithCpsPath: [[cpsPath: cpsPath]]]
    }

    static CmHandleQuery query(Map conditionsByName) {
        new CmHandleQuery(conditionsByName.collect { name, parameters -> new CmHandleQuery.Condition(name, parameters) })
    }
}
