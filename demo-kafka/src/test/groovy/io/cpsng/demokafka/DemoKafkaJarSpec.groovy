package io.cpsng.demokafka

import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.serialization.StringDeserializer
import org.apache.kafka.common.serialization.StringSerializer
import spock.lang.Specification
import spock.lang.TempDir
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/** The demo's Kafka as demo.sh runs it: the built jar on a data folder, which a restart keeps. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DemoKafkaJarSpec extends Specification {

    static final Path JAR = Path.of('target/demo-kafka.jar').toAbsolutePath()

    @TempDir
    Path dataDirectory

    Process broker

    def cleanup() {
        broker?.destroy()
        broker?.waitFor(30, TimeUnit.SECONDS)
    }

    def 'A record sent to the demo broker is there after a restart on the same folder'() {
        given: 'the broker started on a new folder'
            def port = freePort()
            broker = start(port)
        when: 'a record is sent'
            send(port, 'kept', 'ch-1', 'the value')
        and: 'the broker is stopped as Ctrl-C stops it, and started again'
            broker.destroy()
            assert broker.waitFor(60, TimeUnit.SECONDS)
            broker = start(port)
        then: 'the record is read back'
            read(port, 'kept') == [['ch-1', 'the value']]
        and: 'its data is in the folder'
            Files.exists(dataDirectory.resolve('logs/meta.properties'))
    }

    Process start(int port) {
        assert Files.exists(JAR): "the jar is built in the package phase: ${JAR} is missing"
        def process = new ProcessBuilder(Path.of(System.getProperty('java.home'), 'bin', 'java').toString(), '-Xmx512m',
            '-jar', JAR.toString(), '--data-directory', dataDirectory.toString(), '--port', port.toString())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                Files.createDirectories(Path.of('target')).resolve('demo-kafka.log').toFile())).start()
        new PollingConditions(timeout: 60, delay: 0.2).eventually {
            assert process.alive: 'the broker exited, see target/demo-kafka.log'
            assert listening(port)
        }
        process
    }

    static void send(int port, String topic, String key, String value) {
        new KafkaProducer<String, String>(['bootstrap.servers': "127.0.0.1:${port}".toString(), 'acks': 'all'] as Map<String, Object>,
            new StringSerializer(), new StringSerializer()).withCloseable {
            it.send(new ProducerRecord<String, String>(topic, key, value)).get(60, TimeUnit.SECONDS)
        }
    }

    static List<List<String>> read(int port, String topic) {
        def properties = ['bootstrap.servers': "127.0.0.1:${port}".toString(), 'group.id': 'spec-' + UUID.randomUUID(),
                          'auto.offset.reset': 'earliest']
        def records = []
        new KafkaConsumer<String, String>(properties as Map<String, Object>, new StringDeserializer(), new StringDeserializer())
            .withCloseable { consumer ->
                consumer.subscribe([topic])
                def deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos()
                while (records.isEmpty() && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200)).each { records << [it.key(), it.value()] }
                }
            }
        records
    }

    static boolean listening(int port) {
        try {
            new Socket('127.0.0.1', port).close()
            return true
        } catch (IOException notYet) {
            return false
        }
    }

    /**
     * A port free with the next one (the broker's controller listens on port + 1), below the kernel's ephemeral
     * range: a free port from there had its neighbour in use by some client connection (the broker failed to bind it).
     */
    static int freePort() {
        def random = new Random()
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = 20_000 + random.nextInt(12_000)
            if (bindable(port) && bindable(port + 1)) {
                return port
            }
        }
        throw new IllegalStateException('no two free neighbouring ports between 20,000 and 32,000')
    }

    static boolean bindable(int port) {
        try {
            new ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close()
            return true
        } catch (IOException inUse) {
            return false
        }
    }
}
