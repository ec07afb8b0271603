package io.cpsng.events

import groovy.json.JsonSlurper
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.NcmpLcmEventService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.lcm.LcmEventRelay
import java.time.Duration
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.jdbc.core.JdbcTemplate
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

/**
 * Lifecycle events on a real Kafka broker (TestKafka) when things go wrong between the database and the broker:
 * the broker gone for 30 s in the middle of a registration, and an instance stopped after its events committed
 * but before they were published. Each instance here is a whole application on the shared test database.
 */
class LcmEventsKafkaSpec extends Specification {

    static final String TOPIC = 'lcm-spec-' + UUID.randomUUID()

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    List<ConfigurableApplicationContext> instances = []

    def cleanup() {
        TestKafka.restore()
        instances*.close()
    }

    def 'Kafka gone for 30 s during a registration of 10,000 handles: every event arrives, in order per handle'() {
        given: 'an instance sending events to Kafka, and the feed\'s position now'
            def instance = startInstance()
            def start = lastPosition(instance)
            def cmHandleIds = (1..10_000).collect { "outage-${it}".toString() }
        when: 'the handles are registered in batches of 500, Kafka going away after the first batch'
            def outageStart = 0L
            cmHandleIds.collate(500).eachWithIndex { batch, index ->
                register(instance, batch)
                if (index == 0) {
                    TestKafka.stop()
                    outageStart = System.nanoTime()
                }
            }
        and: 'Kafka comes back 30 s after it went'
            // the outage's length is the scenario, not a wait for asynchronous work
            Thread.sleep(Math.max(0, 30_000 - (System.nanoTime() - outageStart).intdiv(1_000_000) as long))
            TestKafka.restore()
        then: 'every handle becomes READY and the relay catches up'
            new PollingConditions(timeout: 120, delay: 0.5).eventually {
                assert countInState(instance, 'outage-%', 'READY') == 10_000
                assert instance.getBean(LcmEventRelay).allSent()
            }
        and: 'the topic holds for every handle its create, then its READY, repeats only with the same id and value'
            def records = readTopicFor(cmHandleIds, 2)
            assertRepeatsIdentical(records)
            def topicIds = idsByHandle(records)
            def topicStates = statesByHandle(records, topicIds)
            cmHandleIds.every { topicStates[it] == ['ADVISED', 'READY'] }
        and: 'the outbox is drained'
            outboxSize(instance) == 0
        and: 'the feed tells every handle the same events in the same order'
            feedIdsByHandle(instance, start, 'outage-') == topicIds
    }

    def 'An instance stopped after its events committed but before it published them loses none'() {
        given: 'Kafka away, and an instance with its relay on'
            TestKafka.stop()
            def doomed = startInstance()
            def start = lastPosition(doomed)
        and: '1,000 handles registered through it, their create events committed'
            def cmHandleIds = (1..1_000).collect { "crash-${it}".toString() }
            cmHandleIds.collate(500).each { register(doomed, it) }
        when: 'the instance is stopped before Kafka is back'
            doomed.close()
            instances.remove(doomed)
        and: 'Kafka comes back and another instance starts'
            TestKafka.restore()
            def survivor = startInstance()
        then: 'the survivor sends what the stopped instance had not'
            new PollingConditions(timeout: 120, delay: 0.5).eventually {
                assert survivor.getBean(LcmEventRelay).allSent()
            }
        and: 'every handle\'s create event is on the topic, repeats only with the same id'
            def records = readTopicFor(cmHandleIds, 1)
            assertRepeatsIdentical(records)
            def topicIds = idsByHandle(records)
            def topicStates = statesByHandle(records, topicIds)
            cmHandleIds.every { topicStates[it].first() == 'ADVISED' }
        and: 'the outbox is drained (module sync writes READY events meanwhile) and the feed agrees with the topic'
            new PollingConditions(timeout: 30, delay: 0.1).eventually {
                assert outboxSize(survivor) == 0
            }
            feedIdsByHandle(survivor, start, 'crash-').collectEntries { id, ids -> [id, ids.take(1)] } ==
                topicIds.collectEntries { id, ids -> [id, ids.take(1)] }
    }

