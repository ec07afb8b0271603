package io.cpsng.cps

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import io.cpsng.cps.api.model.AnchorLeavesUpdate
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleReference
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS

/** The bulk operations callers such as NCMP build on: many anchors, schema sets from stored modules, subtrees anywhere. */
class BulkOperationsSpec extends IntegrationSpec {

    static final ModuleReference WAREHOUSE = new ModuleReference('warehouse', 'urn:cpsng:test:warehouse', '2026-01-01')
    static final ModuleReference AUDIT = new ModuleReference('warehouse-audit', 'urn:cpsng:test:warehouse-audit', '2026-01-01')

    @Autowired StoreFixture storeFixture
    @Autowired CpsAnchorService cpsAnchorService
    @Autowired CpsModuleService cpsModuleService
    @Autowired CpsDataService cpsDataService

    def 'Anchors are created and deleted by the thousand, with their data'() {
        given: 'a dataspace with the warehouse schema set'
            storeFixture.createWarehouseAnchors('bulk-anchors')
        when: '1,000 anchors are created in one call and one of them gets data'
            def anchorNames = (1..1000).collect { "handle-${it}".toString() }
            cpsAnchorService.createAnchors('bulk-anchors', 'warehouse', anchorNames)
            cpsDataService.saveData('bulk-anchors', 'handle-7', '/', '{"warehouse:warehouse": {"name": "seven"}}', JSON)
        then: 'they are all there'
            cpsAnchorService.getAnchors('bulk-anchors').size() == 1000
        when: 'creating one of them again with a new one'
            cpsAnchorService.createAnchors('bulk-anchors', 'warehouse', ['handle-1001', 'handle-1'])
        then: 'the call is refused as already defined'
            thrown(AlreadyDefinedException)
        when: 'all but the first are deleted in one call, with a name that does not exist'
            cpsAnchorService.deleteAnchors('bulk-anchors', anchorNames.drop(1) + ['no-such-anchor'])
        then: 'one anchor remains and the data of the deleted ones is gone'
            cpsAnchorService.getAnchors('bulk-anchors')*.name() == ['handle-1']
            jdbcTemplate.queryForObject('''SELECT count(*) FROM fragment f JOIN anchor a ON a.id = f.anchor_id
                JOIN dataspace d ON d.id = a.dataspace_id WHERE d.name = 'bulk-anchors' ''', Integer) == 0
            jdbcTemplate.queryForObject('''SELECT count(*) FROM fragment
                WHERE anchor_id NOT IN (SELECT id FROM anchor)''', Integer) == 0
    }

    def 'The data of many anchors are replaced in one call, or none if one does not fit its model'() {
        given: 'three anchors, two holding data'
            storeFixture.createWarehouseAnchors('bulk-cache')
            cpsAnchorService.createAnchors('bulk-cache', 'warehouse', ['cache-1', 'cache-2', 'cache-3'])
            cpsDataService.saveData('bulk-cache', 'cache-1', '/', '{"warehouse:warehouse": {"name": "old-1", "open": true}}', JSON)
            cpsDataService.saveData('bulk-cache', 'cache-2', '/', '{"warehouse:warehouse": {"name": "old-2"}}', JSON)
        when: 'the first gets new data, the second none, the third its first'
            cpsDataService.replaceData('bulk-cache', ['cache-1': '{"warehouse:warehouse": {"name": "new-1"}}',
                                                        'cache-2': null,
                                                        'cache-3': '{"warehouse:warehouse": {"name": "new-3", "address": {"city": "Bergen"}}}'])
        then: 'each anchor holds exactly its new data'
            warehouseOf('cache-1') == [name: 'new-1']
            warehouseOf('cache-2') == null
            warehouseOf('cache-3') == [name: 'new-3', address: [city: 'Bergen']]
        when: 'a replacement of two anchors holds data one model refuses'
            cpsDataService.replaceData('bulk-cache', ['cache-1': '{"warehouse:warehouse": {"name": "newer-1"}}',
                                                        'cache-3': '{"warehouse:warehouse": {"no-such-leaf": 1}}'])
        then: 'the refusal names the anchor, and neither anchor changed'
            def refused = thrown(io.cpsng.cps.api.exceptions.DataValidationException)
            refused.details.startsWith('Anchor cache-3: ')
            warehouseOf('cache-1') == [name: 'new-1']
            warehouseOf('cache-3') == [name: 'new-3', address: [city: 'Bergen']]
    }

