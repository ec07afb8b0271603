package io.cpsng.perf

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsDataService
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Timeout

import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.perf.Budget.atMost
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

/**
 * A read far larger than the heap, in this JVM's 512 MB: an anchor of 2,000,000 data nodes read with all
 * descendants through the REST layer is refused with a 400 naming cps.store.max-fragments-per-read, and a read
 * of exactly the default limit (200,000) is answered. Either way the JVM keeps running.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class LargeReadPerfSpec extends PerfIntegrationSpec {

    static final String DATASPACE = 'perf-large-read'
    static final int CHUNK = 100_000
    static final int LIMIT = 200_000

    @Autowired
    CpsDataService cpsDataService

    @Override
    void prepareOnce() {
        storeFlatList('two-million', 2_000_000)
        storeFlatList('at-limit', LIMIT - 1)
        perfFixture.analyzeFragments()
    }

    def 'Reading all descendants of #dataNodes data nodes in a 512 MB heap: #expectedOutcome'() {
        when: 'the top container is read with all descendants over REST'
            def response = null
            def seconds = Meter.secondsFor {
                response = mvc.perform(get("/cps/api/v2/dataspaces/${DATASPACE}/anchors/${anchor}/node")
                    .param('xpath', '/flat').param('descendants', 'all')).andReturn().response
            }
            def measurement = PerfRecorder.record("large read: ${dataNodes} data nodes, ${expectedOutcome}", 'large read',
                dataNodes, seconds, seconds, 's to answer', atMost(budgetSeconds))
        then: 'the answer is the expected one'
            response.status == expectedStatus
            expectedStatus == 200 || new JsonSlurper().parseText(response.contentAsString).details.contains('cps.store.max-fragments-per-read')
        and: 'it came within the budget'
            measurement.holdsBudget()
        where: 'the anchor holds'
            anchor        | dataNodes || expectedStatus | expectedOutcome            | budgetSeconds
            'two-million' | 2_000_001 || 400            | 'refused naming the limit' | 5
            'at-limit'    | LIMIT     || 200            | 'answered'                 | 10
    }

    void storeFlatList(String anchor, int entries) {
        perfFixture.createAnchor(DATASPACE, anchor)
        cpsDataService.saveData(DATASPACE, anchor, '/', FlatList.flatListJson(Math.min(entries, CHUNK)), JSON)
        for (int first = CHUNK + 1; first <= entries; first += CHUNK) {
            cpsDataService.saveListElements(DATASPACE, anchor, '/flat',
                FlatList.entriesJson(first..Math.min(entries, first + CHUNK - 1)), JSON)
        }
        assert perfFixture.fragmentCount(DATASPACE, anchor) == entries + 1
    }
}
