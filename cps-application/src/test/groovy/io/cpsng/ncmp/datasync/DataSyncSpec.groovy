package io.cpsng.ncmp.datasync

import groovy.json.JsonOutput
import io.cpsng.ServerSpec
import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.modulesync.ModuleSyncWatchdog
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE

/**
 * Data sync through the server on a port: handles registered on the DMI stub and module-synced, their flag turned
 * on and off with PUT .../data-sync, their operational data cached by the watchdog and read from
 * ncmp-datastore:operational.
 */
class DataSyncSpec extends ServerSpec {

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    ModuleSyncWatchdog moduleSyncWatchdog

    @Autowired
    DataSyncWatchdog dataSyncWatchdog

    @Autowired
    CpsAnchorService cpsAnchorService

    @Autowired
    CpsModuleService cpsModuleService

    def setup() {
        dmiStub.reset()
        register(createdCmHandles: [[cmHandle: 'ds-1', alternateId: '/ds/One'], [cmHandle: 'ds-2']])
        moduleSyncWatchdog.syncDueHandles()
        assert ['ds-1', 'ds-2'].every { state(it).cmHandleState == 'READY' }
    }

    def cleanup() {
        dmiStub.applySettings(DmiStubSettings.DEFAULTS)
        // the answer is 500 when one of them is not there (the reference's registration shape): not asserted
        http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl(),
            removedCmHandles: ['ds-1', 'ds-2', 'ds-never-ready']]))
    }

    def 'Turning data sync on caches the handle\'s operational tree, SYNCHRONIZED with the time it was stored'() {
        given: 'the position of the event feed'
            def start = feedPosition()
        when: 'data sync is turned on by alternate id'
            def response = http.send('PUT', '/ncmp/v1/ch/%2Fds%2FOne/data-sync?dataSyncEnabled=true', [:], null)
        then: 'the answer is 200 and the handle waits for the watchdog, UNSYNCHRONIZED'
            response.status == 200
            state('ds-1').dataSyncEnabled == true
            state('ds-1').dataSyncState == [operational: [syncState: 'UNSYNCHRONIZED']]
        when: 'the watchdog runs'
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'the handle is SYNCHRONIZED, with the time of the sync'
            stored == 1
            state('ds-1').dataSyncState.operational.syncState == 'SYNCHRONIZED'
            state('ds-1').dataSyncState.operational.lastSyncTime ==~ /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000/
        and: 'its plugin was asked once for the whole operational tree'
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-1') == 1
        and: 'the tree reads from ncmp-datastore:operational, by id and by alternate id, in the reference\'s v3 shape (module prefix:name)'
            def tree = [name: 'ds-1', enabled: true, description: 'operational alarms of ds-1', load: 42]
            cached('ds-1', '/').json == ['alarms:alarms': tree]
            cached('%2Fds%2FOne', '/alarms').json == ['alarms:alarms': tree]
        and: 'a cps-path query answers the nodes as the reference serialises them, without null fields'
            def found = http.get('/ncmp/v1/ch/ds-1/data/ds/ncmp-datastore:operational/query?cps-path=//alarms[@load=42]')
            found.status == 200
            found.json == [[dataspace: NFP_OPERATIONAL_DATASPACE, anchorName: 'ds-1', xpath: '/alarms', leaves: tree,
                            childDataNodes: []]]
        and: 'the inventory search over the sync state finds it'
            searchByCpsPath("//state/datastores/operational[@sync-state='SYNCHRONIZED']").contains('ds-1')
        and: 'the flag change is an LCM event'
            new PollingConditions(timeout: 10).eventually {
                assert flagEvents('ds-1', start) == [[[dataSyncEnabled: false], [dataSyncEnabled: true]]]
            }
    }

    def 'Turning data sync off drops the cached data: NONE_REQUESTED, nothing to read'() {
        given: 'a handle whose data are cached'
            enable('ds-2')
            dataSyncWatchdog.syncDueHandles()
            assert cached('ds-2', '/alarms').status == 200
            def start = feedPosition()
        when: 'data sync is turned off'
            def response = http.send('PUT', '/ncmp/v1/ch/ds-2/data-sync?dataSyncEnabled=false', [:], null)
        then: 'the handle is NONE_REQUESTED without a sync time'
            response.status == 200
            state('ds-2').dataSyncEnabled == false
            state('ds-2').dataSyncState == [operational: [syncState: 'NONE_REQUESTED']]
        and: 'the cache is gone: the root and a node read as not found, and its row is dropped'
            cached('ds-2', '/').status == 404
            cached('ds-2', '/alarms').status == 404
            cachedSchemaSet('ds-2') == null
        and: 'the change is an LCM event'
            new PollingConditions(timeout: 10).eventually {
                assert flagEvents('ds-2', start) == [[[dataSyncEnabled: true], [dataSyncEnabled: false]]]
            }
    }

    def 'Setting the value the flag has changes nothing and tells no event'() {
        given: 'a handle with data sync on'
            enable('ds-2')
            def start = feedPosition()
        when: 'it is turned on again, and the flag of another handle, off, is turned off'
            def again = http.send('PUT', '/ncmp/v1/ch/ds-2/data-sync?dataSyncEnabled=true', [:], null)
            def off = http.send('PUT', '/ncmp/v1/ch/ds-1/data-sync?dataSyncEnabled=false', [:], null)
        then: 'both answer 200 and the states are as they were'
            again.status == 200 && off.status == 200
            state('ds-2').dataSyncState.operational.syncState == 'UNSYNCHRONIZED'
            state('ds-1').dataSyncState.operational.syncState == 'NONE_REQUESTED'
        and: 'no event was told (an event of a later change would show; the feed has only these)'
            enable('ds-1')
            new PollingConditions(timeout: 10).eventually {
                assert flagEvents('ds-1', start).size() == 1
            }
            flagEvents('ds-2', start).empty
    }

    def 'A plugin that fails leaves the handle UNSYNCHRONIZED, retried later; nothing is cached'() {
        given: 'the plugin of a READY handle fails every call from now on'
            dmiStub.applySettings(new DmiStubSettings(0, 0, 0, 0, 1.0, 0))
        when: 'data sync is turned on and the watchdog runs'
            enable('ds-2')
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'nothing was stored and the handle is still UNSYNCHRONIZED'
            stored == 0
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-2') == 1
            state('ds-2').dataSyncState == [operational: [syncState: 'UNSYNCHRONIZED']]
        and: 'it is not due again before its back-off'
            dataSyncWatchdog.syncDueHandles() == 0
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-2') == 1
        and: 'its cache holds nothing'
            cached('ds-2', '/').status == 404
    }

    def 'A plugin answering nothing the handle\'s module set defines leaves it UNSYNCHRONIZED, retried later'() {
        given: 'a handle whose module set defines another top-level container than the stub answers'
            cpsModuleService.createSchemaSet(NFP_OPERATIONAL_DATASPACE, 'ds-other-set', ['spec-other@2026-01-01.yang':
                'module spec-other { yang-version 1.1; namespace "urn:spec:other"; prefix other; revision 2026-01-01;'
                    + ' container other-data { leaf name { type string; } } }'])
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET schema_set_name = 'ds-other-set' WHERE id = 'ds-2'")
        when: 'data sync is turned on and the watchdog runs'
            enable('ds-2')
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'the plugin was asked, and the handle is still UNSYNCHRONIZED: a sync that stores nothing is no sync'
            stored == 0
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-2') == 1
            state('ds-2').dataSyncState == [operational: [syncState: 'UNSYNCHRONIZED']]
        and: 'it is not due again before its back-off'
            dataSyncWatchdog.syncDueHandles() == 0
        and: 'nothing is cached: the alarms the stub answered have no place in this module set'
            cached('ds-2', '/').status == 404
        when: 'the handle is removed'
            register(removedCmHandles: ['ds-2'])
        then: 'the module set it alone used goes too'
            !cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, 'ds-other-set')
    }

    def 'Data a module set refuses leave that handle UNSYNCHRONIZED; the others of the batch are stored'() {
        given: 'ds-2 on a module set whose alarms container has no load leaf, which the stub answers'
            cpsModuleService.createSchemaSet(NFP_OPERATIONAL_DATASPACE, 'ds-narrow-set', ['stub-alarms@2099-01-01.yang':
                'module stub-alarms { yang-version 1.1; namespace "urn:spec:narrow-alarms"; prefix alarms;'
                    + ' revision 2099-01-01; container alarms { leaf name { type string; } } }'])
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET schema_set_name = 'ds-narrow-set' WHERE id = 'ds-2'")
        when: 'data sync is turned on for both handles and the watchdog runs them in one batch'
            enable('ds-1')
            enable('ds-2')
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'ds-1 is stored and SYNCHRONIZED'
            stored == 1
            state('ds-1').dataSyncState.operational.syncState == 'SYNCHRONIZED'
            cached('ds-1', '/alarms').json['alarms:alarms'].load == 42
        and: 'ds-2 is UNSYNCHRONIZED with nothing cached, to be retried'
            state('ds-2').dataSyncState.operational.syncState == 'UNSYNCHRONIZED'
            cached('ds-2', '/').status == 404
        when: 'the handle is removed'
            register(removedCmHandles: ['ds-2'])
        then: 'its module set goes with it'
            !cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, 'ds-narrow-set')
    }

    def 'Data in a shape only yangtools\' parser reads (a leaf in a choice) are cached as plain data are'() {
        given: 'ds-2 on a module set whose alarms hold their enabled leaf in a choice'
            cpsModuleService.createSchemaSet(NFP_OPERATIONAL_DATASPACE, 'ds-choice-set', ['stub-alarms@2099-01-02.yang':
                'module stub-alarms { yang-version 1.1; namespace "urn:spec:choice-alarms"; prefix alarms;'
                    + ' revision 2099-01-02; container alarms { leaf name { type string; } leaf description { type string; }'
                    + ' leaf load { type int32; } choice state { case on { leaf enabled { type boolean; } } } } }'])
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET schema_set_name = 'ds-choice-set' WHERE id = 'ds-2'")
        when: 'data sync is turned on and the watchdog runs'
            enable('ds-2')
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'it is stored and SYNCHRONIZED, every leaf the plugin answered cached'
            stored == 1
            state('ds-2').dataSyncState.operational.syncState == 'SYNCHRONIZED'
            cached('ds-2', '/alarms').json['alarms:alarms'] ==
                [name: 'ds-2', enabled: true, description: 'operational alarms of ds-2', load: 42]
        when: 'the handle is removed'
            register(removedCmHandles: ['ds-2'])
        then: 'its module set goes with it'
            !cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, 'ds-choice-set')
    }

    def 'An upgraded handle with data sync on is synced again on its new module set'() {
        given: 'a handle whose data are cached on its module set, the only handle on it (ds-2, on the same set, removed)'
            enable('ds-1')
            dataSyncWatchdog.syncDueHandles()
            def schemaSetBefore = cachedSchemaSet('ds-1')
            register(removedCmHandles: ['ds-2'])
        when: 'it is upgraded to another module set tag and module sync runs'
            register(upgradedCmHandles: [cmHandles: ['ds-1'], moduleSetTag: 'tag-2'])
            moduleSyncWatchdog.syncDueHandles()
        then: 'it is READY again and its cache is stale: UNSYNCHRONIZED'
            state('ds-1').cmHandleState == 'READY'
            state('ds-1').dataSyncState.operational.syncState == 'UNSYNCHRONIZED'
        and: 'the module set it left, which no handle uses now, is gone: the cache needs no module set to be read'
            !cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, schemaSetBefore)
            cached('ds-1', '/alarms').json['alarms:alarms'].load == 42
        when: 'the data-sync watchdog runs'
            dataSyncWatchdog.syncDueHandles()
        then: 'the tree is cached again, on the new module set'
            state('ds-1').dataSyncState.operational.syncState == 'SYNCHRONIZED'
            def schemaSetAfter = cachedSchemaSet('ds-1')
            schemaSetAfter != schemaSetBefore
            schemaSetAfter == jdbcTemplate.queryForObject("SELECT schema_set_name FROM ncmp_cm_handle WHERE id = 'ds-1'", String)
            cached('ds-1', '/alarms').json['alarms:alarms'].load == 42
    }

    def 'A claim left by an instance that died mid-sync is taken over once its lease has run out'() {
        given: 'a handle due for data sync, claimed by another instance whose lease still runs'
            enable('ds-1')
            jdbcTemplate.update('''UPDATE ncmp_cm_handle SET data_sync_owner = 'ncmp-killed/1',
                data_sync_lease_until = now() + interval '1 hour' WHERE id = 'ds-1'''')
        expect: 'this instance leaves it alone while the lease runs'
            dataSyncWatchdog.syncDueHandles() == 0
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-1') == 0
        when: 'the lease runs out, the other instance never having come back'
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET data_sync_lease_until = now() - interval '1 second' WHERE id = 'ds-1'")
        then: 'this instance takes the handle over and syncs it, once'
            dataSyncWatchdog.syncDueHandles() == 1
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-1') == 1
            state('ds-1').dataSyncState.operational.syncState == 'SYNCHRONIZED'
    }

    def 'Deleting a data-synced handle drops its cached data with it'() {
        given: 'a handle whose data are cached'
            enable('ds-2')
            dataSyncWatchdog.syncDueHandles()
            assert cachedSchemaSet('ds-2') != null
        when: 'the handle is removed'
            register(removedCmHandles: ['ds-2'])
        then: 'its cache row is gone'
            cachedSchemaSet('ds-2') == null
    }

    def 'A cache the database emptied in a crash recovery is synced again by the next round'() {
        given: 'a handle whose data are cached'
            enable('ds-1')
            dataSyncWatchdog.syncDueHandles()
            assert cached('ds-1', '/alarms').status == 200
        when: 'the unlogged cache tables are emptied, as PostgreSQL empties them when it recovers from a crash'
            jdbcTemplate.execute('TRUNCATE ncmp_operational_cache, ncmp_operational_cache_intact')
        then: 'nothing is cached'
            cached('ds-1', '/alarms').status == 404
        when: 'the watchdog runs'
            def stored = dataSyncWatchdog.syncDueHandles()
        then: 'the handle was made due and synced again: its data are cached and the cache is marked intact'
            stored == 1
            dmiStub.requestCount(DmiEndpoint.DATA, 'ds-1') == 2
            state('ds-1').dataSyncState.operational.syncState == 'SYNCHRONIZED'
            cached('ds-1', '/alarms').json['alarms:alarms'].load == 42
            jdbcTemplate.queryForObject('SELECT count(*) FROM ncmp_operational_cache_intact', Integer) == 1
        and: 'the next round finds it intact and syncs nothing'
            dataSyncWatchdog.syncDueHandles() == 0
    }

    def 'The flag of #scenario is refused with #expectedStatus'() {
        given: 'a handle that is not READY'
            register(createdCmHandles: [[cmHandle: 'ds-never-ready']])
        when: 'the flag is set'
            def response = http.send('PUT', target, [:], null)
        then: 'the refusal says what is wrong'
            response.status == expectedStatus
            response.json.details.contains(expectedDetails)
        where: 'the request is for'
            scenario                  | target                                                          || expectedStatus | expectedDetails
            'an unknown handle'       | '/ncmp/v1/ch/ds-unknown/data-sync?dataSyncEnabled=true'         || 404            | 'ds-unknown'
            'a handle not READY'      | '/ncmp/v1/ch/ds-never-ready/data-sync?dataSyncEnabled=true'     || 409            | 'ADVISED'
            'no value'                | '/ncmp/v1/ch/ds-1/data-sync'                                    || 400            | 'dataSyncEnabled'
            'a value not boolean'     | '/ncmp/v1/ch/ds-1/data-sync?dataSyncEnabled=maybe'              || 400            | 'dataSyncEnabled'
            'a parameter not served'  | '/ncmp/v1/ch/ds-1/data-sync?dataSyncEnabled=true&depth=1'       || 400            | 'Parameter depth is not served'
    }

    def 'A read of the cached datastore with #parameter is refused with 400 naming it'() {
        when: 'the read is sent'
            def response = http.get("/ncmp/v1/ch/ds-1/data/ds/ncmp-datastore:operational?resourceIdentifier=/&${parameter}=x")
        then: 'the parameter is named'
            response.status == 400
            response.json.details.contains("Parameter ${parameter} is not served")
        where: 'the parameter the cache does not serve is'
            parameter << ['options', 'depth']
    }

    def register(Map registration) {
        def response = http.post('/ncmpInventory/v1/ch', 'application/json',
            JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl()] + registration))
        assert response.status == 200
    }

    void enable(String cmHandleId) {
        assert http.send('PUT', "/ncmp/v1/ch/${cmHandleId}/data-sync?dataSyncEnabled=true", [:], null).status == 200
    }

    Map state(String cmHandleId) {
        http.get("/ncmp/v1/ch/${cmHandleId}/state").json.state
    }

    String cachedSchemaSet(String cmHandleId) {
        jdbcTemplate.queryForList('SELECT schema_set_name FROM ncmp_operational_cache WHERE cm_handle_id = ?', String, cmHandleId)[0]
    }

    def cached(String cmHandleReference, String xpath) {
        http.get("/ncmp/v1/ch/${cmHandleReference}/data/ds/ncmp-datastore:operational?resourceIdentifier=${URLEncoder.encode(xpath, 'UTF-8')}")
    }

    List<String> searchByCpsPath(String cpsPath) {
        def query = [cmHandleQueryParameters: [[conditionName: 'cmHandleWithCpsPath', conditionParameters: [[cpsPath: cpsPath]]]]]
        http.post('/ncmp/v1/ch/id-searches', 'application/json', JsonOutput.toJson(query)).json
    }

    /** The position of the last event in the feed, once every change committed so far has one. */
    long feedPosition() {
        new PollingConditions(timeout: 10).eventually {
            assert jdbcTemplate.queryForObject('SELECT count(*) FROM ncmp_lcm_outbox', Long) == 0
        }
        jdbcTemplate.queryForObject('SELECT last_position FROM ncmp_lcm_sequencer', Long)
    }

    /** The handle's data-sync flag events after the position, as (old values, new values) pairs. */
    List<List<Map>> flagEvents(String cmHandleId, long after) {
        def page = http.get("/ncmp/v1/events?after=${after}&limit=10000").json
        page.events*.data*.data.findAll { it.cmHandleId == cmHandleId && it.oldValues?.containsKey('dataSyncEnabled') }
            .collect { [it.oldValues, it.newValues] }
    }
}
