package io.cpsng.trust

import ch.qos.logback.classic.Logger
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.core.read.ListAppender
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.KafkaInstance
import io.cpsng.RawHttp
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.trust.DeviceHeartbeats
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.slf4j.LoggerFactory
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.nio.charset.StandardCharsets
import java.time.Duration

/**
 * Device heartbeats (#29): DMI plugins report each device's trust level on dmi-device-heartbeat, as the reference's
 * DeviceTrustLevelMessageConsumer reads it; clients see the lower of it and the plugin's, over REST and as the
 * reference's inventory events. Through the server on a port, with a real broker and PostgreSQL.
 */
class DeviceHeartbeatSpec extends Specification {

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    String run = UUID.randomUUID().toString().take(8)
    String heartbeatTopic = "heartbeats-${run}"
    String inventoryTopic = "inventory-${run}"
    List<ConfigurableApplicationContext> instances = []
    RawHttp http

    def cleanup() {
        instances*.close()
    }

    def 'A heartbeat sets the device\'s trust level; an inventory event goes out only when what clients see changes'() {
        given: 'an instance, and two handles registered without a trust level'
            startInstance()
            def (device1, device2) = ["device-1-${run}", "device-2-${run}"]*.toString()
            register(device1, device2)
        when: 'the first device beats NONE twice, the second COMPLETE'
            TestKafka.send([heartbeat(device1, 'NONE'), heartbeat(device1, 'NONE'), heartbeat(device2, 'COMPLETE')])
        then: 'the first is NONE to clients, in its own answer and in searches; the second COMPLETE'
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(device1) == 'NONE' }
            trustLevelOf(device2) == 'COMPLETE'
            searchByTrustLevel('NONE') == [device1]
        when: 'the first beats COMPLETE again'
            TestKafka.send([heartbeat(device1, 'COMPLETE')])
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(device1) == 'COMPLETE' }
        then: 'the inventory topic has the first device\'s two changes, the reference\'s event for each, and nothing else'
            inventoryEvents(2) == [(device1): [['COMPLETE', 'NONE'], ['NONE', 'COMPLETE']]]
    }

    def 'The lower of the device\'s and its plugin\'s: a device at NONE stays NONE when its plugin recovers'() {
        given: 'an instance checking its plugin\'s health twice a second, and two handles on the plugin'
            startInstance('500ms')
            def (quiet, beating) = ["quiet-${run}", "beating-${run}"]*.toString()
            register(quiet, beating)
        and: 'one device beats NONE'
            TestKafka.send([heartbeat(beating, 'NONE')])
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(beating) == 'NONE' }
        when: 'the plugin is unavailable for 6 s'
            dmiStub.applySettings(dmiStub.settings().withUnavailableSeconds(6))
        then: 'the other handle turns NONE, and COMPLETE again when the plugin answers'
            new PollingConditions(timeout: 10, delay: 0.2).eventually { assert trustLevelOf(quiet) == 'NONE' }
            new PollingConditions(timeout: 20, delay: 0.2).eventually { assert trustLevelOf(quiet) == 'COMPLETE' }
        and: 'the beating device stayed NONE throughout: its one event is its own heartbeat\'s'
            trustLevelOf(beating) == 'NONE'
            inventoryEvents(3) == [(beating): [['COMPLETE', 'NONE']], (quiet): [['COMPLETE', 'NONE'], ['NONE', 'COMPLETE']]]
    }

    def 'A device\'s level outlives a restart of the service'() {
        given: 'a handle whose device beat NONE'
            startInstance()
            def device = "durable-${run}".toString()
            register(device)
            TestKafka.send([heartbeat(device, 'NONE')])
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(device) == 'NONE' }
        when: 'the service stops and starts again'
            instances*.close()
            startInstance()
        then: 'the handle is still NONE, with no heartbeat since'
            trustLevelOf(device) == 'NONE'
    }

    def 'Heartbeats that cannot be applied are skipped, each kind logged once, and those beside them applied'() {
        given: 'an instance, a handle, and the log of the heartbeats (read once the instance has set up its logging)'
            startInstance()
            def log = new ListAppender<ILoggingEvent>()
            log.start()
            (LoggerFactory.getLogger(DeviceHeartbeats) as Logger).addAppender(log)
            def device = "after-bad-${run}".toString()
            register(device)
        when: 'two of each kind of bad heartbeat are sent, then a good one'
            def bad = [heartbeat(null, 'NONE'), heartbeat('', 'NONE'),
                       rawHeartbeat(device, 'not json'), rawHeartbeat(device, '{"data":'),
                       heartbeat(device, 'HALF'), rawHeartbeat(device, '{"data":{}}'),
                       heartbeat("nobody-${run}".toString(), 'NONE'),
                       // a NUL in the id, in the good ones' partition: PostgreSQL refused it, and the batch was retried for ever
                       rawHeartbeat("\u0000${device}".toString(), JsonOutput.toJson([data: [trustLevel: 'NONE']]), device)]
            TestKafka.send(bad + [heartbeat(device, 'NONE')])
        then: 'the good one is applied'
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(device) == 'NONE' }
        and: 'each kind of bad one is counted'
            new PollingConditions(timeout: 10, delay: 0.2).eventually {
                assert skippedCounts() == [NO_CE_ID: 2, NOT_JSON: 2, UNKNOWN_TRUST_LEVEL: 2, UNKNOWN_CM_HANDLE: 2]
            }
        and: 'and logged once, naming the kind'
            def warnings = log.list.findAll { it.formattedMessage.startsWith('Device heartbeat skipped') }*.formattedMessage
            warnings.size() == 4
            ['NO_CE_ID', 'NOT_JSON', 'UNKNOWN_TRUST_LEVEL', 'UNKNOWN_CM_HANDLE'].every { kind -> warnings.count { it.contains(kind) } == 1 }
        and: 'the consumer goes on: a later heartbeat is applied too'
            TestKafka.send([heartbeat(device, 'COMPLETE')])
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert trustLevelOf(device) == 'COMPLETE' }
        cleanup:
            (LoggerFactory.getLogger(DeviceHeartbeats) as Logger).detachAppender(log)
    }

    def 'The DMI stub\'s heartbeats are read as the reference\'s plugins send them'() {
        given: 'an instance'
            startInstance()
        when: 'a DMI stub sends 10 heartbeats a second to the instance\'s topic'
            def stub = DmiStub.start(0, DmiStubSettings.DEFAULTS, DmiStubKafka.NONE
                .withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS).withFlag('--heartbeat-topic', heartbeatTopic)
                .withFlag('--heartbeats-per-second', '10'))
        then: 'each is taken: applied to its handle, or counted as of a handle not registered here, and none refused'
            new PollingConditions(timeout: 30, delay: 0.5).eventually {
                def counts = heartbeatCounts()
                assert counts.applied + (counts.UNKNOWN_CM_HANDLE ?: 0) >= 20
                assert counts.keySet() - ['applied', 'UNKNOWN_CM_HANDLE'] == [] as Set
            }
        cleanup:
            stub?.stop()
    }

    void startInstance(String healthCheckInterval = '0s') {
        def instance = KafkaInstance.start(run, ["--ncmp.dmi.health-check-interval=${healthCheckInterval}",
            '--ncmp.dmi.health-check-timeout=1s', "--ncmp.device-heartbeats.topic=${heartbeatTopic}",
            "--ncmp.device-heartbeats.consumer-group=heartbeats-${run}"]*.toString())
        instances << instance
        http = new RawHttp(KafkaInstance.portOf(instance))
    }

    void register(String... cmHandleIds) {
        def registration = [dmiPlugin: dmiStub.baseUrl(), createdCmHandles: cmHandleIds.collect { [cmHandle: it] }]
        assert http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson(registration)).status == 200
    }

    String trustLevelOf(String cmHandleId) {
        http.get("/ncmp/v1/ch/${cmHandleId}").json.trustLevel
    }

    List<String> searchByTrustLevel(String trustLevel) {
        def query = [cmHandleQueryParameters: [[conditionName: 'cmHandleWithTrustLevel',
                                                conditionParameters: [[trustLevel: trustLevel]]]]]
        def found = http.post('/ncmp/v1/ch/id-searches', 'application/json', JsonOutput.toJson(query)).json as List<String>
        found.findAll { it.endsWith(run) }
    }

    /** This feature's inventory events once there are that many, as (old, new) trust levels per handle. */
    Map<String, List<List<String>>> inventoryEvents(int count) {
        // a moment for any event that should not be there to arrive too
        sleep(1_000)
        // the health checks of an instance cover the handles of earlier features on the same plugin too
        def ours = { record -> record.key().endsWith(run) }
        TestKafka.readUntil(inventoryTopic, Duration.ofSeconds(30)) { it.count(ours) >= count }.findAll(ours)
            .groupBy { it.key() }
            .collectEntries { key, records ->
                [key, records.collect { new JsonSlurper().parseText(it.value()).data.attributeValueChange[0] }
                    .collect { [it.oldAttributeValue, it.newAttributeValue] }]
            }
    }

    /** Heartbeats applied, and those skipped by reason. */
    Map<String, Integer> heartbeatCounts() {
        def metrics = http.get('/actuator/prometheus').body
        def applied = (metrics =~ /(?m)^ncmp_device_heartbeats_applied_total\S* (\S+)/).collect { it[1] as double as int }
        [applied: applied ? applied[0] : 0] + skippedCounts()
    }

    Map<String, Integer> skippedCounts() {
        def metrics = http.get('/actuator/prometheus').body
        (metrics =~ /ncmp_device_heartbeats_skipped_total\{reason="(\w+)"[^}]*} (\S+)/).collect { it }.collectEntries {
            [it[1], it[2] as double as int]
        }.findAll { it.value > 0 }
    }

    ProducerRecord<String, String> heartbeat(String cmHandleId, String trustLevel) {
        rawHeartbeat(cmHandleId, JsonOutput.toJson([data: [trustLevel: trustLevel]]))
    }

    /** A heartbeat as the reference's DMI plugin sends it: a binary CloudEvent, the handle's id in ce_id. */
    ProducerRecord<String, String> rawHeartbeat(String cmHandleId, String value, String key = cmHandleId) {
        def headers = [ce_specversion: '1.0', ce_source: 'DMI', ce_type: 'org.onap.cps.ncmp.events.trustlevel.DeviceTrustLevel']
        if (cmHandleId != null) {
            headers.ce_id = cmHandleId
        }
        new ProducerRecord<String, String>(heartbeatTopic, null, key, value,
            headers.collect { name, headerValue -> new RecordHeader(name, headerValue.getBytes(StandardCharsets.UTF_8)) })
    }
}
