package io.cpsng.datajobs

import groovy.json.JsonOutput
import io.cpsng.KafkaInstance
import io.cpsng.RawHttp
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.nio.charset.StandardCharsets

/**
 * CM data job subscriptions (#29) as the reference's clients and DMI plugins use them, through the server on a port
 * with a real broker and PostgreSQL: clients' dataJobCreated / dataJobDeleted on the subscription topic, requests to
 * the plugins and their answers (our DMI stub answers as the reference's plugin), and what the reference lacks: a
 * selector no handle owns REJECTED, answers of plugins not asked ignored, unanswered selectors sent again, and the
 * status readable over REST.
 */
class DataJobSubscriptionSpec extends Specification {

    static final DmiStubKafka KAFKA = DmiStubKafka.NONE.withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS)

    @Shared
    @AutoCleanup('stop')
    DmiStub pluginA = DmiStub.start(0, DmiStubSettings.DEFAULTS, KAFKA)

    @Shared
    @AutoCleanup('stop')
    DmiStub pluginB = DmiStub.start(0, DmiStubSettings.DEFAULTS, KAFKA)

    @Shared
    String run = UUID.randomUUID().toString().take(8)

    @Shared
    @AutoCleanup
    ConfigurableApplicationContext instance = startInstance()

    @Shared
    RawHttp http = new RawHttp(KafkaInstance.portOf(instance))

    def setupSpec() {
        register(pluginA, 'a-1', 'a-2')
        register(pluginB, 'b-1')
    }

    def cleanup() {
        [pluginA, pluginB]*.answerSubscriptions('ACCEPTED')
    }

    def 'Each selector goes to the plugin of the handle owning it, which accepts it; one no handle owns is REJECTED'() {
        given: 'the requests each plugin had'
            def (requestsA, requestsB) = [pluginA.subscriptionRequests(), pluginB.subscriptionRequests()]
        when: 'a client creates a data job of selectors under a-1, a-2 and b-1, and one under no handle'
            sendClientEvent('dataJobCreated', 'job-1', [selector('a-1'), selector('a-2') + '/attributes', selector('b-1'),
                                                         selector('nobody')].join('\n'))
        then: 'each plugin\'s selectors are ACCEPTED, the one no handle owns REJECTED'
            awaitStatus('job-1', [(selector('a-1')): 'ACCEPTED', (selector('a-2') + '/attributes'): 'ACCEPTED',
                                  (selector('b-1')): 'ACCEPTED', (selector('nobody')): 'REJECTED'])
        and: 'each plugin had one request, for all its selectors'
            pluginA.subscriptionRequests() == requestsA + 1
            pluginB.subscriptionRequests() == requestsB + 1
        and: 'the subscription is stored where the reference stores it'
            storedSelectors().containsAll([selector('a-1'), selector('b-1'), selector('nobody')])
    }

    def 'A plugin that rejects leaves its selectors REJECTED'() {
        given: 'plugin B rejects'
            pluginB.answerSubscriptions('REJECTED')
        when: 'a data job of a selector under b-1 is created'
            sendClientEvent('dataJobCreated', 'job-2', selector('b-1') + '/rejected')
        then: 'it is REJECTED'
            awaitStatus('job-2', [(selector('b-1') + '/rejected'): 'REJECTED'])
    }

    def 'A selector two jobs share is sent once, and deleted at its plugin only with the last of them'() {
        given: 'the requests plugin A had'
            def requests = pluginA.subscriptionRequests()
            def shared = selector('a-1') + '/shared'
        when: 'two data jobs with the same selector are created'
            sendClientEvent('dataJobCreated', 'job-3', shared)
            awaitStatus('job-3', [(shared): 'ACCEPTED'])
            sendClientEvent('dataJobCreated', 'job-4', shared)
            awaitStatus('job-4', [(shared): 'ACCEPTED'])
        then: 'the plugin was asked once'
            pluginA.subscriptionRequests() == requests + 1
        when: 'the first job is deleted'
            sendClientEvent('dataJobDeleted', 'job-3', null)
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert statusOf('job-3').status == 404 }
        then: 'the plugin is not asked to delete it: the other job still has it'
            sleep(1_000)
            pluginA.subscriptionRequests() == requests + 1
            statusOf('job-4').status == 200
        when: 'the last job is deleted'
            sendClientEvent('dataJobDeleted', 'job-4', null)
        then: 'the plugin is asked to delete it, and the subscription is gone'
            new PollingConditions(timeout: 30, delay: 0.2).eventually { assert pluginA.subscriptionRequests() == requests + 2 }
            statusOf('job-4').status == 404
            !storedSelectors().contains(shared)
    }

    def 'A plugin that does not answer leaves its selector PENDING, sent again after the timeout, until it answers'() {
        given: 'plugin A does not answer'
            pluginA.answerSubscriptions('NONE')
            def requests = pluginA.subscriptionRequests()
            def unanswered = selector('a-2') + '/unanswered'
        when: 'a data job of a selector under a-2 is created'
            sendClientEvent('dataJobCreated', 'job-5', unanswered)
        then: 'it is PENDING'
            awaitStatus('job-5', [(unanswered): 'PENDING'])
        and: 'sent again once the answer timeout (3 s) has passed'
            new PollingConditions(timeout: 30, delay: 0.5).eventually { assert pluginA.subscriptionRequests() >= requests + 2 }
        when: 'the plugin answers again'
            pluginA.answerSubscriptions('ACCEPTED')
        then: 'the next request is accepted'
            awaitStatus('job-5', [(unanswered): 'ACCEPTED'])
    }

    def 'An answer from a plugin that was not asked changes nothing'() {
        given: 'plugin A does not answer, and a data job of a selector under a-1'
            pluginA.answerSubscriptions('NONE')
            def selectorOfA = selector('a-1') + '/not-asked'
            sendClientEvent('dataJobCreated', 'job-6', selectorOfA)
            awaitStatus('job-6', [(selectorOfA): 'PENDING'])
        when: 'plugin B\'s name answers for the job'
            TestKafka.send([dmiAnswer("job-6-${run}#${pluginB.baseUrl()}".toString(), 'ACCEPTED')])
        then: 'the selector stays PENDING'
            sleep(2_000)
            (statusOf('job-6').json.selectors as List).collect { it.status } == ['PENDING']
    }

    def 'Events that cannot be taken are skipped, and those after them taken: #problem'() {
        when: 'a bad event is sent, then a good one'
            TestKafka.send([new ProducerRecord<String, String>("subscription-${run}".toString(), null, value),
                            clientEvent('dataJobCreated', goodJob, selector('a-1') + "/${goodJob}")])
        then: 'the good one is taken'
            awaitStatus(goodJob, [(selector('a-1') + "/${goodJob}".toString()): 'ACCEPTED'])
        where:
            problem                | goodJob     | value
            'not JSON'             | 'after-1'   | '{"eventType":'
            'no data job id'       | 'after-2'   | '{"eventType":"dataJobCreated","event":{"dataJob":{}}}'
            'an unknown eventType' | 'after-3'   | '{"eventType":"dataJobPaused","event":{"dataJob":{"id":"x"}}}'
            'no selector'          | 'after-4'   | '{"eventType":"dataJobCreated","event":{"dataJob":{"id":"x","productionJobDefinition":{}}}}'
            'a NUL in the job id'  | 'after-5'   | '{"eventType":"dataJobCreated","event":{"dataJob":{"id":"x\\u0000y","productionJobDefinition":{"targetSelector":{"dataNodeSelector":"/a"}}}}}'
            'a NUL in its filter'  | 'after-6'   | '{"eventType":"dataJobCreated","event":{"dataJob":{"id":"z","productionJobDefinition":{"targetSelector":{"dataNodeSelector":"/a"},"dataSelector":{"notificationFilter":"\\u0000"}}}}}'
            'a selector of 3,000 characters' | 'after-7' | '{"eventType":"dataJobCreated","event":{"dataJob":{"id":"w","productionJobDefinition":{"targetSelector":{"dataNodeSelector":"/' + 'a' * 3000 + '"}}}}}'
    }

    def 'A data job with no subscription answers 404'() {
        expect:
            statusOf('no-such-job').status == 404
            statusOf('no-such-job').json.message == 'Data job not subscribed'
    }

    ConfigurableApplicationContext startInstance() {
        KafkaInstance.start(run, ['--ncmp.datajob.subscription.enabled=true', "--ncmp.datajob.subscription.topic=subscription-${run}",
                                  "--ncmp.datajob.subscription.consumer-group=subscriptions-${run}",
                                  '--ncmp.datajob.subscription.answer-timeout=3s']*.toString())
    }

    void register(DmiStub plugin, String... names) {
        def handles = names.collect { [cmHandle: "${it}-${run}".toString(), alternateId: alternateId(it),
                                       cmHandleProperties: [secret: 'for the plugin']] }
        assert http.post('/ncmpInventory/v1/ch', 'application/json',
            JsonOutput.toJson([dmiPlugin: plugin.baseUrl(), createdCmHandles: handles])).status == 200
    }

    String alternateId(String name) {
        "/SubNetwork=SN-${run}/ManagedElement=${name}"
    }

    String selector(String name) {
        "/SubNetwork[id=\"SN-${run}\"]/ManagedElement[id=\"${name}\"]"
    }

    void sendClientEvent(String eventType, String dataJobId, String dataNodeSelector) {
        TestKafka.send([clientEvent(eventType, dataJobId, dataNodeSelector)])
    }

    /** As the reference's clients send it: plain JSON, no key, no headers. */
    ProducerRecord<String, String> clientEvent(String eventType, String dataJobId, String dataNodeSelector) {
        def dataJob = [id: "${dataJobId}-${run}".toString()]
        if (dataNodeSelector != null) {
            dataJob.productionJobDefinition = [targetSelector: [dataNodeSelector: dataNodeSelector],
                                               dataSelector: [notificationTypes: [''], notificationFilter: '']]
        }
        new ProducerRecord<String, String>("subscription-${run}".toString(), null,
            JsonOutput.toJson([eventType: eventType, event: [dataJob: dataJob, dataType: [dataTypeId: '']]]))
    }

    ProducerRecord<String, String> dmiAnswer(String correlationId, String verdict) {
        def headers = [ce_specversion: '1.0', ce_id: UUID.randomUUID().toString(), ce_source: 'dmi-stub',
                       ce_type: 'subscriptionCreateResponse', ce_correlationid: correlationId]
            .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
        new ProducerRecord<String, String>('dmi-ncmp-cm-avc-subscription', null, null,
            JsonOutput.toJson([data: [statusCode: '1', statusMessage: verdict]]), headers)
    }

    RawHttp.Response statusOf(String dataJobId) {
        http.get("/ncmp/v1/dataJobs/${dataJobId}-${run}/subscription")
    }

    void awaitStatus(String dataJobId, Map<String, String> statusBySelector) {
        new PollingConditions(timeout: 30, delay: 0.2).eventually {
            def response = statusOf(dataJobId)
            assert response.status == 200
            assert (response.json.selectors as List).collectEntries { [it.dataNodeSelector, it.status] } == statusBySelector
        }
    }

    List<String> storedSelectors() {
        def nodes = http.get('/cps/api/v2/dataspaces/NCMP-Admin/anchors/cm-data-job-subscriptions/node?xpath=/dataJob&descendants=all').json
        // the node is named by its module's prefix, as every read names it
        (nodes[0].'cps-djs:dataJob'.subscription ?: []).collect { it.dataNodeSelector }
    }
}
