package io.cpsng.perf

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsDeltaService
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Timeout

import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.perf.Budget.atMost

/**
 * The delta of two anchors holding a flat list of 10,000 entries each (yang/perf/flat-list.yang), the target with
 * 100 entries changed, 100 removed and 100 added: both read with all descendants and compared node by node.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeltaPerfSpec extends IntegrationSpec {

    static final String DATASPACE = 'perf-delta'
    static final int ENTRIES = 10_000

    @Autowired
    PerfFixture perfFixture

    @Autowired
    CpsDataService cpsDataService

    @Autowired
    CpsDeltaService cpsDeltaService

    def 'Delta of two anchors of 10,000 list entries each'() {
        given: 'the source with entries 1..10,000, the target with 101..10,100 and entries 201..300 changed'
            perfFixture.createAnchor(DATASPACE, 'source')
            perfFixture.createAnchor(DATASPACE, 'target')
            cpsDataService.saveData(DATASPACE, 'source', '/', FlatList.flatListJson(ENTRIES), JSON)
            cpsDataService.saveData(DATASPACE, 'target', '/', '{"flat-list:flat":{}}', JSON)
            cpsDataService.saveData(DATASPACE, 'target', '/flat', FlatList.entriesJson(101..ENTRIES + 100), JSON)
            (201..300).each { cpsDataService.updateNodeLeaves(DATASPACE, 'target', '/flat', FlatList.replacedEntryJson(it), JSON) }
            perfFixture.analyzeFragments()
        and: 'the delta warmed up'
            3.times { cpsDeltaService.getDelta(DATASPACE, 'source', 'target', '/', INCLUDE_ALL_DESCENDANTS, false) }
        when: 'it is computed 10 times'
            def deltas = []
            def millis = (1..10).collect { Meter.secondsFor { deltas << cpsDeltaService.getDelta(DATASPACE, 'source', 'target', '/', INCLUDE_ALL_DESCENDANTS, false) } * 1000 }
            def median = Meter.median(millis)
            def delta = PerfRecorder.record('delta: two anchors of 10,000 list entries each, 300 differences (median of 10)',
                'delta', ENTRIES, median / 1000, median, 'ms', atMost(200))
        then: 'each found the 100 removed, 100 created and 100 replaced entries, and the median is within budget'
            deltas.every { it.countBy { it.action() } == [remove: 100, replace: 100, create: 100] }
            delta.holdsBudget()
    }
}