    def 'Leaves of many anchors are merged in one call; anchors whose update cannot be applied are named, not written'() {
        given: 'four anchors holding a warehouse with an address'
            storeFixture.createWarehouseAnchors('bulk-merge')
            cpsAnchorService.createAnchors('bulk-merge', 'warehouse', ['m-1', 'm-2', 'm-3', 'm-4'])
            ['m-1', 'm-2', 'm-3', 'm-4'].each {
                cpsDataService.saveData('bulk-merge', it, '/', '{"warehouse:warehouse": {"name": "old", "address": {"city": "Oslo"}}}', JSON)
            }
        when: 'two get a new city, one a leaf its model lacks, one a path its model lacks, and one anchor does not exist'
            def failed = cpsDataService.updateNodeLeavesOfAnchors('bulk-merge', [
                new AnchorLeavesUpdate('m-1', '/warehouse:warehouse/address', '{"address": {"city": "Bergen"}}'),
                new AnchorLeavesUpdate('m-2', '/warehouse:warehouse/address', '{"address": {"city": "Tromso"}}'),
                new AnchorLeavesUpdate('m-3', '/warehouse:warehouse/address', '{"address": {"no-such-leaf": 1}}'),
                new AnchorLeavesUpdate('m-4', '/warehouse:warehouse/no-such-node', '{"no-such-node": {}}'),
                new AnchorLeavesUpdate('m-5', '/warehouse:warehouse/address', '{"address": {"city": "Bergen"}}')])
        then: 'the three that could not be applied are named'
            failed == ['m-3', 'm-4', 'm-5'] as Set
        and: 'the first two have their new city and keep their other leaves; the others are unchanged'
            cityOf('bulk-merge', 'm-1') == 'Bergen'
            cityOf('bulk-merge', 'm-2') == 'Tromso'
            cityOf('bulk-merge', 'm-3') == 'Oslo'
            cpsDataService.getDataNodes('bulk-merge', 'm-1', '/warehouse', INCLUDE_ALL_DESCENDANTS).first().leaves() == [name: 'old']
        when: 'a node that is not stored is merged into'
            cpsDataService.deleteDataNode('bulk-merge', 'm-2', '/warehouse/address')
            failed = cpsDataService.updateNodeLeavesOfAnchors('bulk-merge', [
                new AnchorLeavesUpdate('m-2', '/warehouse:warehouse/address', '{"address": {"city": "Oslo"}}')])
        then: 'that anchor is named, and nothing was created'
            failed == ['m-2'] as Set
            cpsDataService.getDataNodesForMultipleXpaths('bulk-merge', 'm-2', ['/warehouse/address'], INCLUDE_ALL_DESCENDANTS).isEmpty()
    }

    String cityOf(String dataspaceName, String anchorName) {
        cpsDataService.getDataNodes(dataspaceName, anchorName, '/warehouse/address', INCLUDE_ALL_DESCENDANTS).first().leaves().city
    }

    Map warehouseOf(String anchorName) {
        def nodes = cpsDataService.getDataNodesForMultipleXpaths('bulk-cache', anchorName, ['/'], INCLUDE_ALL_DESCENDANTS)
        if (nodes.empty) {
            return null
        }
        def warehouse = nodes.first()
        warehouse.leaves() + warehouse.childDataNodes().collectEntries { child ->
            [(child.xpath().tokenize('/').last()): child.leaves()] }
    }

