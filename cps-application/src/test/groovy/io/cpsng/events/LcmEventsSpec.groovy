package io.cpsng.events

import groovy.json.JsonOutput
import io.cpsng.ServerSpec
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.registration.StaleDeletions
import io.cpsng.ncmp.modulesync.ModuleSyncWatchdog
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.TestPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

/** The lifecycle events of handles as clients read them from the feed, over the network. */
@TestPropertySource(properties = ['ncmp.registration.deletion-retry-after=1s'])
class LcmEventsSpec extends ServerSpec {

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    ModuleSyncWatchdog moduleSyncWatchdog

    @Autowired
    StaleDeletions staleDeletions

    def cleanup() {
        dmiStub.applySettings(DmiStubSettings.DEFAULTS)
    }

    def 'A handle\'s whole life is on the feed, in order, each event a CloudEvent'() {
        given: 'the feed\'s position now'
            def start = lastPosition()
        when: 'a handle is registered with an alternate id and a public property, synced, updated and removed'
            register(createdCmHandles: [[cmHandle: 'life-1', alternateId: 'me=life-1', publicCmHandleProperties: [color: 'red', size: 'L']]])
            syncUntilReady('life-1')
            register(updatedCmHandles: [[cmHandle: 'life-1', publicCmHandleProperties: [color: 'blue', size: 'L']]])
            register(removedCmHandles: ['life-1'])
        and: 'the feed is read from that position'
            def events = eventsOf('life-1', start, 5)
        then: 'the handle was created ADVISED with its public properties, alternate id and trust level, no data sync flag yet'
            events*.type == ['create', 'update', 'update', 'update', 'delete'].collect { 'org.onap.ncmp.cmhandle-lcm-event.' + it }
            events[0].data.data == [cmHandleId: 'life-1', alternateId: 'me=life-1', newValues: [cmHandleState: 'ADVISED',
                cmHandleProperties: [[color: 'red', size: 'L']], alternateId: 'me=life-1', trustLevel: 'COMPLETE']]
        and: 'then READY, with its data sync flag, as the reference tells a first READY'
            events[1].data.data.oldValues == [cmHandleState: 'ADVISED']
            events[1].data.data.newValues == [dataSyncEnabled: false, cmHandleState: 'READY']
        and: 'then its changed property alone'
            events[2].data.data.oldValues == [cmHandleProperties: [[color: 'red']]]
            events[2].data.data.newValues == [cmHandleProperties: [[color: 'blue']]]
        and: 'then DELETING and DELETED'
            events[3].data.data.oldValues == [cmHandleState: 'READY']
            events[3].data.data.newValues == [cmHandleState: 'DELETING']
            events[4].data.data.oldValues == [cmHandleState: 'DELETING']
            events[4].data.data.newValues == [cmHandleState: 'DELETED']
        and: 'every event is a CloudEvent of the LCM v2 schema with its own id and increasing sequence'
            events.every { it.specversion == '1.0' && it.source == '/ncmp' && it.datacontenttype == 'application/json'
                && it.dataschema == 'urn:cps:org.onap.ncmp.cmhandle.lcm-event:v2' && it.time && it.id }
            events*.id.toSet().size() == 5
            events*.sequence.collect { it as long } == events*.sequence.collect { it as long }.sort()
    }

    def 'A trust level given in an update is an event, and an update without one keeps it'() {
        given: 'the feed\'s position now, and a registered handle'
            def start = lastPosition()
            register(createdCmHandles: [[cmHandle: 'trusted-1']])
        when: 'one update sets its trust level NONE, and a later one in the same request only a property'
            register(updatedCmHandles: [[cmHandle: 'trusted-1', trustLevel: 'NONE'],
                                        [cmHandle: 'trusted-1', publicCmHandleProperties: [site: 'north']]])
        then: 'the handle is trusted NONE'
            http.get('/ncmp/v1/ch/trusted-1').json.trustLevel == 'NONE'
        and: 'its update event tells both changes'
            def update = eventsOf('trusted-1', start, 2)[1].data.data
            update.oldValues == [cmHandleProperties: [[:]], trustLevel: 'COMPLETE']
            update.newValues == [cmHandleProperties: [[site: 'north']], trustLevel: 'NONE']
    }

