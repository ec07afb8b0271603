package io.cpsng.perf

import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsQueryService
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Timeout

import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS
import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.RoadmDevices.FRAGMENTS_PER_DEVICE

/** Replacing whole device subtrees and updating leaves only. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class UpdatePerfSpec extends PerfIntegrationSpec {

    static final String DATASPACE = 'perf-update'

    @Autowired
    CpsDataService objectUnderTest

    @Autowired
    CpsQueryService cpsQueryService

    @Override
    void prepareOnce() {
        perfFixture.createAnchor(DATASPACE, 'replace')
        perfFixture.createAnchor(DATASPACE, 'leaves')
        3.times {
            objectUnderTest.updateDataNodeAndDescendants(DATASPACE, 'replace', '/', RoadmDevices.devicesJson(1..100, it % 2 == 1), JSON)
            objectUnderTest.replaceListContent(DATASPACE, 'replace', '/devices', RoadmDevices.deviceListJson(1..100, it % 2 == 0), JSON)
        }
    }

    def 'Replacing 100 devices with #scenario through #api'() {
        given: 'the anchor holds devices 1 to 100'
            objectUnderTest.updateDataNodeAndDescendants(DATASPACE, 'replace', '/', RoadmDevices.devicesJson(1..100), JSON)
            perfFixture.analyzeFragments()
        and: 'the replacement: devices #deviceNumbers'
            def replacement = api == 'updateDataNodeAndDescendants'
                ? RoadmDevices.devicesJson(deviceNumbers, changedLeaves)
                : RoadmDevices.deviceListJson(deviceNumbers, changedLeaves)
            def fragments = deviceNumbers.size() * FRAGMENTS_PER_DEVICE
        when: 'the devices are replaced in one call'
            def seconds = Meter.secondsFor {
                if (api == 'updateDataNodeAndDescendants') {
                    objectUnderTest.updateDataNodeAndDescendants(DATASPACE, 'replace', '/', replacement, JSON)
                } else {
                    objectUnderTest.replaceListContent(DATASPACE, 'replace', '/devices', replacement, JSON)
                }
            }
            def measurement = PerfRecorder.record("update: replace 100 devices, ${scenario} (${api})", 'update',
                deviceNumbers.size(), seconds, fragments / seconds, 'fragments/s', budget)
        then: 'the anchor holds exactly the replacement devices'
            perfFixture.fragmentCount(DATASPACE, 'replace') == fragments + 1
            deviceIds('replace', "//device[@status='${changedLeaves ? 'fail' : 'success'}']") == deviceNumbers.collect { RoadmDevices.deviceId(it) } as Set
        and: 'the rate meets the budget'
            measurement.holdsBudget()
        where: 'the replacement holds'
            scenario          | api                            | deviceNumbers | changedLeaves || budget
            'the same data'   | 'updateDataNodeAndDescendants' | 1..100        | false         || atLeast(30_000)
            'new leaf values' | 'updateDataNodeAndDescendants' | 1..100        | true          || atLeast(30_000)
            'all new nodes'   | 'updateDataNodeAndDescendants' | 101..200      | false         || atLeast(30_000)
            'half new nodes'  | 'updateDataNodeAndDescendants' | 51..150       | false         || atLeast(30_000)
            'the same data'   | 'replaceListContent'           | 1..100        | false         || atLeast(30_000)
            'new leaf values' | 'replaceListContent'           | 1..100        | true          || atLeast(30_000)
            'all new nodes'   | 'replaceListContent'           | 101..200      | false         || atLeast(30_000)
            'half new nodes'  | 'replaceListContent'           | 51..150       | false         || atLeast(30_000)
    }

    def 'Updating one leaf of #devices devices'() {
        given: 'the anchor holds #devices devices with status success'
            objectUnderTest.updateDataNodeAndDescendants(DATASPACE, 'leaves', '/', RoadmDevices.devicesJson(1..devices), JSON)
            perfFixture.analyzeFragments()
            def statusUpdate = RoadmDevices.deviceStatusJson(1..devices, 'fail')
        when: 'the status of every device is set in one call'
            def seconds = Meter.secondsFor {
                objectUnderTest.updateNodeLeaves(DATASPACE, 'leaves', '/devices', statusUpdate, JSON)
            }
            // the update family's budget, applied to the fragments whose leaves change; likely limited by
            // cps-ri sending one UPDATE per node in a JDBC batch rather than one statement for all
            def measurement = PerfRecorder.record('update: leaves only (updateNodeLeaves)', 'update', devices, seconds,
                devices / seconds, 'fragments/s', budget)
        then: 'every device has the new status and keeps its descendants'
            deviceIds('leaves', "//device[@status='fail']").size() == devices
            perfFixture.fragmentCount(DATASPACE, 'leaves') == devices * FRAGMENTS_PER_DEVICE + 1
        and: 'the rate meets the budget'
            measurement.holdsBudget()
        where: 'the update names'
            devices || budget
            1_000   || atLeast(30_000)
    }

    private Set<String> deviceIds(String anchorName, String cpsPath) {
        cpsQueryService.queryDataNodes(DATASPACE, anchorName, cpsPath, OMIT_DESCENDANTS)*.leaves()*.get('device-id') as Set
    }
}
