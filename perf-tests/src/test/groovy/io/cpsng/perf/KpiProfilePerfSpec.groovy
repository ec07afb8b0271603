package io.cpsng.perf

import groovy.json.JsonOutput
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Timeout

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.charset.StandardCharsets
import java.time.Duration
import java.util.concurrent.Executors
import java.util.concurrent.ThreadLocalRandom
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicLong

import static io.cpsng.perf.Budget.atMost
import static io.cpsng.perf.KpiSuite.KPI_HANDLES
import static io.cpsng.perf.KpiSuite.randomHandle

/**
 * The reference's whole KPI profile at once, every scenario of k6-tests/ncmp/config/kpi.json (onap/cps) at its rate
 * for 60 s: pass-through reads and writes, the five id-searches and five searches, the legacy batch read with its
 * results consumed from the client topic, write data jobs of 100 and 100,000 operations, ProvMnS reads and writes,
 * and the CM-notification background load (500 AVC events 11 times a second on dmi-cm-events, forwarded to
 * cm-events and consumed). Kafka in this JVM (TestKafka); 50,000 READY handles with the KPI's alternate ids written
 * by SQL; the stub answers data and ProvMnS calls after 300 ms (the KPI's read delay). Each row's mean less the stub's
 * delay is recorded, as the KPI reports it; row 11 is held to 30 ms (issue 31).
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class KpiProfilePerfSpec extends RunningServiceSpec {

    static final String RUN = UUID.randomUUID().toString().take(8)
    static final String M2M_TOPIC = "m2m-kpi-${RUN}"
    static final String SOURCE_TOPIC = "dmi-cm-events-kpi-${RUN}"
    static final String TARGET_TOPIC = "cm-events-kpi-${RUN}"
    static final String BATCH_TOPIC = "legacy-batch-kpi-${RUN}"
    static final int LOAD_SECONDS = 60
    static final long STUB_DELAY_MS = 300
    static final int AVC_EVENTS_PER_BATCH = 500
    static final int AVC_BATCHES_PER_SECOND = 11
    static final Duration CONSUMER_TIMEOUT = Duration.ofMinutes(4)
    static final Map<String, Map> SEARCHES = [
        'no filter'  : [cmHandleQueryParameters: []],
        'module'     : [cmHandleQueryParameters: [condition('hasAllModules', [[moduleName: 'module100']])]],
        'property'   : [cmHandleQueryParameters: [condition('hasAllProperties', [[systemName: 'ncmp']])]],
        'trust level': [cmHandleQueryParameters: [condition('cmHandleWithTrustLevel', [[trustLevel: 'COMPLETE']])]],
        'cps-path'   : [cmHandleQueryParameters: [condition('cmHandleWithCpsPath',
            [[cpsPath: "//state[@cm-handle-state='READY']"]])]]]

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(0, DmiStubSettings.DEFAULTS, DmiStubKafka.NONE
        .withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS).withFlag('--m2m-topic', M2M_TOPIC))

    HttpClient httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

    @DynamicPropertySource
    static void kafka(DynamicPropertyRegistry registry) {
        registry.add('spring.kafka.bootstrap-servers', { TestKafka.BOOTSTRAP_SERVERS })
        registry.add('ncmp.lcm-events.topic', { "lcm-kpi-${RUN}".toString() })
        registry.add('ncmp.lcm-events.inventory-events-topic', { "inventory-kpi-${RUN}".toString() })
        registry.add('ncmp.data-operations.m2m-topic', { M2M_TOPIC })
        registry.add('ncmp.cm-notifications.source-topic', { SOURCE_TOPIC })
        registry.add('ncmp.cm-notifications.target-topic', { TARGET_TOPIC })
    }

    def 'All the KPI scenarios at once at the reference\'s rates for 60 s, none failing'() {
        given: '50,000 READY handles with the KPI alternate ids on the DMI stub'
            KpiSuite.insertReadyHandles(jdbcTemplate, dmiStub.baseUrl(), 1, KPI_HANDLES)
        and: 'the scenarios of config/kpi.json: requests per period, each on its own virtual thread when due'
            def largeJob = KpiSuite.jobPayload(100_000)
            def rows = [
                new KpiLoadRow('5b pass-through read', 13, 1_000, 200, STUB_DELAY_MS,
                    { KpiSuite.passThroughRead(serviceUrl, randomHandle()) }),
                new KpiLoadRow('6b pass-through write', 13, 2_500, 201, STUB_DELAY_MS,
                    { KpiSuite.passThroughWrite(serviceUrl, randomHandle()) }),
                new KpiLoadRow('7 legacy batch read', 1, 2_000, 200, 0,
                    { KpiSuite.legacyBatchRead(serviceUrl, BATCH_TOPIC) }),
                new KpiLoadRow('8 write job of 100 operations', 2, 1_000, 200, 0,
                    { KpiSuite.writeJob(serviceUrl, KpiSuite.jobPayload(100)) }),
                new KpiLoadRow('9 write job of 100,000 operations', 1, 60_000, 200, 0,
                    { KpiSuite.writeJob(serviceUrl, largeJob) }),
                new KpiLoadRow('10 ProvMnS read', 40, 1_000, 200, STUB_DELAY_MS,
                    { KpiSuite.provMns(serviceUrl, randomHandle(), false) }),
                new KpiLoadRow('11 ProvMnS write', 1, 1_000, 200, STUB_DELAY_MS,
                    { KpiSuite.provMns(serviceUrl, randomHandle(), true) })] +
                SEARCHES.collect { filter, body ->
                    new KpiLoadRow("id-search, ${filter}", 1, 5_200, 200, 0, { search('id-searches', body) })
                } + SEARCHES.collect { filter, body ->
                    new KpiLoadRow("search, ${filter}", 1, 48_000, 200, 0, { search('searches', body) })
                }
        and: 'every row\'s request but the batch read\'s sent first, without the stub\'s delay'
            // else the first seconds of the run measure the JIT; not the batch read, whose results would count
            rows.findAll { !it.name.startsWith('7') }.each { row -> warmUps(row.name).times { row.send(httpClient) } }
            assert rows.every { it.failures.empty }
            rows*.answers*.clear()
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(STUB_DELAY_MS))
        and: 'consumers counting the legacy batch results and the forwarded CM notifications'
            def batchResults = new DataPlanePerfSpec.RecordCounter(BATCH_TOPIC)
            def forwarded = new DataPlanePerfSpec.RecordCounter(TARGET_TOPIC)
            def loadDone = new AtomicBoolean()
            def avcEventsSent = new AtomicLong()
            def consumers = [
                Thread.start {
                    batchResults.countFor(CONSUMER_TIMEOUT) { loadDone.get() && it >= batchResults.expected.get() }
                },
                Thread.start { forwarded.countFor(CONSUMER_TIMEOUT) { loadDone.get() && it >= avcEventsSent.get() } }]
        when: 'every row sends at its rate for the whole run, with the AVC events produced beside them'
            def scheduler = Executors.newScheduledThreadPool(2)
            def requests = Executors.newVirtualThreadPerTaskExecutor()
            rows.each { row ->
                scheduler.scheduleAtFixedRate({ requests.execute { row.send(httpClient) } }, 0, row.intervalNanos(),
                    TimeUnit.NANOSECONDS)
            }
            def avcProducer = avcProducer()
            scheduler.scheduleAtFixedRate({ sendAvcBatch(avcProducer, avcEventsSent) }, 0,
                1_000_000_000L.intdiv(AVC_BATCHES_PER_SECOND), TimeUnit.NANOSECONDS)
            // the run ends when the scheduler stops its periodic sends, LOAD_SECONDS from now
            scheduler.schedule({ scheduler.shutdown() }, LOAD_SECONDS, TimeUnit.SECONDS)
            assert scheduler.awaitTermination(LOAD_SECONDS + 30, TimeUnit.SECONDS)
            requests.shutdown()
            assert requests.awaitTermination(2, TimeUnit.MINUTES)
            avcProducer.close()
            def batchRow = rows.find { it.name.startsWith('7') }
            batchResults.expected.set(batchRow.answers.size() * KpiSuite.LEGACY_BATCH_SIZE)
            loadDone.set(true)
            consumers*.join()
        and: 'each row\'s mean less the stub\'s delay is recorded, as the KPI reports it'
            def measurements = rows.collect { row ->
                println "PERF kpi profile ${row}"
                PerfRecorder.record("kpi profile: ${row.name}, every KPI scenario at once for ${LOAD_SECONDS} s "
                    + "(mean less the stub's ${row.delayMs} ms)", 'kpi-profile', row.answers.size(), LOAD_SECONDS,
                    row.meanMillisLessDelay(), 'ms', row.name.startsWith('11') ? atMost(30) : Budget.NONE)
            }
            PerfRecorder.record("kpi profile: CM notifications offered (${AVC_EVENTS_PER_BATCH} AVC events "
                + "${AVC_BATCHES_PER_SECOND} times a second) and forwarded to cm-events", 'kpi-profile',
                forwarded.count.get(), LOAD_SECONDS, forwarded.count.get() / LOAD_SECONDS, 'events/s', Budget.NONE)
        and: 'what the overhead rows queue behind: their requests while a full search or the large job ran, the rest'
            def heavy = rows.findAll { it.name.startsWith('search') || it.name.startsWith('9') }
                .collectMany { it.answers }
            rows.findAll { it.delayMs > 0 }.each { row ->
                def during = row.answers.count { it.overlapsAny(heavy) }
                PerfRecorder.record("kpi profile: ${row.name}, requests while a full search or the 100,000-operation "
                    + 'job ran (mean less the stub\'s delay)', 'kpi-profile-heavy', during, LOAD_SECONDS,
                    row.meanMillisLessDelay { it.overlapsAny(heavy) }, 'ms', Budget.NONE)
                PerfRecorder.record("kpi profile: ${row.name}, the other requests (mean less the stub\'s delay)",
                    'kpi-profile-heavy', row.answers.size() - during, LOAD_SECONDS,
                    row.meanMillisLessDelay { !it.overlapsAny(heavy) }, 'ms', Budget.NONE)
            }
        then: 'every request of every row was answered as expected'
            rows.every { it.failures.empty && !it.answers.empty }
        and: 'every legacy batch result and every CM notification arrived'
            batchResults.count.get() == batchResults.expected.get()
            forwarded.count.get() == avcEventsSent.get()
        and: 'row 11 meets its budget'
            measurements.every { it.holdsBudget() }
    }

    String getServiceUrl() {
        "http://127.0.0.1:${port}"
    }

    HttpRequest.Builder search(String kind, Map body) {
        HttpRequest.newBuilder(URI.create("${serviceUrl}/ncmp/v1/ch/${kind}?outputAlternateId=true"))
            .header('Content-Type', 'application/json')
            .POST(HttpRequest.BodyPublishers.ofString(JsonOutput.toJson(body)))
    }

    // the full searches and the large job take a quarter to half a second each: a few are enough for the JIT
    static int warmUps(String rowName) {
        rowName.startsWith('search') || rowName.startsWith('9') ? 2 : rowName.startsWith('id-search') ? 10 : 200
    }

    static Map condition(String name, List<Map> parameters) {
        [conditionName: name, conditionParameters: parameters]
    }

    static KafkaProducer<String, String> avcProducer() {
        new KafkaProducer<String, String>(['bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS, 'linger.ms': '5',
                                           'key.serializer': StringSerializer.name, 'acks': 'all',
                                           'value.serializer': StringSerializer.name] as Map<String, Object>)
    }

    /** As the KPI suite sends them: 500 under one random key of neType-1..10, with the CloudEvent headers. */
    static void sendAvcBatch(KafkaProducer<String, String> producer, AtomicLong sent) {
        def key = "neType-${ThreadLocalRandom.current().nextInt(10) + 1}".toString()
        def headers = [ce_type: 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent', ce_source: 'DMI', ce_specversion: '1.0',
                       ce_id: UUID.randomUUID().toString(), ce_destination: 'dmi-cm-events',
                       ce_dataschema: 'urn:cps:org.onap.cps.ncmp.events.avc1_0_0.AvcEvent:1.0.0']
            .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
        AVC_EVENTS_PER_BATCH.times { event ->
            producer.send(new ProducerRecord<String, String>(SOURCE_TOPIC, null, key,
                DataPlanePerfSpec.notification(event), headers))
        }
        sent.addAndGet(AVC_EVENTS_PER_BATCH)
    }
}
