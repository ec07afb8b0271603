package io.cpsng.perf

import io.cpsng.deployment.ServiceProcess
import org.apache.kafka.clients.admin.AdminClient
import org.apache.kafka.clients.admin.NewTopic
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.apache.kafka.common.serialization.ByteArrayDeserializer
import org.apache.kafka.common.serialization.ByteArraySerializer
import org.apache.kafka.common.serialization.StringSerializer
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.TempDir
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.nio.charset.StandardCharsets
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.LockSupport

import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.Budget.atMost

/**
 * CM-notification forwarding by the built service (the jar, as users run it, with -Xmx1g as docs/operations.md
 * says) on a broker of its own (the demo's, a JVM of its own as a user's broker is): a backlog of 1,000,000 notifications of 740 bytes for 100 handles drained,
 * beside what one producer and one consumer manage on the same broker in the same run (the limit); then a live
 * flow of 100,000 offered at 90,000/s, its end-to-end rate and latency. The service's peak resident memory is
 * read from the kernel.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class ForwardingPerfSpec extends Specification {

    static final int BACKLOG = 1_000_000
    static final int LIVE = 100_000
    static final int LIVE_RATE = 90_000
    static final int HANDLES = 100
    static final int VALUE_BYTES = 740
    static final String RUN = UUID.randomUUID().toString().take(8)
    static final String SOURCE = "dmi-cm-events-fwd-${RUN}"
    static final String TARGET = "cm-events-fwd-${RUN}"
    static final String RAW_TARGET = "cm-events-raw-${RUN}"
    static final int PARTITIONS = 8
    static final Path BROKER_JAR = Path.of('../demo-kafka/target/demo-kafka.jar').toAbsolutePath().normalize()

    @Shared
    String bootstrapServers

    @Shared
    Process broker

    @TempDir
    @Shared
    Path workDirectory

    @Shared
    ServiceProcess service

    def setupSpec() {
        assert BROKER_JAR.toFile().exists(): "the demo's broker is built with the project: ${BROKER_JAR} is missing"
        def port = ServiceProcess.freePort()
        bootstrapServers = "localhost:${port}"
        broker = new ProcessBuilder(Path.of(System.getProperty('java.home'), 'bin', 'java').toString(), '-Xmx1g',
            '-jar', BROKER_JAR.toString(), '--data-directory', workDirectory.resolve('kafka').toString(), '--port', "${port}")
            .redirectErrorStream(true).redirectOutput(workDirectory.resolve('kafka.log').toFile()).start()
        AdminClient.create(['bootstrap.servers': bootstrapServers] as Map<String, Object>).withCloseable { admin ->
            new PollingConditions(timeout: 60, delay: 0.2).eventually {
                assert admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size() == 1
            }
            admin.createTopics([SOURCE, TARGET, RAW_TARGET].collect { new NewTopic(it, PARTITIONS, (short) 1) }).all().get()
        }
    }

    def cleanupSpec() {
        if (service?.process?.alive) {
            service.stop()
        }
        broker?.destroy()
        broker?.waitFor(30, TimeUnit.SECONDS)
    }

    def 'A backlog of 1,000,000 CM notifications drains at 100,000/s or more, the service within 1 GB resident'() {
        given: 'the backlog, sent by one producer: what a producer manages here'
            def produceSeconds = seconds { produce(0, BACKLOG, 0) }
            PerfRecorder.record('ncmp forwarding: 1,000,000 notifications of 740 bytes sent by one producer (limit)',
                'ncmp-forwarding', BACKLOG, produceSeconds, BACKLOG / produceSeconds, 'events/s', Budget.NONE)
        and: 'read by one consumer: what a consumer manages here'
            def consumeSeconds = seconds { assert consume(SOURCE, BACKLOG, Duration.ofMinutes(3)).size() == BACKLOG: 'read all' }
            PerfRecorder.record('ncmp forwarding: the backlog read by one consumer (limit)', 'ncmp-forwarding', BACKLOG,
                consumeSeconds, BACKLOG / consumeSeconds, 'events/s', Budget.NONE)
        and: 'piped to another topic by a plain consumer and producer in this JVM, a client reading that topic: what a pipe with the service\'s settings and no framework manages here'
            def pipe = Thread.start { pipe(SOURCE, RAW_TARGET, BACKLOG) }
            def pipedArrivals = consume(RAW_TARGET, BACKLOG, Duration.ofMinutes(3))
            pipe.join()
            def pipeSeconds = (pipedArrivals[BACKLOG - 1] - pipedArrivals[0]) / 1e9d
            def pipeRate = PerfRecorder.record('ncmp forwarding: the backlog through a plain consumer-producer pipe, first to '
                + 'last arrival at a client (limit)', 'ncmp-forwarding', BACKLOG, pipeSeconds, BACKLOG / pipeSeconds,
                'events/s', Budget.NONE)
        when: 'the service starts forwarding it, a client reading the target topic'
            service = ServiceProcess.start("forwarding-perf-${RUN}", workDirectory.resolve('postgres'), [
                "--spring.kafka.bootstrap-servers=${bootstrapServers}",
                "--ncmp.cm-notifications.source-topic=${SOURCE}", "--ncmp.cm-notifications.target-topic=${TARGET}",
                "--ncmp.cm-notifications.consumer-group=forwarding-${RUN}", '--ncmp.dmi.health-check-interval=0s',
                "--ncmp.lcm-events.topic=lcm-fwd-${RUN}", "--ncmp.lcm-events.inventory-events-topic=inventory-fwd-${RUN}"],
                ['-Xmx1g', '-XX:+ExitOnOutOfMemoryError'])
            service.awaitUp(120)
            def cpuBefore = cpuSeconds()
            def arrivals = consume(TARGET, BACKLOG, Duration.ofMinutes(5))
            def cpuAfter = cpuSeconds()
        then: 'every notification arrived'
            def arrived = arrivals.size()
            arrived >= BACKLOG
        when: 'the figures are recorded, first arrival to last, and where the two cores went meanwhile'
            def drainSeconds = (arrivals[BACKLOG - 1] - arrivals[0]) / 1e9d
            cpuAfter.each { name, seconds ->
                PerfRecorder.record("ncmp forwarding: CPU of the ${name} while the backlog drained", 'ncmp-forwarding',
                    BACKLOG, seconds - cpuBefore[name], (seconds - cpuBefore[name]) / drainSeconds, 'cores', Budget.NONE)
            }
            def drain = PerfRecorder.record('ncmp forwarding: the backlog forwarded, first to last arrival at a client',
                'ncmp-forwarding', BACKLOG, drainSeconds, BACKLOG / drainSeconds, 'events/s', atLeast(100_000))
            def warmSeconds = (arrivals[BACKLOG - 1] - arrivals[BACKLOG.intdiv(2)]) / 1e9d
            PerfRecorder.record('ncmp forwarding: the backlog\'s second half, the service warm', 'ncmp-forwarding',
                BACKLOG.intdiv(2), warmSeconds, BACKLOG.intdiv(2) / warmSeconds, 'events/s', Budget.NONE)
            PerfRecorder.record('ncmp forwarding: the drain against the plain pipe\'s (ratio)', 'ncmp-forwarding',
                BACKLOG, 0, (BACKLOG / drainSeconds) / pipeRate.rate, 'ratio', Budget.NONE)
            def resident = PerfRecorder.record('ncmp forwarding: the service\'s peak resident memory (-Xmx1g)',
                'ncmp-forwarding', BACKLOG, 0, service.peakResidentBytes() / 1_048_576, 'MB', atMost(1_024))
        then: 'both meet their budgets'
            drain.holdsBudget()
            resident.holdsBudget()
    }

    def 'Live: 100,000 notifications offered at 90,000/s are forwarded at 60,000/s or more, 99 % within 1 s'() {
        given: 'the service of the backlog, idle'
            assert service?.process?.alive
        when: 'a producer offers 100,000 notifications at 90,000/s, each carrying when it was sent'
            Thread producer = null
            double offeredSeconds = 0
            def arrivals = consumeSince(TARGET, LIVE, Duration.ofMinutes(2)) {
                producer = Thread.start { offeredSeconds = seconds { produce(BACKLOG, LIVE, LIVE_RATE) } }
            }
            producer.join()
        then: 'every one arrived'
            def arrived = arrivals.size()
            arrived >= LIVE
        when: 'the figures are recorded'
            def latencies = arrivals.collect { it[1] - it[0] }.sort()
            def p99Millis = latencies[(int) (latencies.size() * 0.99) - 1] / 1e6d
            def firstSent = arrivals*.getAt(0).min()
            def lastArrived = arrivals*.getAt(1).max()
            def seconds = (lastArrived - firstSent) / 1e9d
            PerfRecorder.record('ncmp forwarding: live, the rate the producer offered (90,000/s asked)',
                'ncmp-forwarding-live', LIVE, offeredSeconds, LIVE / offeredSeconds, 'events/s', Budget.NONE)
            def rate = PerfRecorder.record('ncmp forwarding: live, 100,000 offered at 90,000/s, first sent to last arrived',
                'ncmp-forwarding-live', LIVE, seconds, LIVE / seconds, 'events/s', atLeast(60_000))
            def latency = PerfRecorder.record('ncmp forwarding: live, 99th percentile from sent to arrived',
                'ncmp-forwarding-live', LIVE, 0, p99Millis, 'ms', atMost(1_000))
        then: 'both meet their budgets'
            rate.holdsBudget()
            latency.holdsBudget()
    }

    /**
     * Bodies of yang-patches as the KPI suite's DMI stub sends them (three edits of a cell), filled to about 740 bytes
     * with a user label, made before the clock runs: a notification is one of them behind its number and sending
     * time. A thousand differ, more than a compressed batch's window holds, so they compress as real ones would.
     */
    static final List<String> BODIES = (0..<1_000).collect { int body ->
        String start = "\"data\":{\"push-change-update\":{\"datastore-changes\":{\"ietf-yang-patch:yang-patch\":" +
            "{\"patch-id\":\"${body}\",\"edit\":[{\"edit-id\":\"1\",\"operation\":\"replace\",\"target\":" +
            "\"/ManagedElement=${body % HANDLES}/GNBDUFunction=1/NRCellDU=${body % 7}\",\"value\":{\"attributes\":" +
            "{\"cellLocalId\":${body},\"administrativeState\":\"UNLOCKED\",\"userLabel\":\""
        String end = '"}}},{"edit-id":"2","operation":"create","target":"/ManagedElement=1/GNBDUFunction=1/NRCellDU=2",' +
            '"value":{"attributes":{"cellLocalId":2}}},{"edit-id":"3","operation":"delete",' +
            '"target":"/ManagedElement=1/GNBDUFunction=1/NRCellDU=3"}]}}}}}'
        String label = String.format('%016x', body * 0x9E3779B97F4A7C15L) * 40
        // the number and time in front take about 40 bytes
        start + label.substring(0, VALUE_BYTES - 40 - start.length() - end.length()) + end
    }

    static String notification(long n, long sentNanos) {
        '{"sent":' + sentNanos + ',"n":' + n + ',' + BODIES[(int) (n % BODIES.size())]
    }

    /** CPU seconds so far of the service, the broker and this JVM (the clients). */
    Map<String, Double> cpuSeconds() {
        [service: service.process, broker: broker, clients: ProcessHandle.current()].collectEntries { name, process ->
            def handle = process instanceof Process ? ((Process) process).toHandle() : (ProcessHandle) process
            [(name): handle.info().totalCpuDuration().orElseThrow().toNanos() / 1e9d]
        }
    }

    static double seconds(Closure work) {
        def start = System.nanoTime()
        work()
        (System.nanoTime() - start) / 1e9d
    }

    /**
     * Notifications from..from+count, for handle n % 100, of 740 bytes with the sending time (System.nanoTime, this
     * JVM's clock as the reader's) in their value; at most perSecond a second (0: as fast as it goes).
     */
    void produce(long from, int count, int perSecond) {
        def properties = ['bootstrap.servers': bootstrapServers, 'key.serializer': StringSerializer.name,
                          'value.serializer': StringSerializer.name, 'linger.ms': '10', 'batch.size': '1048576',
                          'acks': 'all', 'buffer.memory': '134217728']
        def headers = [ce_type: 'org.onap.cps.ncmp.events.avc1_0_0.AvcEvent', ce_source: 'DMI', ce_specversion: '1.0']
            .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
        new KafkaProducer<String, String>(properties as Map<String, Object>).withCloseable { producer ->
            def start = System.nanoTime()
            for (long n = from; n < from + count; n++) {
                if (perSecond > 0 && (n - from) % 100 == 0) {
                    // paced a hundred at a time, sleeping while ahead: a client spinning would take a core
                    long aheadNanos = start + ((n - from) * 1_000_000_000L).intdiv(perSecond) - System.nanoTime()
                    if (aheadNanos > 0) {
                        LockSupport.parkNanos(aheadNanos)
                    }
                }
                String value = notification(n, System.nanoTime())
                producer.send(new ProducerRecord<String, String>(SOURCE, null, "handle-${n % HANDLES}".toString(), value,
                    headers))
            }
            producer.flush()
        }
    }

    /** Forwards count records from one topic to the other as the service does: batches, lz4, each acknowledged. */
    void pipe(String from, String to, int count) {
        def consumerProperties = ['bootstrap.servers': bootstrapServers, 'group.id': 'pipe-' + UUID.randomUUID(),
                                  'auto.offset.reset': 'earliest', 'key.deserializer': ByteArrayDeserializer.name,
                                  'value.deserializer': ByteArrayDeserializer.name, 'max.poll.records': '10000',
                                  'enable.auto.commit': 'false']
        def producerProperties = ['bootstrap.servers': bootstrapServers, 'key.serializer': ByteArraySerializer.name,
                                  'value.serializer': ByteArraySerializer.name, 'acks': 'all', 'linger.ms': '5',
                                  'batch.size': '262144', 'compression.type': 'lz4']
        new KafkaConsumer<byte[], byte[]>(consumerProperties as Map<String, Object>).withCloseable { consumer ->
            new KafkaProducer<byte[], byte[]>(producerProperties as Map<String, Object>).withCloseable { producer ->
                consumer.subscribe([from])
                int piped = 0
                while (piped < count) {
                    def futures = consumer.poll(Duration.ofMillis(100)).collect { record ->
                        producer.send(new ProducerRecord<byte[], byte[]>(to, null, record.key(), record.value(),
                            record.headers()))
                    }
                    producer.flush()
                    futures*.get()
                    consumer.commitAsync()
                    piped += futures.size()
                }
            }
        }
    }

    /** Reads the topic from its start until count records came; the arrival time (System.nanoTime) of each. */
    List<Long> consume(String topic, int count, Duration timeout) {
        def arrivals = new ArrayList<Long>(count)
        readTopic(topic, 'earliest', count, timeout, {}) { record, arrivedAt -> arrivals << arrivedAt }
        arrivals
    }

    /** Reads what comes to the topic once started is called, until count records came: [sent, arrived] of each. */
    List<long[]> consumeSince(String topic, int count, Duration timeout, Closure started) {
        def arrivals = new ArrayList<long[]>(count)
        readTopic(topic, 'latest', count, timeout, started) { record, arrivedAt ->
            def value = new String(record.value(), StandardCharsets.US_ASCII)
            def start = value.indexOf('"sent":') + 7
            arrivals << ([value.substring(start, value.indexOf(',', start)) as long, arrivedAt] as long[])
        }
        arrivals
    }

    private void readTopic(String topic, String offsetReset, int count, Duration timeout, Closure started,
                                  Closure each) {
        def properties = ['bootstrap.servers': bootstrapServers, 'group.id': 'perf-' + UUID.randomUUID(),
                          'auto.offset.reset': offsetReset, 'key.deserializer': ByteArrayDeserializer.name,
                          'value.deserializer': ByteArrayDeserializer.name, 'max.poll.records': '20000',
                          'fetch.max.bytes': '104857600', 'max.partition.fetch.bytes': '26214400']
        new KafkaConsumer<byte[], byte[]>(properties as Map<String, Object>).withCloseable { consumer ->
            consumer.subscribe([topic])
            if (offsetReset == 'latest') {
                // joined and positioned before the producer starts
                while (consumer.assignment().isEmpty()) {
                    consumer.poll(Duration.ofMillis(50))
                }
                consumer.seekToEnd(consumer.assignment())
                consumer.assignment().each { consumer.position(it) }
            }
            started()
            def deadline = System.nanoTime() + timeout.toNanos()
            int received = 0
            while (received < count && System.nanoTime() < deadline) {
                def records = consumer.poll(Duration.ofMillis(50))
                def arrivedAt = System.nanoTime()
                records.each { each(it, arrivedAt) }
                received += records.count()
            }
        }
    }
}