    def 'A handle whose module sync fails is LOCKED with the reason in its event'() {
        given: 'the feed\'s position now'
            def start = lastPosition()
        when: 'a handle is registered on a plugin that is not there and a sync round runs'
            register(createdCmHandles: [[cmHandle: 'locked-1']], 'http://127.0.0.1:1')
            moduleSyncWatchdog.syncDueHandles()
        then: 'the feed tells it went from ADVISED to LOCKED, and why'
            def events = eventsOf('locked-1', start, 2)
            events[1].data.data.oldValues == [cmHandleState: 'ADVISED']
            events[1].data.data.newValues.cmHandleState == 'LOCKED'
            events[1].data.data.newValues.lockReason.reason == 'MODULE_SYNC_FAILED'
            events[1].data.data.newValues.lockReason.details.contains('Attempt #1 failed')
    }

    def 'A handle READY after its first sync failed tells its data sync flag, as a first READY does'() {
        given: 'the feed\'s position now, and a plugin failing every call'
            def start = lastPosition()
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(1.0))
        and: 'a handle whose first sync failed'
            register(createdCmHandles: [[cmHandle: 'late-1']])
            moduleSyncWatchdog.syncDueHandles()
        when: 'the plugin recovers and the handle is synced again'
            dmiStub.applySettings(DmiStubSettings.DEFAULTS)
            syncUntilReady('late-1')
        then: 'its READY event tells the flag beside the state it left'
            def ready = eventsOf('late-1', start, 3)[2].data.data
            ready.oldValues == [cmHandleState: 'LOCKED', lockReason: [reason: 'MODULE_SYNC_FAILED']]
            ready.newValues == [dataSyncEnabled: false, cmHandleState: 'READY']
    }

    def 'A handle READY again after an upgrade does not tell its data sync flag'() {
        given: 'the feed\'s position now, and a READY handle'
            def start = lastPosition()
            register(createdCmHandles: [[cmHandle: 'upgraded-1', moduleSetTag: 'tag-1']])
            syncUntilReady('upgraded-1')
        when: 'it is upgraded to another module set tag and synced'
            register(upgradedCmHandles: [cmHandles: ['upgraded-1'], moduleSetTag: 'tag-2'])
            syncUntilTagged('upgraded-1', 'tag-2')
        then: 'its second READY event tells the state alone: the flag was told at the first'
            def events = eventsOf('upgraded-1', start, 4)
            events[3].data.data.oldValues == [cmHandleState: 'LOCKED', lockReason: [reason: 'MODULE_UPGRADE']]
            events[3].data.data.newValues == [cmHandleState: 'READY']
    }

    def 'A request that waits is answered with the first event that comes'() {
        given: 'the feed\'s position now'
            def start = lastPosition()
        and: 'a client waiting up to 30 s for events after it'
            def answer = null
            def client = Thread.start { answer = http.get("/ncmp/v1/events?after=${start}&limit=10&wait=30s") }
        when: 'a handle is registered meanwhile'
            register(createdCmHandles: [[cmHandle: 'awaited-1']])
            client.join(30_000)
        then: 'the waiting client got its create event, and the position to go on from'
            answer.status == 200
            answer.json.events*.data*.data*.cmHandleId.contains('awaited-1')
            answer.json.next == answer.json.events.last().sequence as long
    }

    def 'A removed handle whose delete fails stays DELETING, is deleted again later, and gets its DELETED event'() {
        given: 'the feed\'s position now, and a handle the database refuses to delete'
            def start = lastPosition()
            register(createdCmHandles: [[cmHandle: 'undeletable-1']])
            jdbcTemplate.execute('''CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'disk full'; END $$''')
            jdbcTemplate.execute('''CREATE TRIGGER refuse_delete BEFORE DELETE ON ncmp_cm_handle FOR EACH ROW
                WHEN (OLD.id = 'undeletable-1') EXECUTE FUNCTION refuse_delete()''')
        when: 'the handle is removed'
            def response = register(removedCmHandles: ['undeletable-1'])
        then: 'the removal is accepted'
            response.status == 200
        and: 'the handle is visible as DELETING'
            http.get('/ncmp/v1/ch/undeletable-1/state').json.state.cmHandleState == 'DELETING'
        when: 'the database takes deletes again and the retry is due'
            jdbcTemplate.execute('DROP TRIGGER refuse_delete ON ncmp_cm_handle')
            jdbcTemplate.execute('DROP FUNCTION refuse_delete()')
            new PollingConditions(timeout: 10, delay: 0.2).eventually {
                // a statement here is a condition: the periodic retry may have deleted it first, so only count it
                staleDeletions.deleteStaleHandles() >= 0
                assert http.get('/ncmp/v1/ch/undeletable-1').status == 404
            }
        then: 'the feed has DELETING, then DELETED once'
            eventsOf('undeletable-1', start, 3)*.data*.data*.newValues*.cmHandleState == ['ADVISED', 'DELETING', 'DELETED']
    }

    def 'The feed refuses #scenario with 400 saying what was wrong'() {
        when: 'the feed is asked'
            def response = http.get('/ncmp/v1/events?' + query)
        then: 'it answers 400 in the JSON error shape, naming the problem'
            response.status == 400
            response.jsonError
            response.body.contains(expected)
        where: 'the query has'
            scenario               | query             || expected
            'a negative position'  | 'after=-1'        || 'after must be 0 or more'
            'a position not a number' | 'after=abc'    || 'after'
            'a limit of 0'         | 'limit=0'         || 'limit must be 1 to 10000'
            'a limit over the most'| 'limit=10001'     || 'limit must be 1 to 10000'
            'a wait over the most' | 'wait=61s'        || 'wait must be 0s to 60s'
            'a wait not a duration'| 'wait=soon'       || 'wait must be a duration'
    }

    def register(Map registration, String plugin = null) {
        def response = http.post('/ncmpInventory/v1/ch', 'application/json',
            JsonOutput.toJson([dmiPlugin: plugin ?: dmiStub.baseUrl()] + registration))
        assert response.status == 200
        response
    }

    void syncUntilReady(String cmHandleId) {
        new PollingConditions(timeout: 30, delay: 0.05).eventually {
            // a statement here is a condition: a round may find nothing due, so only count it
            moduleSyncWatchdog.syncDueHandles() >= 0
            assert http.get("/ncmp/v1/ch/${cmHandleId}/state").json.state.cmHandleState == 'READY'
        }
    }

    void syncUntilTagged(String cmHandleId, String moduleSetTag) {
        new PollingConditions(timeout: 30, delay: 0.05).eventually {
            // a statement here is a condition: a round may find nothing due, so only count it
            moduleSyncWatchdog.syncDueHandles() >= 0
            def handle = http.get("/ncmp/v1/ch/${cmHandleId}").json
            assert handle.moduleSetTag == moduleSetTag && handle.state.cmHandleState == 'READY'
        }
    }

    long lastPosition() {
        jdbcTemplate.queryForObject('SELECT last_position FROM ncmp_lcm_sequencer', Long)
    }

    /** The handle's events after the position, read page by page as a client would, until there are count. */
    List<Map> eventsOf(String cmHandleId, long after, int count) {
        def found = []
        def next = after
        def deadline = System.nanoTime() + 30_000_000_000L
        while (found.size() < count && System.nanoTime() < deadline) {
            def page = http.get("/ncmp/v1/events?after=${next}&limit=100&wait=1s").json
            found.addAll(page.events.findAll { it.data.data.cmHandleId == cmHandleId })
            next = page.next as long
        }
        found
    }
}
