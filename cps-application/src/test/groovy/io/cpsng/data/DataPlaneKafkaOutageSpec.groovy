package io.cpsng.data

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.KafkaInstance
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpCmHandleService
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicLong

/**
 * The broker gone for 30 s while the data plane works, through the server on a port and a real broker: CM
 * notifications a plugin keeps sending are all forwarded once it is back, in order per handle; write data jobs,
 * which need no broker, are answered all along; and a batch read whose plugin never answers is told 102 once the
 * broker takes the event, exactly once.
 */
class DataPlaneKafkaOutageSpec extends Specification {

    static final Duration OUTAGE = Duration.ofSeconds(30)
    static final int HANDLES = 10
    static final int PER_SECOND = 500

    @Shared
    @AutoCleanup('stop')
    DmiStub plugin = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    String run = UUID.randomUUID().toString().take(8)

    @Shared
    ConfigurableApplicationContext instance

    HttpClient httpClient = HttpClient.newHttpClient()
    AtomicBoolean producing = new AtomicBoolean(true)
    AtomicLong acknowledged = new AtomicLong()
    AtomicLong failed = new AtomicLong()

    def setupSpec() {
        instance = KafkaInstance.start(run, ['--ncmp.module-sync.enabled=true', '--ncmp.module-sync.interval=100ms',
            "--ncmp.cm-notifications.source-topic=dmi-cm-events-${run}", "--ncmp.cm-notifications.target-topic=cm-events-${run}",
            "--ncmp.cm-notifications.consumer-group=cm-notifications-${run}",
            "--ncmp.data-operations.m2m-topic=m2m-${run}", "--ncmp.data-operations.consumer-group=m2m-${run}",
            '--ncmp.data-operations.answer-timeout=5s'])
        def cmHandles = (1..2).collect { new CmHandle("dataplane-${it}-${run}", null, null, null, [:], [:], null,
            "/SubNetwork=Outage-${run}/MeContext=${it}", 'producer-1', null, null) }
        assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(new DmiPluginRegistration(
            plugin.baseUrl(), null, null, null, null, cmHandles, [], [], null)).allSucceeded()
        new PollingConditions(timeout: 30, delay: 0.1).eventually {
            cmHandles.each { assert instance.getBean(NcmpCmHandleService).getCmHandle(it.id()).state().cmHandleState() == CmHandleState.READY }
        }
        TestKafka.createTopics(["dmi-cm-events-${run}", "cm-events-${run}", "client-${run}"]*.toString() as Set)
    }

    def cleanupSpec() {
        TestKafka.restore()
        instance?.close()
    }

    def cleanup() {
        producing.set(false)
    }

    def 'Kafka gone for 30 s: CM notifications, write data jobs and answer timeouts lose nothing'() {
        given: 'a plugin sending 500 CM notifications/s for 10 handles, holding them while the broker is away'
            def producer = Thread.start { produceNotifications() }
        and: 'forwarding under way'
            TestKafka.readUntil("cm-events-${run}", Duration.ofSeconds(30)) { it.size() >= PER_SECOND }
        when: 'the broker goes away'
            TestKafka.stop()
            def outageStart = System.nanoTime()
        and: 'meanwhile a batch read is accepted, whose plugin never sends the result, and 10 write data jobs are sent'
            def readAnswer = postRead()
            def writeAnswers = (1..10).collect { writeJob("outage-job-${it}-${run}") }
        and: 'the broker comes back 30 s after it went, and the plugin stops sending'
            // the outage's length is the scenario, not a wait for asynchronous work
            Thread.sleep(Math.max(0, OUTAGE.toMillis() - (System.nanoTime() - outageStart).intdiv(1_000_000) as long))
            TestKafka.restore()
            producing.set(false)
            producer.join()
        then: 'the write data jobs were answered during the outage, each with the sub-job its plugin took'
            writeAnswers*.statusCode() == [200] * 10
            writeAnswers.every { new JsonSlurper().parseText(it.body())[0].subJobId ==~ /[0-9a-f-]{36}/ }
            plugin.requestCount(DmiEndpoint.WRITE_JOB) == 10
        and: 'the batch read was accepted'
            readAnswer.statusCode() == 200
            def requestId = new JsonSlurper().parseText(readAnswer.body()).requestId
        and: 'every notification the broker took from the plugin is forwarded, in order per handle'
            failed.get() == 0
            def forwarded = TestKafka.readUntil("cm-events-${run}", Duration.ofSeconds(120)) { records ->
                records.collect { it.value() }.toSet().size() == acknowledged.get() }
            def numbers = forwarded.collect { it.value() as long }
            numbers.toSet().size() == acknowledged.get()
            numbers.unique(false).groupBy { it % HANDLES }.values().every { it == it.toSorted() }
        and: 'the read\'s client is told 102 for its target, once'
            TestKafka.readUntil("client-${run}", Duration.ofSeconds(30)) { it.size() >= 1 }
            def events = TestKafka.readUntil("client-${run}", Duration.ofSeconds(6)) { false }
            events*.key() == [requestId]
            new JsonSlurper().parseText(events[0].value()).data.responses*.statusCode == ['102']
    }

    /** Notification n for handle n % 10, its value n, at 500/s; the producer holds what the broker cannot take. */
    void produceNotifications() {
        def properties = ['bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS, 'key.serializer': StringSerializer.name,
                          'value.serializer': StringSerializer.name, 'acks': 'all', 'linger.ms': '5',
                          'delivery.timeout.ms': '180000', 'max.block.ms': '180000']
        new KafkaProducer<String, String>(properties as Map<String, Object>).withCloseable { producer ->
            def startNanos = System.nanoTime()
            long number = 0
            while (producing.get()) {
                producer.send(new ProducerRecord<String, String>("dmi-cm-events-${run}".toString(),
                    "ch-${number % HANDLES}".toString(), number.toString())) { metadata, exception ->
                    exception == null ? acknowledged.incrementAndGet() : failed.incrementAndGet()
                }
                number++
                long aheadNanos = startNanos + (number * 1_000_000_000L).intdiv(PER_SECOND) - System.nanoTime()
                if (aheadNanos > 0) {
                    TimeUnit.NANOSECONDS.sleep(aheadNanos)
                }
            }
        }
    }

    HttpResponse<String> postRead() {
        def body = JsonOutput.toJson([operations: [[operation: 'read', operationId: 'op-1',
            datastore: 'ncmp-datastore:passthrough-operational', resourceIdentifier: 'parent/child',
            targetIds: ["dataplane-1-${run}".toString()]]]])
        httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/data?topic=client-${run}"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    HttpResponse<String> writeJob(String dataJobId) {
        def body = JsonOutput.toJson([dataJobMetadata: [destination: 'device/results', dataAcceptType: 'application/json',
            dataContentType: 'application/merge-patch+json'], dataJobWriteRequest: [data: [[op: 'merge', operationId: '1',
            path: "/SubNetwork=Outage-${run}/MeContext=2/ManagedElement=1".toString(), value: [attributes: [userLabel: 'x']]]]]])
        httpClient.send(HttpRequest.newBuilder(uri("/do-not-use/dataJobs/${dataJobId}/write"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    URI uri(String path) {
        URI.create("http://127.0.0.1:${KafkaInstance.portOf(instance)}${path}")
    }
}
