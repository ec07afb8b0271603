package io.cpsng.perf

import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.notifications.CmNotificationListener
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.apache.kafka.common.serialization.StringDeserializer
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.kafka.config.KafkaListenerEndpointRegistry
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpResponse
import java.nio.charset.StandardCharsets
import java.time.Duration
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicLong

import static io.cpsng.perf.Budget.atLeast

/**
 * The data plane on a real broker (TestKafka, in this JVM), at the reference's KPI load with its payloads
 * (k6-tests/ncmp): the batch read of row 7 (200 alternate ids a request, read delay 300 ms at the DMI stub, whose
 * results come back through ncmp-async-m2m) with 50,000 handles registered, and the CM-notification (AVC)
 * forwarding from dmi-cm-events to cm-events the KPI run puts under load.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class DataPlanePerfSpec extends RunningServiceSpec {

    static final String RUN = UUID.randomUUID().toString().take(8)
    static final String M2M_TOPIC = "m2m-perf-${RUN}"
    static final String SOURCE_TOPIC = "dmi-cm-events-perf-${RUN}"
    static final String TARGET_TOPIC = "cm-events-perf-${RUN}"
    static final int HANDLES = 50_000
    static final int TARGETS_PER_REQUEST = KpiSuite.LEGACY_BATCH_SIZE
    static final int CLIENTS = 16
    static final Duration LOAD_DURATION = Duration.ofSeconds(15)
    static final int NOTIFICATIONS = 500_000

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(0, DmiStubSettings.DEFAULTS.withDataDelayMs(300),
        DmiStubKafka.NONE.withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS).withFlag('--m2m-topic', M2M_TOPIC))

    @Autowired
    NcmpDmiRegistrationService ncmpDmiRegistrationService

    @Autowired
    KafkaListenerEndpointRegistry listenerRegistry

    HttpClient httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

    @DynamicPropertySource
    static void kafka(DynamicPropertyRegistry registry) {
        registry.add('spring.kafka.bootstrap-servers', { TestKafka.BOOTSTRAP_SERVERS })
        registry.add('ncmp.lcm-events.topic', { "lcm-perf-${RUN}".toString() })
        registry.add('ncmp.lcm-events.inventory-events-topic', { "inventory-perf-${RUN}".toString() })
        registry.add('ncmp.data-operations.m2m-topic', { M2M_TOPIC })
        registry.add('ncmp.cm-notifications.source-topic', { SOURCE_TOPIC })
        registry.add('ncmp.cm-notifications.target-topic', { TARGET_TOPIC })
    }

    def 'KPI row 7: batch reads of 200 alternate ids from #CLIENTS clients, results consumed from the client topic'() {
        given: '50,000 handles registered on the DMI stub, all READY'
            registerReadyHandles()
        and: 'a consumer counting the results on the client topic'
            def clientTopic = "batch-read-${RUN}".toString()
            def results = new RecordCounter(clientTopic)
            def loadDone = new AtomicBoolean()
            def consumer = Thread.start { results.countFor(Duration.ofMinutes(3)) { loadDone.get() && it >= results.expected.get() } }
        when: 'each client posts batch reads back to back for 15 s'
            def failed = new AtomicLong()
            def loadStart = System.nanoTime()
            def clients = (1..CLIENTS).collect {
                Thread.start {
                    while (System.nanoTime() - loadStart < LOAD_DURATION.toNanos()) {
                        def response = postBatchRead(clientTopic)
                        if (response.statusCode() == 200) {
                            results.expected.addAndGet(TARGETS_PER_REQUEST)
                        } else {
                            failed.incrementAndGet()
                        }
                    }
                }
            }
            clients*.join()
            def requestSeconds = (System.nanoTime() - loadStart) / 1e9d
            loadDone.set(true)
            consumer.join()
        and: 'the figures are recorded'
            def resultSeconds = (results.lastNanos.get() - loadStart) / 1e9d
            def rate = PerfRecorder.record("ncmp data: batch read results consumed (${TARGETS_PER_REQUEST} alternate ids a "
                + "request, ${CLIENTS} clients, DMI read delay 300 ms; the reference expects 200 events/s)", 'ncmp-data-batch-read',
                results.count.get(), resultSeconds, results.count.get() / resultSeconds, 'events/s', atLeast(5_000))
            PerfRecorder.record('ncmp data: batch read requests answered', 'ncmp-data-batch-read-requests',
                results.expected.get().intdiv(TARGETS_PER_REQUEST), requestSeconds,
                results.expected.get() / TARGETS_PER_REQUEST / requestSeconds, 'requests/s', Budget.NONE)
        then: 'no request failed and every result arrived'
            failed.get() == 0
            results.count.get() == results.expected.get()
        and: 'the rate meets the budget'
            rate.holdsBudget()
    }

    def 'CM notifications forwarded from dmi-cm-events to cm-events: 500,000, order per handle kept'() {
        given: 'the forwarding stopped while a DMI plugin sends 500,000 notifications of 10 handles (the KPI load\'s keys and payload)'
            def forwarding = listenerRegistry.getListenerContainer(CmNotificationListener.LISTENER_ID)
            forwarding.stop()
            def sendStart = System.nanoTime()
            sendNotifications()
            def sendSeconds = (System.nanoTime() - sendStart) / 1e9d
        and: 'a consumer counting the forwarded notifications'
            def forwarded = new RecordCounter(TARGET_TOPIC)
            forwarded.keepOrder = true
            def consumer = Thread.start { forwarded.countFor(Duration.ofMinutes(5)) { it >= NOTIFICATIONS } }
        when: 'the forwarding starts on that backlog'
            def forwardStart = System.nanoTime()
            forwarding.start()
            consumer.join()
        and: 'the figures are recorded'
            def seconds = (forwarded.lastNanos.get() - forwardStart) / 1e9d
            PerfRecorder.record('ncmp notifications: offered to dmi-cm-events (one producer in the same JVM)',
                'ncmp-avc-offered', NOTIFICATIONS, sendSeconds, NOTIFICATIONS / sendSeconds, 'events/s', Budget.NONE)
            def rate = PerfRecorder.record('ncmp notifications: a backlog forwarded to cm-events, consumed by a client '
                + '(the KPI load offers 5,500/s)', 'ncmp-avc-forwarding', forwarded.count.get(), seconds,
                forwarded.count.get() / seconds, 'events/s', atLeast(50_000))
        then: 'every notification arrived once, in order per handle'
            forwarded.count.get() == NOTIFICATIONS
            forwarded.outOfOrder.get() == 0
        and: 'the rate meets the budget'
            rate.holdsBudget()
    }

    void registerReadyHandles() {
        def registered = jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE 'ch-%'", Integer)
        if (registered < HANDLES) {
            (1..HANDLES).collate(2_000).each { batch ->
                def cmHandles = batch.collect {
                    new CmHandle("ch-${it}".toString(), null, null, null, [neType: 'RadioNode'], [:], "tag-${it % 5 + 1}",
                        alternateId(it), null, null, null)
                }
                assert ncmpDmiRegistrationService.updateDmiRegistration(new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null,
                    cmHandles, [], [], null)).allSucceeded()
            }
        }
        new PollingConditions(timeout: 300, delay: 1).eventually {
            assert jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE 'ch-%' AND cm_handle_state = 'READY'",
                Integer) == HANDLES
        }
    }

    static String alternateId(int n) {
        "/SubNetwork=Europe/SubNetwork=Ireland/MeContext=MyRadioNode${n}/ManagedElement=MyManagedElement${n}"
    }

    /** The KPI suite's request: 200 distinct random alternate ids, its resource, options and operation id. */
    HttpResponse<String> postBatchRead(String topic) {
        httpClient.send(KpiSuite.legacyBatchRead("http://127.0.0.1:${port}", topic).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    /** As the KPI suite sends them: keys neType-1..10, the CloudEvent headers, a yang-patch of three edits. */
    static void sendNotifications() {
        def properties = ['bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS, 'key.serializer': StringSerializer.name,
                          'value.serializer' : StringSerializer.name, 'linger.ms': '20', 'batch.size': '1048576',
                          'acks': 'all']
        new KafkaProducer<String, String>(properties as Map<String, Object>).withCloseable { producer ->
            for (int sequence = 0; sequence < NOTIFICATIONS; sequence++) {
                def headers = [ce_type: 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent', ce_source: 'DMI', ce_specversion: '1.0',
                               ce_id: UUID.randomUUID().toString(), ce_destination: 'dmi-cm-events',
                               ce_dataschema: 'urn:cps:org.onap.cps.ncmp.events.avc1_0_0.AvcEvent:1.0.0']
                    .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
                producer.send(new ProducerRecord<String, String>(SOURCE_TOPIC, null, "neType-${sequence % 10 + 1}".toString(),
                    notification(sequence), headers))
            }
            producer.flush()
        }
    }

    static String notification(int sequence) {
        '{"data":{"push-change-update":{"datastore-changes":{"ietf-yang-patch:yang-patch":{"patch-id":"' + sequence +
            '","edit":[{"edit-id":"1","operation":"replace","target":"/ManagedElement=1/GNBDUFunction=1/NRCellDU=1",' +
            '"value":{"attributes":{"cellLocalId":1,"administrativeState":"UNLOCKED"}}},' +
            '{"edit-id":"2","operation":"create","target":"/ManagedElement=1/GNBDUFunction=1/NRCellDU=2",' +
            '"value":{"attributes":{"cellLocalId":2}}},' +
            '{"edit-id":"3","operation":"delete","target":"/ManagedElement=1/GNBDUFunction=1/NRCellDU=3"}]}}}}}'
    }

    /** Counts a topic's records as they arrive, noting when the last came; optionally checks order per key. */
    static class RecordCounter {
        final String topic
        final AtomicLong count = new AtomicLong()
        final AtomicLong expected = new AtomicLong()
        final AtomicLong lastNanos = new AtomicLong()
        final AtomicLong outOfOrder = new AtomicLong()
        boolean keepOrder
        private final Map<String, Integer> lastSequenceByKey = [:]

        RecordCounter(String topic) {
            this.topic = topic
        }

        void countFor(Duration timeout, Closure<Boolean> enough) {
            def properties = ['bootstrap.servers' : TestKafka.BOOTSTRAP_SERVERS, 'group.id': 'perf-' + UUID.randomUUID(),
                              'auto.offset.reset' : 'earliest', 'key.deserializer': StringDeserializer.name,
                              'value.deserializer': StringDeserializer.name, 'max.poll.records': '20000']
            new KafkaConsumer<String, String>(properties as Map<String, Object>).withCloseable { consumer ->
                consumer.subscribe([topic])
                def deadline = System.nanoTime() + timeout.toNanos()
                def quietSince = System.nanoTime()
                while (System.nanoTime() < deadline) {
                    def records = consumer.poll(Duration.ofMillis(100))
                    if (!records.isEmpty()) {
                        count.addAndGet(records.count())
                        lastNanos.set(System.nanoTime())
                        quietSince = System.nanoTime()
                        if (keepOrder) {
                            records.each { checkOrder(it) }
                        }
                    }
                    // done when enough arrived, and nothing more for a second (a late duplicate would show)
                    if (enough(count.get()) && System.nanoTime() - quietSince > 1_000_000_000L) {
                        break
                    }
                }
            }
        }

        private void checkOrder(ConsumerRecord<String, String> record) {
            def value = record.value()
            def start = value.indexOf('"patch-id":"') + 12
            def sequence = Integer.parseInt(value.substring(start, value.indexOf('"', start)))
            def previous = lastSequenceByKey.put(record.key(), sequence)
            if (previous != null && previous >= sequence) {
                outOfOrder.incrementAndGet()
            }
        }
    }
}
