package io.cpsng.perf

import io.cpsng.TestKafka
import io.cpsng.cps.events.KafkaSends
import io.cpsng.ncmp.lcm.LcmEventRelay
import io.cpsng.ncmp.lcm.LcmEventsProperties
import io.cpsng.ncmp.lcm.LcmEventSequencer
import io.cpsng.cps.schedule.PeriodicTasks
import io.cpsng.measure.MeasureResult
import org.apache.kafka.clients.admin.Admin
import org.apache.kafka.clients.admin.NewTopic
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.consumer.KafkaConsumer
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.serialization.StringDeserializer
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.kafka.core.KafkaTemplate
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.time.Duration
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong

import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.Budget.atMost

/**
 * Registration with lifecycle events on a real Kafka broker (TestKafka, in this JVM): registration with the relay
 * sending to Kafka must keep within 10 % of the rate with the events kept for the HTTP feed only, every event must
 * be on the topic soon after the last handle is READY, and the sequencer and the relay must each work off a backlog
 * at 50,000 events/s.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class LcmEventsPerfSpec extends RunningServiceSpec {

    static final String TOPIC = 'lcm-perf-' + UUID.randomUUID()

    @Autowired
    LcmEventRelay lcmEventRelay

    @Autowired
    PeriodicTasks periodicTasks

    @Autowired
    KafkaTemplate<String, String> kafkaTemplate

    @Autowired
    LcmEventsProperties lcmEventsProperties

    @DynamicPropertySource
    static void kafka(DynamicPropertyRegistry registry) {
        registry.add('spring.kafka.bootstrap-servers', { TestKafka.BOOTSTRAP_SERVERS })
        registry.add('ncmp.lcm-events.topic', { TOPIC })
        // each measurement's DMI stub stops when it ends: a health check would then set its handles' trust level
        // to NONE, and their 100,000 events would join the backlog a feature measures (they did, unseen, until
        // 2026-11-27)
        registry.add('ncmp.dmi.health-check-interval', { '0s' })
    }

    def 'Registering #handles handles in batches of 2,000 with events on Kafka'() {
        given: 'a consumer counting the run\'s events on the topic as they arrive'
            def run = "lcm-${handles}-b2000".toString()
            def counter = new TopicCounter(run + '-')
            def consumer = Thread.start { counter.countUntil(2 * handles, Duration.ofMinutes(10)) }
        when: 'the handles are registered and followed to READY'
            def result = measure(run, [handles: handles, batch: 2_000, tags: 5, modulesDelayMs: 100,
                                       resourcesDelayMs: 1_000, deregister: false])
            def allReadyNanos = System.nanoTime()
        and: 'the consumer has every create and READY event'
            consumer.join()
            def lagSeconds = Math.max(0, counter.lastEventNanos.get() - allReadyNanos) / 1e9
        and: 'the figures are recorded'
            PerfRecorder.record('ncmp events: registration requests with events on Kafka '
                + '(batches of 2,000, 5 tags)', 'ncmp-events-registration', handles, result.registrationSeconds(),
                result.registrationRate(), 'handles/s', Budget.NONE)
            def lag = PerfRecorder.record("ncmp events: all ${2 * handles} events on the topic after all READY",
                'ncmp-events-lag', 2 * handles, lagSeconds, lagSeconds, 's', atMost(5))
        then: 'every handle became READY and its two events arrived'
            result.allReady()
            result.failedRequests() == 0
            counter.count.get() >= 2 * handles
        and: 'the events arrive within 5 s (the registration rate is compared with the feed-only one below)'
            lag.holdsBudget()
        where: 'the load is'
            handles << [10_000, 50_000]
    }

    def 'Registration with the relay sending to Kafka against the same with the events for the feed only'() {
        given: 'the earlier features\' events are all on Kafka'
            waitUntilAllSent()
        when: '50,000 handles are registered (and deregistered) three times each way, in turn, so drift is shared'
            def rates = [kafka: [], feed: []]
            def seconds = 0d
            ['feed', 'kafka', 'kafka', 'feed', 'feed', 'kafka'].eachWithIndex { String mode, int run ->
                if (mode == 'feed') {
                    periodicTasks.pause(LcmEventRelay.TASK_NAME)
                }
                def result = measure("lcm-compare-${run}-${mode}", [handles: 50_000, batch: 2_000, tags: 5,
                    modulesDelayMs: 100, resourcesDelayMs: 1_000, deregister: true])
                assert result.allReady() && result.failedRequests() == 0
                rates[mode] << result.registrationRate()
                seconds += result.registrationSeconds()
                periodicTasks.resume(LcmEventRelay.TASK_NAME)
                waitUntilAllSent()
            }
        and: 'the ratio of the medians is recorded'
            def ratio = Meter.median(rates.kafka) / Meter.median(rates.feed)
            println "PERF registration rates with Kafka ${rates.kafka}, feed only ${rates.feed}"
            def comparison = PerfRecorder.record('ncmp events: registration rate with events on Kafka / feed only '
                + '(median of 3 runs of 50,000 each)', 'ncmp-events-kafka-ratio', 300_000, seconds, ratio, 'ratio',
                atLeast(0.9))
        then: 'sending to Kafka costs registration at most 10 %'
            comparison.holdsBudget()
        cleanup:
            periodicTasks.resume(LcmEventRelay.TASK_NAME)
    }

    def 'The relay drains a backlog of 200,000 events'() {
        given: 'Kafka away while 100,000 handles are registered and become READY: 200,000 events wait'
            TestKafka.stop()
            def result = registerHandlesToReady('lcm-backlog')
        and: 'every event is numbered, so the relay alone works on the backlog'
            new PollingConditions(timeout: 60, delay: 0.1).eventually {
                assert outboxEvents() == 0
            }
            def backlog = unsentEvents()
        when: 'Kafka is back, and the relay, once it reconnected and sent a first batch, sends the rest'
            TestKafka.restore()
            new PollingConditions(timeout: 120, delay: 0.01).eventually {
                assert unsentEvents() < backlog
            }
            def remaining = unsentEvents()
            def seconds = secondsUntil { lcmEventRelay.allSent() }
        and: 'the figure is recorded'
            def relay = PerfRecorder.record('ncmp events: relay throughput (a backlog sent once Kafka is back)',
                'ncmp-events-relay', remaining, seconds, remaining / seconds, 'events/s', atLeast(50_000))
        and: 'beside it the limit: the same records, read back, sent again in the relay\'s batches by its producer'
            def records = recordsOnTopic('lcm-backlog-', backlog)
            def limitSeconds = secondsToSend(records)
            def limit = PerfRecorder.record('ncmp events: the relay\'s records sent again by the service\'s producer '
                + '(limit)', 'ncmp-events-relay', records.size(), limitSeconds, records.size() / limitSeconds,
                'records/s', Budget.NONE)
            PerfRecorder.record('ncmp events: relay throughput / the limit', 'ncmp-events-relay', remaining, seconds,
                relay.rate / limit.rate, 'ratio', Budget.NONE)
        then: 'the backlog held every event and was sent at the budgeted rate, or at 0.8 of a lower limit'
            result.allReady()
            backlog >= 200_000
            records.size() >= backlog
            relay.holdsBudget() || (limit.rate < 50_000 && relay.rate / limit.rate >= 0.8)
        cleanup:
            TestKafka.restore()
    }

    def 'The sequencer numbers a backlog of 200,000 events'() {
        given: 'the sequencer paused while 100,000 handles are registered and become READY: 200,000 events wait'
            periodicTasks.pause(LcmEventSequencer.TASK_NAME)
            def result = registerHandlesToReady('lcm-outbox-backlog')
            def backlog = outboxEvents()
        when: 'it is resumed and numbers them all'
            periodicTasks.resume(LcmEventSequencer.TASK_NAME)
            def seconds = secondsUntil { outboxEvents() == 0 }
        and: 'the figure is recorded'
            // a figure beside the relay's: the quadratic plan the sequencer once had (LcmEventSequencer) depended
            // on the outbox's statistics of the moment, and a backlog of this size did not show it
            def sequencer = PerfRecorder.record('ncmp events: sequencer throughput (a backlog numbered once resumed)',
                'ncmp-events-sequencer', backlog, seconds, backlog / seconds, 'events/s', atLeast(50_000))
        then: 'the backlog held every event of the run and was numbered at the budgeted rate'
            result.allReady()
            backlog >= 200_000
            sequencer.holdsBudget()
        cleanup:
            periodicTasks.resume(LcmEventSequencer.TASK_NAME)
    }

    /** 100,000 handles registered and followed to READY, with no DMI delay: 200,000 lifecycle events. */
    MeasureResult registerHandlesToReady(String run) {
        measure(run, [handles: 100_000, batch: 2_000, tags: 5, modulesDelayMs: 0, resourcesDelayMs: 0,
                      deregister: false])
    }

    /** How long until the condition holds, polled from now. */
    static double secondsUntil(Closure<Boolean> condition) {
        def startNanos = System.nanoTime()
        new PollingConditions(timeout: 300, delay: 0.05).eventually {
            assert condition()
        }
        (System.nanoTime() - startNanos) / 1e9
    }

    /** The records on the topic whose key starts with the prefix, as a consumer reads them. */
    static List<ConsumerRecord<String, String>> recordsOnTopic(String keyPrefix, long expected) {
        def properties = ['bootstrap.servers' : TestKafka.BOOTSTRAP_SERVERS, 'group.id': 'perf-' + UUID.randomUUID(),
                          'auto.offset.reset' : 'earliest', 'key.deserializer': StringDeserializer.name,
                          'value.deserializer': StringDeserializer.name, 'max.poll.records': '10000']
        def records = []
        new KafkaConsumer<String, String>(properties as Map<String, Object>).withCloseable { consumer ->
            consumer.subscribe([TOPIC])
            def deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos()
            while (records.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(100)).each { if (it.key().startsWith(keyPrefix)) records << it }
            }
        }
        records
    }

    /**
     * Seconds the service's producer takes to send the records to a new topic of as many partitions, in the
     * relay's batches, each acknowledged before the next (KafkaSends, as the relay does).
     */
    double secondsToSend(List<ConsumerRecord<String, String>> records) {
        def topic = TOPIC + '-limit'
        Admin.create(['bootstrap.servers': TestKafka.BOOTSTRAP_SERVERS] as Map<String, Object>).withCloseable {
            it.createTopics([new NewTopic(topic, lcmEventsProperties.topicPartitions(), (short) 1)]).all().get()
        }
        def batches = records.collect {
            new ProducerRecord<String, String>(topic, null, it.key(), it.value(), it.headers())
        }.collate(lcmEventsProperties.relayBatchSize())
        def startNanos = System.nanoTime()
        batches.each { KafkaSends.sendAll(kafkaTemplate, it, 'records') }
        (System.nanoTime() - startNanos) / 1e9
    }

    long outboxEvents() {
        jdbcTemplate.queryForObject('SELECT count(*) FROM ncmp_lcm_outbox', Long)
    }

    void waitUntilAllSent() {
        new PollingConditions(timeout: 300, delay: 0.1).eventually {
            assert lcmEventRelay.allSent()
        }
    }

    long unsentEvents() {
        jdbcTemplate.queryForObject('''SELECT count(*) FROM ncmp_lcm_event e JOIN ncmp_lcm_relay r
            USING (relay_partition) WHERE e.position > r.sent_position''', Long)
    }

    /** Counts the records on the topic whose key starts with the prefix, noting when the last one arrived. */
    static class TopicCounter {
        final String keyPrefix
        final AtomicLong count = new AtomicLong()
        final AtomicLong lastEventNanos = new AtomicLong()

        TopicCounter(String keyPrefix) {
            this.keyPrefix = keyPrefix
        }

        void countUntil(long expected, Duration timeout) {
            def properties = ['bootstrap.servers' : TestKafka.BOOTSTRAP_SERVERS, 'group.id': 'perf-' + UUID.randomUUID(),
                              'auto.offset.reset' : 'earliest', 'key.deserializer': StringDeserializer.name,
                              'value.deserializer': StringDeserializer.name, 'max.poll.records': '10000']
            new KafkaConsumer<String, String>(properties as Map<String, Object>).withCloseable { consumer ->
                consumer.subscribe([TOPIC])
                def deadline = System.nanoTime() + timeout.toNanos()
                while (count.get() < expected && System.nanoTime() < deadline) {
                    def records = consumer.poll(Duration.ofMillis(100))
                    def matching = records.count { it.key().startsWith(keyPrefix) }
                    if (matching > 0) {
                        count.addAndGet(matching)
                        lastEventNanos.set(System.nanoTime())
                    }
                }
            }
        }
    }
}
