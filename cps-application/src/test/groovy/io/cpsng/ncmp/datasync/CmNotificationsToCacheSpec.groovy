package io.cpsng.ncmp.datasync

import groovy.json.JsonOutput
import io.cpsng.Application
import io.cpsng.RawHttp
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.modulesync.ModuleSyncWatchdog
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.nio.charset.StandardCharsets

/**
 * CM notifications of a data-synced handle applied to its cached data, through a real broker (TestKafka) and the
 * service on a port: the YANG-push edits in order, idempotent when delivered again, and an edit that cannot be
 * applied making the handle synced again from its plugin.
 */
class CmNotificationsToCacheSpec extends Specification {

    @Shared
    String run = UUID.randomUUID().toString().take(8)

    @Shared
    String sourceTopic = "dmi-cm-events-${run}"

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    @AutoCleanup
    ConfigurableApplicationContext instance

    @Shared
    RawHttp http

    def setupSpec() {
        instance = new SpringApplicationBuilder(Application).run((TestDatabase.applicationArguments() + [
            '--server.port=0', '--security.auth.enabled=false', '--ncmp.module-sync.enabled=false',
            '--ncmp.data-sync.enabled=false', '--ncmp.dmi.health-check-interval=0s',
            "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            "--ncmp.lcm-events.topic=lcm-${run}", "--ncmp.lcm-events.inventory-events-topic=inventory-${run}",
            "--ncmp.cm-notifications.source-topic=${sourceTopic}", "--ncmp.cm-notifications.target-topic=cm-events-${run}",
            "--ncmp.cm-notifications.consumer-group=cache-${run}"])*.toString() as String[])
        http = new RawHttp((instance as WebServerApplicationContext).webServer.port)
        assert http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl(),
            createdCmHandles: [[cmHandle: "avc-${run}"]]])).status == 200
        instance.getBean(ModuleSyncWatchdog).syncDueHandles()
        assert http.send('PUT', "/ncmp/v1/ch/avc-${run}/data-sync?dataSyncEnabled=true", [:], null).status == 200
        assert instance.getBean(DataSyncWatchdog).syncDueHandles() == 1
    }

    def 'The edits of a handle\'s notifications change its cached data in order'() {
        when: 'notifications patch the load 100 times, then replace the alarms, all in one go'
            def patches = (1..100).collect { edits([edit('patch', '/stub-alarms:alarms', ['stub-alarms:alarms': [load: it]])]) }
            TestKafka.send(notifications(patches + [edits([edit('replace', '/stub-alarms:alarms',
                ['stub-alarms:alarms': [name: 'replaced', load: 7]])])]))
        then: 'the cache ends as the last edit left it: the replaced alarms, the patched leaves gone with the old node'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert alarms() == [name: 'replaced', load: 7]
            }
        when: 'a notification patches the load to the last of a run of values'
            TestKafka.send(notifications((1..50).collect { edits([edit('merge', '/stub-alarms:alarms', ['stub-alarms:alarms': [load: it]])]) }))
        then: 'the load is the last value sent: they were applied in order'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert alarms() == [name: 'replaced', load: 50]
            }
    }

    def 'A notification keyed by an id no handle can have (a NUL in it) leaves the edits beside it applied'() {
        given: 'a notification keyed by the handle\'s id with a NUL before it'
            def load = { int value -> edits([edit('merge', '/stub-alarms:alarms', ['stub-alarms:alarms': [load: value]])]) }
            def hostile = notifications([load(1)]).first()
        when: 'it is sent together with one for the handle'
            TestKafka.send([new ProducerRecord<String, String>(sourceTopic, null, "\u0000avc-${run}".toString(),
                hostile.value(), hostile.headers())] + notifications([load(77)]))
        then: 'the handle\'s edit is applied: PostgreSQL refused the NUL, and the whole batch was dropped'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert alarms().load == 77
            }
    }

    def 'A notification delivered again changes nothing more: create and delete are idempotent'() {
        given: 'a delete of the alarms, then a create of new ones'
            def notification = edits([edit('delete', '/stub-alarms:alarms', null),
                                      edit('create', '/stub-alarms:alarms', ['stub-alarms:alarms': [name: 'created', load: 3]])])
        when: 'the same notification arrives three times'
            TestKafka.send(notifications([notification, notification, notification]))
        then: 'the handle holds the created alarms, still SYNCHRONIZED'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert alarms() == [name: 'created', load: 3]
                assert syncState() == 'SYNCHRONIZED'
            }
    }

    def 'A create of what exists replaces it, a delete of what is gone does nothing: no resync'() {
        given: 'how often the plugin was asked for the tree so far'
            def reads = dmiStub.requestCount(DmiEndpoint.DATA, "avc-${run}")
        when: 'the same create arrives twice, then the same delete twice'
            def create = edits([edit('create', '/stub-alarms:alarms', ['stub-alarms:alarms': [name: 'twice', load: 9]])])
            def delete = edits([edit('delete', '/stub-alarms:alarms', null)])
            TestKafka.send(notifications([create, create]))
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert alarms() == [name: 'twice', load: 9] }
            TestKafka.send(notifications([delete, delete]))
        then: 'the alarms are gone and the handle is still SYNCHRONIZED: nothing was read from the plugin again'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert alarms() == null
                assert syncState() == 'SYNCHRONIZED'
            }
            dmiStub.requestCount(DmiEndpoint.DATA, "avc-${run}") == reads
    }

    def 'An edit that cannot be applied makes the handle synced again from its plugin: #scenario'() {
        given: 'the handle\'s cache holds alarms'
            TestKafka.send(notifications([edits([edit('create', '/stub-alarms:alarms', ['stub-alarms:alarms': [name: 'before', load: 1]])])]))
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert alarms() == [name: 'before', load: 1] }
        when: 'a notification holds the edit'
            TestKafka.send(notifications([edits([badEdit])]))
        then: 'the handle is UNSYNCHRONIZED: its cache may be stale'
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert syncState() == 'UNSYNCHRONIZED'
            }
        when: 'the watchdog runs'
            instance.getBean(DataSyncWatchdog).syncDueHandles()
        then: 'the tree is read again from the plugin: SYNCHRONIZED with the plugin\'s alarms'
            syncState() == 'SYNCHRONIZED'
            alarms() == [name: "avc-${run}".toString(), enabled: true, description: "operational alarms of avc-${run}".toString(), load: 42]
        where: 'the edit is'
            scenario                           | badEdit
            'on a node the model does not have' | edit('patch', '/stub-alarms:no-such-node', ['stub-alarms:no-such-node': [a: 1]])
            'a merge of a child container'     | edit('merge', '/stub-alarms:alarms', ['stub-alarms:alarms': [load: 2, nested: [a: 1]]])
            'an operation not served'          | edit('move', '/stub-alarms:alarms', null)
    }

    Map alarms() {
        def response = http.get("/ncmp/v1/ch/avc-${run}/data/ds/ncmp-datastore:operational?resourceIdentifier=%2Falarms")
        response.status == 200 ? response.json['alarms:alarms'] : null
    }

    String syncState() {
        http.get("/ncmp/v1/ch/avc-${run}/state").json.state.dataSyncState.operational.syncState
    }

    static Map edit(String operation, String target, Map value) {
        [('edit-id'): UUID.randomUUID().toString(), operation: operation, target: target] + (value == null ? [:] : [value: value])
    }

    static String edits(List<Map> edits) {
        JsonOutput.toJson([data: ['push-change-update': ['datastore-changes': ['ietf-yang-patch:yang-patch':
            ['patch-id': UUID.randomUUID().toString(), edit: edits]]]]])
    }

    /** As a DMI plugin sends them: a CloudEvent in binary mode, keyed by the handle's id. */
    List<ProducerRecord<String, String>> notifications(List<String> values) {
        values.collect { value ->
            def headers = [ce_specversion: '1.0', ce_id: UUID.randomUUID().toString(), ce_source: 'ONAP-DMI-PLUGIN',
                           ce_type: 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent']
                .collect { name, headerValue -> new RecordHeader(name, headerValue.getBytes(StandardCharsets.UTF_8)) }
            new ProducerRecord<String, String>(sourceTopic, null, "avc-${run}".toString(), value, headers)
        }
    }
}