    def 'A schema set is made of new sources and modules the store already holds'() {
        given: 'a dataspace with the warehouse schema set: the warehouse module is stored'
            storeFixture.createWarehouseAnchors('bulk-modules')
        expect: 'of the two modules, only an unknown revision is new'
            cpsModuleService.identifyNewModuleReferences([WAREHOUSE, AUDIT]).isEmpty()
            cpsModuleService.identifyNewModuleReferences([WAREHOUSE, new ModuleReference('warehouse', null, '2030-01-01')])*.revision() == ['2030-01-01']
        when: 'a schema set is created from the stored warehouse module and a new module importing it'
            def newModule = 'module depot { namespace "urn:depot"; prefix d; import warehouse { prefix wh; } revision 2026-02-02; container depot { leaf id { type string; } } }'
            cpsModuleService.createSchemaSetFromModules('bulk-modules', 'with-depot', ['depot.yang': newModule], [WAREHOUSE])
        then: 'it holds both modules'
            cpsModuleService.getSchemaSet('bulk-modules', 'with-depot').moduleReferences()*.name() as Set == ['warehouse', 'depot'] as Set
        and: 'the warehouse source is stored once'
            jdbcTemplate.queryForObject("SELECT count(*) FROM yang_resource WHERE module_name = 'warehouse'", Integer) == 1
    }

    def 'Schema sets no anchor uses are deleted on request, those in use are kept'() {
        given: 'two schema sets, one used by an anchor'
            storeFixture.createWarehouseAnchors('bulk-unused', 'site')
            cpsModuleService.createSchemaSet('bulk-unused', 'spare', ['warehouse.yang': StoreFixture.yangSource('warehouse.yang')])
        when: 'both are offered for deletion'
            def deleted = cpsModuleService.deleteUnusedSchemaSets('bulk-unused', ['warehouse', 'spare'])
        then: 'only the unused one is deleted'
            deleted == ['spare']
            cpsModuleService.schemaSetExists('bulk-unused', 'warehouse')
            !cpsModuleService.schemaSetExists('bulk-unused', 'spare')
    }

    def 'Subtrees under different parents are replaced in one call'() {
        given: 'a warehouse with two zones, each with a shelf'
            storeFixture.createWarehouseAnchors('bulk-replace', 'site')
            cpsDataService.saveData('bulk-replace', 'site', '/', '''{"warehouse:warehouse": {"zones": [
                {"building": "A", "floor": 1, "shelves": [{"id": 1, "capacity": 5}]},
                {"building": "B", "floor": 2, "shelves": [{"id": 1, "capacity": 5}]}]}}''', JSON)
        when: 'the shelf of each zone and the address (new) are replaced in one call'
            cpsDataService.updateDataNodesAndDescendants('bulk-replace', 'site', [
                new DataNode("/warehouse/zones[@building='A' and @floor='1']/shelves[@id='1']", null, [id: 1, capacity: 10], []),
                new DataNode("/warehouse/zones[@building='B' and @floor='2']/shelves[@id='1']", null, [id: 1, capacity: 20], []),
                new DataNode('/warehouse/address', null, [city: 'Oslo'], [])])
        then: 'each replaced node has its new leaves'
            def warehouse = cpsDataService.getDataNodes('bulk-replace', 'site', '/warehouse', INCLUDE_ALL_DESCENDANTS)[0]
            warehouse.childDataNodes().collectMany { it.childDataNodes()*.leaves() } == [[id: 1, capacity: 10], [id: 1, capacity: 20]]
            warehouse.childDataNodes().find { it.xpath() == '/warehouse/address' }.leaves() == [city: 'Oslo']
        when: 'a node whose parent does not exist is replaced'
            cpsDataService.updateDataNodesAndDescendants('bulk-replace', 'site', [
                new DataNode("/warehouse/zones[@building='C' and @floor='3']/shelves[@id='1']", null, [id: 1], [])])
        then: 'it is refused, naming the parent'
            def notFound = thrown(DataNodeNotFoundException)
            notFound.details.contains("zones[@building='C' and @floor='3']")
    }
}