    ConfigurableApplicationContext startInstance() {
        def arguments = TestDatabase.applicationArguments() + [
            '--spring.datasource.hikari.maximum-pool-size=10',
            '--server.port=0',
            '--security.auth.enabled=false',
            "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            "--ncmp.lcm-events.topic=${TOPIC}",
            // delivery is what is checked here, the same in every format: the CloudEvents one has the feed's ids
            '--ncmp.lcm-events.format=cloudevents',
            '--ncmp.module-sync.interval=100ms',
            '--ncmp.dmi.health-check-interval=0s']
        def instance = new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
        instances << instance
        instance
    }

    void register(ConfigurableApplicationContext instance, List<String> cmHandleIds) {
        def cmHandles = cmHandleIds.collect { new CmHandle(it, null, null, null, [:], [:], '', null, null, null, null) }
        def result = instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(
            new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, cmHandles, [], [], null))
        assert result.allSucceeded()
    }

    /**
     * The topic's records of the handles, read until each has that many events. A read that ends at its deadline
     * says how many handles it lacks: a CI run under load once compared incomplete reads as wrong states.
     */
    static List<ConsumerRecord<String, String>> readTopicFor(List<String> cmHandleIds, int eventsPerHandle) {
        def wanted = cmHandleIds.toSet()
        def complete = { List<ConsumerRecord<String, String>> records ->
            def idsByHandle = [:].withDefault { [] as Set }
            records.findAll { wanted.contains(it.key()) }.each { idsByHandle[it.key()] << header(it, 'ce_id') }
            wanted.count { idsByHandle[it].size() < eventsPerHandle }
        }
        def records = TestKafka.readUntil(TOPIC, Duration.ofSeconds(120)) { complete(it) == 0 }
            .findAll { wanted.contains(it.key()) }
        def lacking = complete(records)
        assert lacking == 0: "${lacking} handles have fewer than ${eventsPerHandle} events on the topic after 120 s"
        records
    }

    /** Per handle, the CloudEvent ids in the order they first appear on the topic. */
    static Map<String, List<String>> idsByHandle(List<ConsumerRecord<String, String>> records) {
        def ids = [:].withDefault { [] }
        records.each { ids[it.key()].contains(header(it, 'ce_id')) ? null : ids[it.key()] << header(it, 'ce_id') }
        ids.collectEntries { id, list -> [id, list] }
    }

    static void assertRepeatsIdentical(List<ConsumerRecord<String, String>> records) {
        records.groupBy { header(it, 'ce_id') }.each { id, copies -> assert copies*.value().toSet().size() == 1 }
    }

    /** Per handle, the new state each of its events tells, in the order of the ids. */
    static Map<String, List<String>> statesByHandle(List<ConsumerRecord<String, String>> records,
                                                    Map<String, List<String>> idsByHandle) {
        def valueById = records.collectEntries { [header(it, 'ce_id'), it.value()] }
        def json = new JsonSlurper()
        idsByHandle.collectEntries { cmHandleId, ids ->
            [cmHandleId, ids.collect { json.parseText(valueById[it]).data.newValues.cmHandleState }]
        }
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), 'UTF-8')
    }

    static Map<String, List<String>> feedIdsByHandle(ConfigurableApplicationContext instance, long start, String prefix) {
        def ids = [:].withDefault { [] }
        def feed = instance.getBean(NcmpLcmEventService)
        def next = start
        def page = feed.events(next, 10_000, Duration.ZERO)
        while (!page.events().isEmpty()) {
            page.events().findAll { it.cmHandleId().startsWith(prefix) }.each { ids[it.cmHandleId()] << it.id() }
            page = feed.events(page.next(), 10_000, Duration.ZERO)
        }
        ids.collectEntries { id, list -> [id, list] }
    }

    static long lastPosition(ConfigurableApplicationContext instance) {
        instance.getBean(JdbcTemplate).queryForObject('SELECT last_position FROM ncmp_lcm_sequencer', Long)
    }

    static int countInState(ConfigurableApplicationContext instance, String idPattern, String state) {
        instance.getBean(JdbcTemplate).queryForObject(
            'SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE ? AND cm_handle_state = ?', Integer, idPattern, state)
    }

    static int outboxSize(ConfigurableApplicationContext instance) {
        instance.getBean(JdbcTemplate).queryForObject('SELECT count(*) FROM ncmp_lcm_outbox', Integer)
    }
}
