package io.cpsng.cps

import groovy.json.JsonOutput
import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.path.Xpaths
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS

/** Large trees and long lists through the service layer; durations are logged, not asserted (see perf-tests). */
class LargeDataSpec extends IntegrationSpec {

    static final LOGGER = LoggerFactory.getLogger(LargeDataSpec)

    @Autowired
    StoreFixture storeFixture

    @Autowired
    CpsDataService objectUnderTest

    def setup() {
        if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('large')) {
            storeFixture.createWarehouseAnchors('large', 'tree', 'list-1000', 'list-50000')
        }
    }

    def 'A tree of 100,000 fragments is saved and read back equal'() {
        given: 'a warehouse of 100 zones, 900 shelves and 99,000 items: 100,001 fragments'
            def warehouse = [name: 'Big', zones: (1..100).collect { zone ->
                [building: "B${zone}".toString(), floor: zone % 50, shelves: (1..9).collect { shelf ->
                    [id: shelf, capacity: 1000, items: (1..110).collect { item ->
                        [sku: String.format('SKU-%04d', item), quantity: zone * shelf + item]
                    }]
                }]
            }]
            def data = JsonOutput.toJson(['warehouse:warehouse': warehouse])
        when: 'it is saved in one request'
            def saveStart = System.nanoTime()
            objectUnderTest.saveData('large', 'tree', '/', data, JSON)
            def saveSeconds = (System.nanoTime() - saveStart) / 1e9
        and: 'read back with all descendants'
            def readStart = System.nanoTime()
            def result = objectUnderTest.getDataNodes('large', 'tree', '/warehouse', INCLUDE_ALL_DESCENDANTS)
            def readSeconds = (System.nanoTime() - readStart) / 1e9
            LOGGER.info('100,001 fragments: saved (parse + store) in {} s, read in {} s', saveSeconds, readSeconds)
        then: 'the table holds 100,001 fragments for the anchor'
            jdbcTemplate.queryForObject("SELECT count(*) FROM fragment f JOIN anchor a ON a.id = f.anchor_id WHERE a.name = 'tree'", Long) == 100_001
        and: 'the tree read is the tree saved'
            result.size() == 1
            toMap(result[0]) == warehouse
    }

    def 'Single entries of a #size-entry list are read, replaced and deleted'() {
        given: 'a list of #size parcels'
            def parcels = (1..size).collect { [id: it, destination: "city-${it}".toString()] }
            objectUnderTest.saveData('large', anchorName, '/', JsonOutput.toJson(['warehouse:warehouse': [parcels: parcels]]), JSON)
            def entryXpath = "/warehouse/parcels[@id='${size.intdiv(2)}']"
        when: 'one entry is read'
            def entry = objectUnderTest.getDataNodes('large', anchorName, entryXpath, OMIT_DESCENDANTS)
        then: 'it is that entry'
            entry*.leaves == [[id: size.intdiv(2), destination: "city-${size.intdiv(2)}".toString()]]
        when: 'the entry is replaced'
            objectUnderTest.updateDataNodeAndDescendants('large', anchorName, '/warehouse',
                JsonOutput.toJson([parcels: [[id: size.intdiv(2), destination: 'replaced']]]), JSON)
        then: 'the new value is read back'
            objectUnderTest.getDataNodes('large', anchorName, entryXpath, OMIT_DESCENDANTS)*.leaves*.destination == ['replaced']
        when: 'the entry is deleted'
            objectUnderTest.deleteDataNode('large', anchorName, entryXpath)
        then: 'one entry fewer remains and its neighbour is still there'
            jdbcTemplate.queryForObject("SELECT count(*) FROM fragment f JOIN anchor a ON a.id = f.anchor_id WHERE a.name = ?", Long, anchorName) == size
            objectUnderTest.getDataNodes('large', anchorName, "/warehouse/parcels[@id='${size.intdiv(2) + 1}']", OMIT_DESCENDANTS).size() == 1
        where: 'the list has'
            size   | anchorName
            1_000  | 'list-1000'
            50_000 | 'list-50000'
    }

    /** The data node tree as the nested maps it was built from: leaves, then child lists and containers by name. */
    static Map toMap(DataNode dataNode) {
        def map = new LinkedHashMap(dataNode.leaves())
        dataNode.childDataNodes().groupBy { Xpaths.lastStepName(it.xpath()) }.each { name, children ->
            map[name] = children[0].xpath().endsWith(']') ? children.collect { toMap(it) } : toMap(children[0])
        }
        map
    }
}
