package io.cpsng.wire

import groovy.json.JsonSlurper
import java.nio.charset.CharacterCodingException
import java.nio.charset.StandardCharsets
import java.time.Duration
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.common.serialization.ByteArrayDeserializer

/**
 * The topic steps of a scenario, read as the kit reads them: one consumer per topic from its start, every record
 * kept across steps (a later step sees earlier records), a step answering the records whose value matches.
 */
class WireTopics implements Closeable {

    private final String bootstrapServers
    private final Map<String, KafkaConsumer<byte[], byte[]>> consumers = [:]
    private final Map<String, List<Map>> seen = [:]

    WireTopics(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers
    }

    Map records(String topic, Map match, Integer count, BigDecimal waitSeconds) {
        def consumer = consumers.computeIfAbsent(topic) { subscribe(it) }
        def deadline = System.nanoTime() + (waitSeconds * 1_000_000_000).longValue()
        while (true) {
            consumer.poll(Duration.ofMillis(500)).each { record ->
                seen[topic] << [key    : text(record.key()), value: valueOf(record.value()),
                                headers: record.headers().collectEntries { [it.key(), text(it.value())] }]
            }
            def hits = seen[topic].findAll { record -> match.every { path, expected -> dig(record.value, path as String) == expected } }
            if ((count && hits.size() >= count) || System.nanoTime() > deadline) {
                return [status: hits ? 200 : 0, body: hits]
            }
        }
    }

    private KafkaConsumer<byte[], byte[]> subscribe(String topic) {
        def consumer = new KafkaConsumer<byte[], byte[]>(['bootstrap.servers' : bootstrapServers,
                                                          'group.id'          : 'wire-' + UUID.randomUUID(),
                                                          'auto.offset.reset' : 'earliest', 'enable.auto.commit': 'false',
                                                          'key.deserializer'  : ByteArrayDeserializer.name,
                                                          'value.deserializer': ByteArrayDeserializer.name] as Map<String, Object>)
        consumer.subscribe([topic])
        seen[topic] = []
        consumer
    }

    private static Object valueOf(byte[] value) {
        if (!value) {
            return null
        }
        try {
            return new JsonSlurper().parse(value)
        } catch (RuntimeException notJson) {
            return text(value)
        }
    }

    private static String text(byte[] raw) {
        if (raw == null) {
            return null
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(raw)).toString()
        } catch (CharacterCodingException notText) {
            return 'base64:' + raw.encodeBase64()
        }
    }

    private static Object dig(Object value, String dotted) {
        dotted.split(/\./).inject(value) { current, part -> current instanceof Map ? current[part] : null }
    }

    @Override
    void close() {
        consumers.values()*.close()
    }
}
