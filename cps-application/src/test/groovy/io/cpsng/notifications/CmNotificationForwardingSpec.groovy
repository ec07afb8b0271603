package io.cpsng.notifications

import groovy.json.JsonSlurper
import io.cpsng.KafkaInstance
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.springframework.context.ConfigurableApplicationContext
import spock.util.concurrent.PollingConditions
import spock.lang.Specification

import java.nio.charset.StandardCharsets
import java.time.Duration

/**
 * CM notifications from DMI plugins forwarded to clients through a real broker (TestKafka), as the reference
 * documents it: the same key, headers and value, in order per key; at least once by default, exactly once with
 * Kafka transactions across a restart of the consumer.
 */
class CmNotificationForwardingSpec extends Specification {

    String run = UUID.randomUUID().toString().take(8)
    String sourceTopic = "dmi-cm-events-${run}"
    String targetTopic = "cm-events-${run}"
    List<ConfigurableApplicationContext> instances = []

    def cleanup() {
        instances*.close()
    }

    def 'Notifications are forwarded with their key, headers and value, in order per key'() {
        given: 'an instance forwarding at least once'
            startInstance(false)
        when: '10,000 notifications of 10 handles are sent by a DMI plugin'
            TestKafka.send(notifications(0, 10_000))
        and: 'the clients\' topic is read'
            def forwarded = TestKafka.readUntil(targetTopic, Duration.ofSeconds(60)) { it.size() >= 10_000 }
        then: 'each is there once, as it was sent'
            forwarded.size() == 10_000
            forwarded.every { it.value() == notificationValue(sequenceOf(it)) }
            forwarded.every { it.key() == "ch-${sequenceOf(it) % 10}".toString() }
            forwarded.every { header(it, 'ce_type') == 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent' }
            forwarded.every { header(it, 'ce_id') == "notification-${sequenceOf(it)}".toString() }
        and: 'each handle\'s notifications are in the order they were sent'
            forwarded.groupBy { it.key() }.every { key, records -> records.collect { sequenceOf(it) } == records.collect { sequenceOf(it) }.sort() }
    }

    def 'Notifications a DMI stub sends at a steady rate are all forwarded, in order per handle'() {
        given: 'an instance forwarding at least once'
            startInstance(false)
        when: 'our DMI stub sends 2,000 notifications a second over 10 handles for about 2 s, to a topic not made yet'
            def dmiStub = DmiStub.start(0, DmiStubSettings.DEFAULTS, DmiStubKafka.NONE
                .withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS).withFlag('--avc-topic', sourceTopic)
                .withFlag('--avc-events-per-second', '2000'))
            new PollingConditions(timeout: 30, delay: 0.1).eventually { assert dmiStub.avcEventsSent() >= 4_000 }
            dmiStub.stop()
            def sent = dmiStub.avcEventsSent()
        then: 'every one reaches the clients\' topic, each handle\'s in the order sent'
            def forwarded = TestKafka.readUntil(targetTopic, Duration.ofSeconds(60)) { it.size() >= sent }
            forwarded.size() == sent
            forwarded.groupBy { it.key() }.every { key, records -> records.collect { sequenceOf(it) } == records.collect { sequenceOf(it) }.sort() }
    }

    def 'With exactly once, a consumer restart in the middle of the flow forwards every notification once'() {
        given: 'an instance forwarding in Kafka transactions'
            def first = startInstance(true)
        when: '20,000 notifications are sent'
            TestKafka.send(notifications(0, 20_000))
        and: 'the instance stops once some were forwarded, and another starts'
            new PollingConditions(timeout: 60, delay: 0.2).eventually {
                assert TestKafka.readUntil(targetTopic, Duration.ofSeconds(1), 'read_committed') { it.size() >= 2_000 }.size() >= 2_000
            }
            first.close()
            startInstance(true)
        and: 'the clients\' topic is read as transactional consumers read it'
            def forwarded = TestKafka.readUntil(targetTopic, Duration.ofSeconds(90), 'read_committed') { it.size() >= 20_000 }
        then: 'every notification is there exactly once'
            forwarded.size() == 20_000
            forwarded.collect { sequenceOf(it) }.toSet().size() == 20_000
        and: 'in order per handle'
            forwarded.groupBy { it.key() }.every { key, records -> records.collect { sequenceOf(it) } == records.collect { sequenceOf(it) }.sort() }
    }

    ConfigurableApplicationContext startInstance(boolean exactlyOnce) {
        def instance = KafkaInstance.start(run, ["--ncmp.cm-notifications.source-topic=${sourceTopic}",
            "--ncmp.cm-notifications.target-topic=${targetTopic}", "--ncmp.cm-notifications.consumer-group=forwarding-${run}",
            "--ncmp.cm-notifications.exactly-once=${exactlyOnce}"]*.toString())
        instances << instance
        instance
    }

    /** Notifications as the reference's DMI plugin sends them: a CloudEvent in binary mode, keyed by the handle. */
    List<ProducerRecord<String, String>> notifications(int from, int count) {
        (from..<from + count).collect { sequence ->
            def headers = [ce_specversion: '1.0', ce_id: "notification-${sequence}", ce_source: 'DMI',
                           ce_type: 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent',
                           ce_dataschema: 'urn:cps:org.onap.cps.ncmp.events.avc1_0_0.AvcEvent:1.0.0']
                .collect { name, value -> new RecordHeader(name, value.toString().getBytes(StandardCharsets.UTF_8)) }
            new ProducerRecord<String, String>(sourceTopic, null, "ch-${sequence % 10}".toString(),
                notificationValue(sequence), headers)
        }
    }

    static String notificationValue(int sequence) {
        """{"data":{"push-change-update":{"datastore-changes":{"ietf-yang-patch:yang-patch":{"patch-id":"${sequence}",""" +
            """"edit":[{"edit-id":"e-1","operation":"replace","target":"/cell[@id='1']","value":{"power":${sequence}}}]}}}}}"""
    }

    static int sequenceOf(ConsumerRecord<String, String> record) {
        new JsonSlurper().parseText(record.value()).data.'push-change-update'.'datastore-changes'.'ietf-yang-patch:yang-patch'.'patch-id' as int
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8)
    }
}
