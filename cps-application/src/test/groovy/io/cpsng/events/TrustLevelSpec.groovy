package io.cpsng.events

import groovy.json.JsonOutput
import io.cpsng.ServerSpec
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

/** The trust level of handles following their DMI plugin's health, as clients see it over the network. */
class TrustLevelSpec extends ServerSpec {

    static final List<String> CM_HANDLE_IDS = ['trust-1', 'trust-2', 'trust-3']

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @DynamicPropertySource
    static void healthChecks(DynamicPropertyRegistry registry) {
        registry.add('ncmp.dmi.health-check-interval', { '500ms' })
        registry.add('ncmp.dmi.health-check-timeout', { '1s' })
    }

    def 'Handles of a plugin unavailable for 20 s turn NONE, each with an event, then COMPLETE again'() {
        given: 'the feed\'s position now, and handles registered on the plugin, trusted completely'
            def start = jdbcTemplate.queryForObject('SELECT last_position FROM ncmp_lcm_sequencer', Long)
            register(createdCmHandles: CM_HANDLE_IDS.collect { [cmHandle: it] })
            CM_HANDLE_IDS.every { trustLevelOf(it) == 'COMPLETE' }
        when: 'the plugin answers nothing but 503 for 20 s'
            dmiStub.applySettings(dmiStub.settings().withUnavailableSeconds(20))
        then: 'its handles\' trust level turns NONE within a few checks'
            new PollingConditions(timeout: 10, delay: 0.2).eventually {
                assert CM_HANDLE_IDS.every { trustLevelOf(it) == 'NONE' }
            }
        and: 'a search for trust level NONE finds them'
            searchByTrustLevel('NONE').containsAll(CM_HANDLE_IDS)
        and: 'when the plugin answers again, they are trusted completely again'
            new PollingConditions(timeout: 40, delay: 0.5).eventually {
                assert CM_HANDLE_IDS.every { trustLevelOf(it) == 'COMPLETE' }
            }
            searchByTrustLevel('NONE').intersect(CM_HANDLE_IDS).isEmpty()
        and: 'each handle has one event for each change: COMPLETE to NONE, then back'
            CM_HANDLE_IDS.every { cmHandleId ->
                trustEvents(cmHandleId, start) == [[[trustLevel: 'COMPLETE'], [trustLevel: 'NONE']],
                                                   [[trustLevel: 'NONE'], [trustLevel: 'COMPLETE']]]
            }
    }

    def register(Map registration) {
        def response = http.post('/ncmpInventory/v1/ch', 'application/json',
            JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl()] + registration))
        assert response.status == 200
    }

    String trustLevelOf(String cmHandleId) {
        http.get("/ncmp/v1/ch/${cmHandleId}").json.trustLevel
    }

    List<String> searchByTrustLevel(String trustLevel) {
        def query = [cmHandleQueryParameters: [[conditionName: 'cmHandleWithTrustLevel',
                                                conditionParameters: [[trustLevel: trustLevel]]]]]
        http.post('/ncmp/v1/ch/id-searches', 'application/json', JsonOutput.toJson(query)).json
    }

    /** The handle's trust-level events after the position, as (old values, new values) pairs. */
    List<List<Map>> trustEvents(String cmHandleId, long after) {
        def page = http.get("/ncmp/v1/events?after=${after}&limit=10000").json
        page.events*.data*.data.findAll { it.cmHandleId == cmHandleId && it.oldValues?.trustLevel }
            .collect { [it.oldValues, it.newValues] }
    }
}
