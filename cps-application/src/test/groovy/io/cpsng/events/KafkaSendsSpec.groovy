package io.cpsng.events

import io.cpsng.TestKafka
import io.cpsng.cps.events.KafkaSends
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.kafka.core.DefaultKafkaProducerFactory
import org.springframework.kafka.core.KafkaTemplate
import spock.lang.Specification

import java.time.Duration

/** The one way NCMP and the store send records they must not lose, when the broker goes away in the middle. */
class KafkaSendsSpec extends Specification {

    static final String TOPIC = 'kafka-sends-' + UUID.randomUUID()

    // a send waits 4 s for an absent broker (the service's producer 10 s): it keeps the scenario short
    def producerFactory = new DefaultKafkaProducerFactory<String, String>([
        'bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS, 'key.serializer': StringSerializer,
        'value.serializer' : StringSerializer, 'acks': 'all', 'enable.idempotence': true,
        'max.block.ms'     : 4_000] as Map<String, Object>)

    def kafkaTemplate = new KafkaTemplate<String, String>(producerFactory)

    def cleanup() {
        TestKafka.restore()
        producerFactory.destroy()
    }

    def 'A record refused while the broker was away is not overtaken by a later one of its key'() {
        given: 'the topic, with a first record'
            TestKafka.send([record('warm-up')])
        and: 'the broker away'
            TestKafka.stop()
        when: 'a handle\'s first record, from a producer new to the broker: it waits 4 s for it, in vain'
            def batch = KafkaSends.start(kafkaTemplate, 'records')
            batch.send([record('first')])
        and: 'the broker back, its second record in the same batch'
            TestKafka.restore()
            batch.send([record('second')])
            batch.awaitAcknowledged()
        then: 'the batch failed'
            thrown(IllegalStateException)
        when: 'it is sent again, as every caller does'
            KafkaSends.sendAll(kafkaTemplate, [record('first'), record('second')], 'records')
        then: 'the topic holds the handle\'s records in order: the second did not go ahead of the first'
            def records = TestKafka.readUntil(TOPIC, Duration.ofSeconds(30)) { it.size() >= 3 }
            records*.value() == ['warm-up', 'first', 'second']
    }

    static ProducerRecord<String, String> record(String value) {
        new ProducerRecord<String, String>(TOPIC, 'handle-1', value)
    }
}
