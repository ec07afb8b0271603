package io.cpsng

import java.time.Duration
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.common.network.ListenerName
import org.apache.kafka.common.serialization.StringDeserializer
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker
import org.testcontainers.DockerClientFactory
import org.testcontainers.kafka.KafkaContainer

/**
 * One real Kafka broker per test JVM, started on first use: a Testcontainers container when a Docker engine
 * answers, otherwise an in-process KRaft broker (spring-kafka-test). Clients reach the in-process broker through
 * a TcpProxy (it advertises the proxy's address), so a spec can take the broker away from them and give it back.
 */
class TestKafka {

    static final String BOOTSTRAP_SERVERS
    private static final TcpProxy PROXY
    private static final KafkaContainer CONTAINER

    static {
        if (dockerAvailable()) {
            CONTAINER = new KafkaContainer('apache/kafka-native:4.1.0')
            CONTAINER.start()
            BOOTSTRAP_SERVERS = CONTAINER.bootstrapServers
            PROXY = null
        } else {
            // the broker takes a port of its own; it is known, and the proxy pointed at it, once it started
            PROXY = new TcpProxy('localhost', 0)
            def broker = new EmbeddedKafkaKraftBroker(1, 4)
            broker.brokerProperty('advertised.listeners', "EXTERNAL://localhost:${PROXY.port}".toString())
            broker.afterPropertiesSet()
            PROXY.targetPort = broker.cluster.brokers().values().first().boundPort(ListenerName.normalised('EXTERNAL'))
            BOOTSTRAP_SERVERS = "localhost:${PROXY.port}".toString()
            CONTAINER = null
        }
    }

    /** Takes the broker away from every client until {@link #restore()}. */
    static void stop() {
        if (PROXY) {
            PROXY.cut()
        } else {
            DockerClientFactory.instance().client().pauseContainerCmd(CONTAINER.containerId).exec()
        }
    }

    static void restore() {
        if (PROXY) {
            PROXY.restore()
        } else {
            DockerClientFactory.instance().client().unpauseContainerCmd(CONTAINER.containerId).exec()
        }
    }

    /** Reads the topic from its start until the condition holds for what was read, or the timeout passes. */
    static List<ConsumerRecord<String, String>> readUntil(String topic, Duration timeout,
                                                        Closure<Boolean> enough) {
        def properties = ['bootstrap.servers' : BOOTSTRAP_SERVERS, 'group.id': 'spec-' + UUID.randomUUID(),
                          'auto.offset.reset' : 'earliest', 'enable.auto.commit': 'false',
                          'key.deserializer'  : StringDeserializer.name,
                          'value.deserializer': StringDeserializer.name, 'max.poll.records': '10000']
        def records = []
        new KafkaConsumer<String, String>(properties as Map<String, Object>).withCloseable { consumer ->
            consumer.subscribe([topic])
            def deadline = System.nanoTime() + timeout.toNanos()
            while (!enough(records) && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).each { records << it }
            }
        }
        records
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable()
        } catch (Throwable noDocker) {
            return false
        }
    }
}
