package io.cpsng

import java.time.Duration
import java.util.concurrent.ExecutionException
import org.apache.kafka.clients.admin.AdminClient
import org.apache.kafka.clients.admin.NewTopic
import org.apache.kafka.common.errors.TopicExistsException
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.common.network.ListenerName
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.serialization.StringDeserializer
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker
import org.testcontainers.DockerClientFactory
import org.testcontainers.kafka.KafkaContainer
import spock.util.concurrent.PollingConditions

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
            // one broker: transactions (exactly-once forwarding) need their log on it alone
            broker.brokerProperty('transaction.state.log.replication.factor', '1')
            broker.brokerProperty('transaction.state.log.min.isr', '1')
            broker.afterPropertiesSet()
            // the broker publishes its address as the system property spring.kafka.bootstrap-servers: every
            // application context made after it would then send lifecycle events (a relay on the shared database,
            // competing with the specs' own); only contexts that ask for Kafka get it
            System.clearProperty('spring.kafka.bootstrap-servers')
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
        readUntil(topic, timeout, 'read_uncommitted', enough)
    }

    /** The same, reading only what was committed when the producer wrote in transactions (read_committed). */
    static List<ConsumerRecord<String, String>> readUntil(String topic, Duration timeout, String isolationLevel,
                                                        Closure<Boolean> enough) {
        def properties = ['bootstrap.servers' : BOOTSTRAP_SERVERS, 'group.id': 'spec-' + UUID.randomUUID(),
                          'auto.offset.reset' : 'earliest', 'enable.auto.commit': 'false',
                          'key.deserializer'  : StringDeserializer.name, 'isolation.level': isolationLevel,
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

    /**
     * Sends the records and waits until the broker has them all. Their topics are made first and the send waits until
     * every partition has its leader: a first send racing a topic's creation met metadata errors, and with several
     * batches in flight the broker then refused the retries as out of order until they expired, for two minutes
     * (CmNotificationForwardingSpec, twice in CI). One request in flight per connection keeps a retry from
     * overtaking.
     */
    static void send(List<ProducerRecord<String, String>> records) {
        createTopics(records*.topic().toSet())
        def properties = ['bootstrap.servers': BOOTSTRAP_SERVERS, 'key.serializer': StringSerializer.name,
                          'value.serializer' : StringSerializer.name, 'linger.ms': '5', 'acks': 'all',
                          'max.in.flight.requests.per.connection': '1', 'batch.size': '262144']
        new KafkaProducer<String, String>(properties as Map<String, Object>).withCloseable { producer ->
            records.collect { producer.send(it) }*.get()
        }
    }

    static void createTopics(Set<String> topics) {
        AdminClient.create(['bootstrap.servers': BOOTSTRAP_SERVERS] as Map<String, Object>).withCloseable { admin ->
            def missing = topics - admin.listTopics().names().get()
            if (missing) {
                try {
                    admin.createTopics(missing.collect { new NewTopic(it, Optional.empty(), Optional.empty()) }).all().get()
                } catch (ExecutionException madeMeanwhile) {
                    if (!(madeMeanwhile.cause instanceof TopicExistsException)) {
                        throw madeMeanwhile
                    }
                }
            }
            awaitLeaders(admin, topics)
        }
    }

    private static void awaitLeaders(AdminClient admin, Set<String> topics) {
        new PollingConditions(timeout: 30, delay: 0.05).eventually {
            assert allHaveLeaders(admin, topics): "partitions of ${topics} have a leader"
        }
    }

    private static boolean allHaveLeaders(AdminClient admin, Set<String> topics) {
        try {
            admin.describeTopics(topics).allTopicNames().get().values()
                .every { description -> description.partitions().every { it.leader() != null && !it.leader().empty } }
        } catch (ExecutionException notYetKnown) {
            false
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable()
        } catch (Throwable noDocker) {
            return false
        }
    }
}
