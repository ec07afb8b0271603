package io.cpsng.perf

import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Timeout

import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.perf.Budget.NONE
import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.RoadmDevices.FRAGMENTS_PER_DEVICE

/** Deleting containers, list entries, whole lists, large subtrees, all data, and what does not exist. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeletePerfSpec extends PerfIntegrationSpec {

    static final String DATASPACE = 'perf-delete'
    static final String ANCHOR = 'devices'

    @Autowired
    CpsDataService objectUnderTest

    @Override
    void prepareOnce() {
        perfFixture.createAnchor(DATASPACE, ANCHOR)
        3.times {
            storeDevices(100)
            objectUnderTest.deleteDataNodes(DATASPACE, ANCHOR, (1..50).collect { RoadmDevices.deviceXpath(it) })
            (51..100).each { objectUnderTest.deleteDataNode(DATASPACE, ANCHOR, RoadmDevices.deviceXpath(it)) }
        }
    }

    def 'Deleting 100 #target #mode'() {
        given: 'the xpaths of a node of each of 100 devices'
            def xpaths = (1..100).collect(xpathOf)
        when: 'in each of the rounds, 100 devices are stored and those nodes deleted: the fastest round counts'
            // 100 deletes one by one take 60-200 ms: one round's figure is the machine's noise as much as the store's
            def seconds = (1..RawStoreLimits.ROUNDS).collect {
                storeDevices(100)
                Meter.secondsFor {
                    if (mode == 'in one batch') {
                        objectUnderTest.deleteDataNodes(DATASPACE, ANCHOR, xpaths)
                    } else {
                        xpaths.each { objectUnderTest.deleteDataNode(DATASPACE, ANCHOR, it) }
                    }
                }
            }.min()
            def measurement = PerfRecorder.record("delete: 100 ${target}, ${mode}", 'delete', 100, seconds,
                deletedFragments / seconds, 'fragments/s', budget)
        then: 'the fragments of those nodes are gone and the rest is kept'
            perfFixture.fragmentCount(DATASPACE, ANCHOR) == 1 + 100 * FRAGMENTS_PER_DEVICE - deletedFragments
        and: 'the rate meets the budget'
            measurement.holdsBudget()
        where: 'the nodes are'
            // one by one, each delete is a transaction of its own: four round trips to PostgreSQL (ADR 0019)
            target         | mode           | xpathOf                                                           || deletedFragments                 | budget
            'containers'   | 'one by one'   | { RoadmDevices.deviceXpath(it) + '/org-openroadm-device' }        || 100 * (FRAGMENTS_PER_DEVICE - 1) | atLeast(300_000)
            'containers'   | 'in one batch' | { RoadmDevices.deviceXpath(it) + '/org-openroadm-device' }        || 100 * (FRAGMENTS_PER_DEVICE - 1) | atLeast(300_000)
            'list entries' | 'one by one'   | { RoadmDevices.deviceXpath(it) }                                  || 100 * FRAGMENTS_PER_DEVICE       | atLeast(300_000)
            'list entries' | 'in one batch' | { RoadmDevices.deviceXpath(it) }                                  || 100 * FRAGMENTS_PER_DEVICE       | atLeast(300_000)
            'whole lists'  | 'one by one'   | { RoadmDevices.deviceXpath(it) + '/org-openroadm-device/degree' } || 100 * (FRAGMENTS_PER_DEVICE - 2) | atLeast(300_000)
            'whole lists'  | 'in one batch' | { RoadmDevices.deviceXpath(it) + '/org-openroadm-device/degree' } || 100 * (FRAGMENTS_PER_DEVICE - 2) | atLeast(300_000)
    }

    def 'Deleting #scenario of #devices devices'() {
        given: 'the anchor holds #devices devices'
            storeDevices(devices)
            def fragments = 1 + devices * FRAGMENTS_PER_DEVICE
        when: 'it is deleted in one call'
            def seconds = Meter.secondsFor { objectUnderTest.deleteDataNode(DATASPACE, ANCHOR, xpath) }
            def measurement = PerfRecorder.record("delete: ${scenario}", 'delete', devices, seconds,
                fragments / seconds, 'fragments/s', budget)
        then: 'the anchor holds no data'
            perfFixture.fragmentCount(DATASPACE, ANCHOR) == 0
        and: 'the rate meets the budget'
            measurement.holdsBudget()
        where: 'the node deleted is'
            scenario                                     | xpath      | devices || budget
            'a large subtree (the top container)'        | '/devices' | 1_000   || atLeast(300_000)
            "all data of an anchor (deleteDataNode '/')" | '/'        | 1_000   || atLeast(300_000)
    }

    def 'Deleting 100 non-existing nodes #mode'() {
        given: 'the anchor holds 100 devices and the xpaths of 100 others'
            storeDevices(100)
            def xpaths = (101..200).collect { RoadmDevices.deviceXpath(it) }
        when: 'the missing nodes are deleted'
            def notFound = 0
            def seconds = Meter.secondsFor {
                if (mode == 'in one batch') {
                    try {
                        objectUnderTest.deleteDataNodes(DATASPACE, ANCHOR, xpaths)
                    } catch (DataNodeNotFoundException expected) {
                        notFound++
                    }
                } else {
                    xpaths.each {
                        try {
                            objectUnderTest.deleteDataNode(DATASPACE, ANCHOR, it)
                        } catch (DataNodeNotFoundException expected) {
                            notFound++
                        }
                    }
                }
            }
            // nothing is deleted, so there is no fragment rate to hold to a budget: the time is recorded
            PerfRecorder.record("delete: 100 non-existing nodes, ${mode}", 'delete', 100, seconds, 100 / seconds,
                'xpaths/s', NONE)
        then: 'each call fails with data node not found'
            notFound == expectedNotFound
        and: 'the stored devices are untouched'
            perfFixture.fragmentCount(DATASPACE, ANCHOR) == 1 + 100 * FRAGMENTS_PER_DEVICE
        where: 'the xpaths are deleted'
            mode           || expectedNotFound
            'one by one'   || 100
            'in one batch' || 1
    }

    private void storeDevices(int devices) {
        objectUnderTest.deleteDataNode(DATASPACE, ANCHOR, '/')
        objectUnderTest.saveData(DATASPACE, ANCHOR, '/', RoadmDevices.devicesJson(1..devices), JSON)
        perfFixture.analyzeFragments()
    }
}
