package io.cpsng.cps

import groovy.json.JsonOutput
import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.yang.YangModel
import org.springframework.beans.factory.annotation.Autowired
import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS

class ScratchTimingSpec extends IntegrationSpec {
    @Autowired StoreFixture storeFixture
    @Autowired CpsDataService cpsDataService

    def 'timing'() {
        given:
            storeFixture.createWarehouseAnchors('t', 'a1', 'a2', 'a3', 'a4')
            def warehouse = [name: 'Big', zones: (1..100).collect { zone ->
                [building: "B${zone}".toString(), floor: zone % 50, shelves: (1..9).collect { shelf ->
                    [id: shelf, capacity: 1000, items: (1..110).collect { item -> [sku: String.format('SKU-%04d', item), quantity: zone * shelf + item] }]
                }]
            }]
            def data = JsonOutput.toJson(['warehouse:warehouse': warehouse])
            def model = YangModel.parse(['warehouse.yang': StoreFixture.yangSource('warehouse.yang')])
        when:
            def times = [:]
            (1..4).each { round ->
                def t0 = System.nanoTime()
                def nodes = model.parseData('/', data, JSON)
                def t1 = System.nanoTime()
                cpsDataService.saveDataNodes('t', "a${round}", '/', nodes)
                def t2 = System.nanoTime()
                def read = cpsDataService.getDataNodes('t', "a${round}", '/warehouse', INCLUDE_ALL_DESCENDANTS)
                def t3 = System.nanoTime()
                times[round] = [parse: (t1 - t0) / 1e6, store: (t2 - t1) / 1e6, read: (t3 - t2) / 1e6]
            }
            new File('/tmp/scratch/timing.txt').text = times.toString()
        then:
            true
    }
}
