package io.cpsng.perf

import io.cpsng.TestKafka
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.trust.DeviceHeartbeatListener
import io.micrometer.core.instrument.MeterRegistry
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.apache.kafka.common.serialization.StringSerializer
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.kafka.config.KafkaListenerEndpointRegistry
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.nio.charset.StandardCharsets
import java.util.concurrent.TimeUnit

import static io.cpsng.perf.Budget.atLeast

/**
 * Device heartbeats (#29) on a real broker: 1,000,000 handles beating once a minute is 16,700 heartbeats/s, of
 * which a few change a level. A backlog of 100,000 handles' heartbeats, six each, one in ten changing the handle's
 * level, is consumed and applied by one instance, as fast as it can.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DeviceHeartbeatsPerfSpec extends RunningServiceSpec {

    static final String RUN = UUID.randomUUID().toString().take(8)
    static final String TOPIC = "heartbeats-perf-${RUN}"
    static final int HANDLES = 100_000
    static final int ROUNDS = 6

    @Autowired
    NcmpDmiRegistrationService ncmpDmiRegistrationService

    @Autowired
    KafkaListenerEndpointRegistry listenerRegistry

    @Autowired
    MeterRegistry meterRegistry

    @DynamicPropertySource
    static void kafka(DynamicPropertyRegistry registry) {
        registry.add('spring.kafka.bootstrap-servers', { TestKafka.BOOTSTRAP_SERVERS })
        registry.add('ncmp.lcm-events.topic', { "lcm-perf-${RUN}".toString() })
        registry.add('ncmp.lcm-events.inventory-events-topic', { "inventory-perf-${RUN}".toString() })
        registry.add('ncmp.device-heartbeats.topic', { TOPIC })
        registry.add('ncmp.module-sync.enabled', { 'false' })
        registry.add('ncmp.dmi.health-check-interval', { '0s' })
    }

    def 'Heartbeats of 100,000 devices, 600,000 in all, one in ten changing a level, applied at >= 20,000/s'() {
        given: '100,000 handles registered'
            registerHandles()
            def applied = meterRegistry.counter('ncmp.device-heartbeats.applied')
            def appliedBefore = applied.count()
        and: 'the heartbeats waiting on the topic while the consumer is stopped'
            def heartbeats = listenerRegistry.getListenerContainer(DeviceHeartbeatListener.LISTENER_ID)
            heartbeats.stop()
            def expectedNone = sendHeartbeats()
        when: 'the consumer starts on that backlog'
            def start = System.nanoTime()
            heartbeats.start()
            new PollingConditions(timeout: 300, delay: 0.05).eventually {
                assert applied.count() - appliedBefore >= HANDLES * ROUNDS
            }
            def seconds = (System.nanoTime() - start) / 1e9d
        and: 'the figure is recorded'
            def rate = PerfRecorder.record('ncmp heartbeats: a backlog of device heartbeats consumed and applied, one '
                + 'in ten changing a level (1,000,000 devices beating once a minute: 16,700/s)', 'ncmp-heartbeats',
                HANDLES * ROUNDS, seconds, HANDLES * ROUNDS / seconds, 'heartbeats/s', atLeast(20_000))
        then: 'every handle has the level of its last heartbeat'
            jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE 'hb-%' AND trust_level = 'NONE'",
                Integer) == expectedNone
        and: 'the rate meets the budget'
            rate.holdsBudget()
    }

    void registerHandles() {
        (1..HANDLES).collate(5_000).each { batch ->
            def cmHandles = batch.collect { new CmHandle("hb-${it}".toString(), null, null, null, [:], [:], null, null, null, null, null) }
            assert ncmpDmiRegistrationService.updateDmiRegistration(new DmiPluginRegistration('http://dmi.invalid:8080',
                null, null, null, null, cmHandles, [], [], null)).allSucceeded()
        }
    }

    /** Sends the rounds in order; in each, one handle in ten flips its level. Returns how many end at NONE. */
    static int sendHeartbeats() {
        def properties = ['bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS, 'key.serializer': StringSerializer.name,
                          'value.serializer' : StringSerializer.name, 'linger.ms': '20', 'batch.size': '1048576',
                          'acks': 'all']
        def none = new BitSet(HANDLES + 1)
        new KafkaProducer<String, String>(properties as Map<String, Object>).withCloseable { producer ->
            for (int round = 0; round < ROUNDS; round++) {
                for (int handle = 1; handle <= HANDLES; handle++) {
                    if ((handle + round * 3) % 10 == 0) {
                        none.flip(handle)
                    }
                    def cmHandleId = "hb-${handle}".toString()
                    def headers = [ce_specversion: '1.0', ce_id: cmHandleId, ce_source: 'DMI',
                                   ce_type: 'org.onap.cps.ncmp.events.trustlevel.DeviceTrustLevel']
                        .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
                    def level = none.get(handle) ? 'NONE' : 'COMPLETE'
                    producer.send(new ProducerRecord<String, String>(TOPIC, null, cmHandleId,
                        '{"data":{"trustLevel":"' + level + '"}}', headers))
                }
            }
            producer.flush()
        }
        none.cardinality()
    }
}
