package io.cpsng.perf

import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsDataUpdatedEventService
import io.cpsng.cps.api.CpsNotificationService
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.time.Duration
import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.perf.Budget.atLeast

/**
 * Writes with data-updated notifications on (the anchor's dataspace subscribed, each write putting its event into
 * the outbox, the sequencer numbering them beside) against the same writes with nobody subscribed (one look-up of
 * the subscriptions per write): the rate with notifications must stay within 10 % of the rate without. Runs of the
 * two alternate, so the machine's drift is shared; the ratio compares medians.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class NotificationsPerfSpec extends PerfIntegrationSpec {

    static final String DATASPACE = 'perf-notifications'
    static final String SUBSCRIPTION = "/dataspaces/dataspace[@name='${DATASPACE}']"

    @Autowired
    CpsDataService objectUnderTest

    @Autowired
    CpsNotificationService cpsNotificationService

    @Autowired
    CpsDataUpdatedEventService cpsDataUpdatedEventService

    @Override
    void prepareOnce() {
        perfFixture.createDataspace(DATASPACE)
        perfFixture.createAnchor(DATASPACE, 'devices')
        objectUnderTest.saveData(DATASPACE, 'devices', '/', RoadmDevices.devicesJson(1..100), JSON)
    }

    def 'A #scenario with notifications on keeps within 10 % of its rate with them off'() {
        given: 'the feed\'s position, and the write warmed up both ways'
            def start = lastPosition()
            2.times { runOnce(write, writes, true); runOnce(write, writes, false) }
        when: 'it runs 5 times each way, in turn'
            def rates = [on: [], off: []]
            def seconds = 0d
            ['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off', 'off', 'on'].each { String mode ->
                def runSeconds = runOnce(write, writes, mode == 'on')
                seconds += runSeconds
                rates[mode] << writes / runSeconds
            }
            def ratio = Meter.median(rates.on) / Meter.median(rates.off)
        and: 'the figures are recorded'
            PerfRecorder.record("notifications: ${scenario}, notifications on", 'notifications', writes,
                writes / Meter.median(rates.on), Meter.median(rates.on), 'writes/s', Budget.NONE)
            PerfRecorder.record("notifications: ${scenario}, notifications off", 'notifications', writes,
                writes / Meter.median(rates.off), Meter.median(rates.off), 'writes/s', Budget.NONE)
            def measurement = PerfRecorder.record("notifications: ${scenario}, rate on / rate off", 'notifications',
                writes, seconds, ratio, 'ratio', atLeast(0.9))
        then: 'every write with notifications on (7 runs with the warm-up) made its event, and none other did'
            new PollingConditions(timeout: 60, delay: 0.5).eventually {
                assert eventsOfDataspaceAfter(start) == 7 * writes
            }
        and: 'the ratio meets the budget'
            measurement.holdsBudget()
        where: 'the write is'
            scenario                               | writes | write
            'leaf update of one device'            | 1_000  | { CpsDataService store, int index -> store.updateNodeLeaves(DATASPACE, 'devices', '/devices', RoadmDevices.deviceStatusJson([index % 100 + 1], index % 2 ? 'fail' : 'success'), JSON) }
            'replace of 100 devices'               | 20     | { CpsDataService store, int index -> store.updateDataNodeAndDescendants(DATASPACE, 'devices', '/', RoadmDevices.devicesJson(1..100, index % 2 == 1), JSON) }
    }

    private double runOnce(Closure write, int writes, boolean notificationsOn) {
        if (notificationsOn) {
            cpsNotificationService.createNotificationSubscription('/dataspaces', """{"dataspace": [{"name": "${DATASPACE}"}]}""")
        }
        try {
            Meter.secondsFor { (0..<writes).each { write(objectUnderTest, it) } }
        } finally {
            if (notificationsOn) {
                cpsNotificationService.deleteNotificationSubscription(SUBSCRIPTION)
            }
        }
    }

    private long eventsOfDataspaceAfter(long position) {
        def count = 0L
        def page = cpsDataUpdatedEventService.events(position, 10_000, Duration.ZERO)
        while (!page.events().isEmpty()) {
            count += page.events().count { it.dataspaceName() == DATASPACE }
            page = cpsDataUpdatedEventService.events(page.next(), 10_000, Duration.ZERO)
        }
        count
    }

    private long lastPosition() {
        def position = 0L
        def page = cpsDataUpdatedEventService.events(position, 10_000, Duration.ZERO)
        while (!page.events().isEmpty()) {
            position = page.next()
            page = cpsDataUpdatedEventService.events(position, 10_000, Duration.ZERO)
        }
        position
    }
}
