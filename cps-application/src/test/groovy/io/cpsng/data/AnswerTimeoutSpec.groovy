package io.cpsng.data

import com.github.tomakehurst.wiremock.WireMockServer
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.KafkaInstance
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpCmHandleService
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.charset.StandardCharsets
import java.time.Duration

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse
import static com.github.tomakehurst.wiremock.client.WireMock.post
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * A data plugin that accepts asynchronous reads and never sends their results (the reference leaves its client
 * waiting for ever): through the server on a port, two instances on one database and a real broker, the client's
 * topic gets, once the answer timeout has passed, one event with 102 for the targets nobody answered, sent by one
 * instance, also when the instance that accepted the request is gone.
 */
class AnswerTimeoutSpec extends Specification {

    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(2)

    @Shared
    @AutoCleanup('stop')
    DmiStub modelPlugin = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    @AutoCleanup('stop')
    WireMockServer dataPlugin = new WireMockServer(options().dynamicPort())

    @Shared
    String run = UUID.randomUUID().toString().take(8)

    @Shared
    ConfigurableApplicationContext first

    @Shared
    ConfigurableApplicationContext second

    HttpClient httpClient = HttpClient.newHttpClient()
    String clientTopic = "client-${UUID.randomUUID().toString().take(8)}"

    def setupSpec() {
        dataPlugin.start()
        dataPlugin.stubFor(post(urlPathEqualTo('/dmi/v1/data')).willReturn(aResponse().withStatus(202)))
        dataPlugin.stubFor(post(urlPathMatching('/dmi/v1/ch/.*/data/ds/.*')).willReturn(aResponse().withStatus(204)))
        first = startInstance(['--ncmp.module-sync.enabled=true', '--ncmp.module-sync.interval=100ms'])
        second = startInstance([])
        def cmHandles = (1..4).collect { new CmHandle(id(it), null, null, null, [:], [:], 'tag-1', "me=${id(it)}",
            null, null, null) }
        assert first.getBean(NcmpDmiRegistrationService).updateDmiRegistration(new DmiPluginRegistration(null,
            "http://127.0.0.1:${dataPlugin.port()}", modelPlugin.baseUrl(), null, null, cmHandles, [], [], null)).allSucceeded()
        new PollingConditions(timeout: 30, delay: 0.1).eventually {
            (1..4).each { assert first.getBean(NcmpCmHandleService).getCmHandle(id(it)).state().cmHandleState() == CmHandleState.READY }
        }
    }

    def cleanupSpec() {
        first?.close()
        second?.close()
    }

    def 'Targets a plugin accepted and never answered are told as 102, in one event, once the answer timeout passes'() {
        when: 'two handles are read by alternate id, and their plugin accepts the read'
            def acceptedAt = System.currentTimeMillis()
            def requestId = requestIdOf(postRead(first, ["me=${id(1)}", "me=${id(2)}"]))
        then: 'the client\'s topic gets one event from NCMP for the request, naming both as its plugin knows them'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(20)) { it.size() >= 1 }
            records*.key() == [requestId]
            header(records[0], 'ce_source') == 'NCMP'
            header(records[0], 'ce_correlationid') == requestId
            new JsonSlurper().parseText(records[0].value()).data.responses == [[operationId: 'op-1',
                ids: [id(1), id(2)], resourceIdentifier: 'parent/child', options: '(fields=a)', statusCode: '102',
                statusMessage: 'dmi plugin service is not responding']]
        and: 'not before the timeout'
            records[0].timestamp() - acceptedAt >= ANSWER_TIMEOUT.toMillis() - 100
    }

    def 'A target its plugin answered is not told of again: only the others time out'() {
        given: 'a read of three handles'
            def requestId = requestIdOf(postRead(first, [id(1), id(2), id(3)]))
        when: 'the plugin sends the result of one of them, as the reference\'s DMI stub does'
            TestKafka.send([dmiResult(requestId, id(2))])
        then: 'the client gets that result, then one event with 102 for the two others'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(20)) { it.size() >= 2 }
            records.collect { header(it, 'ce_source') } == ['DMI', 'NCMP']
            new JsonSlurper().parseText(records[1].value()).data.responses*.subMap(['ids', 'statusCode']) ==
                [[ids: [id(1), id(3)], statusCode: '102']]
    }

    def 'A request whose every target was answered gets no event of NCMP\'s'() {
        given: 'a read of one handle'
            def requestId = requestIdOf(postRead(second, [id(4)]))
        when: 'its plugin sends the result'
            TestKafka.send([dmiResult(requestId, id(4))])
        then: 'twice the timeout later, the client\'s topic has the result and nothing else'
            def records = TestKafka.readUntil(clientTopic, ANSWER_TIMEOUT.multipliedBy(2)) { false }
            records.collect { header(it, 'ce_source') } == ['DMI']
    }

    def 'With two instances looking, each of 20 requests not answered is told exactly once'() {
        when: '20 reads are accepted, by one instance and the other in turn'
            def requestIds = (1..20).collect { requestIdOf(postRead(it % 2 ? first : second, [id(it % 4 + 1)])) }
        then: 'the client\'s topic gets 20 events of 102, one per request, and no more after another timeout'
            TestKafka.readUntil(clientTopic, Duration.ofSeconds(20)) { it.size() >= 20 }
            def records = TestKafka.readUntil(clientTopic, ANSWER_TIMEOUT) { false }
            records.size() == 20
            records*.key().toSet() == requestIds.toSet()
            records.every { new JsonSlurper().parseText(it.value()).data.responses*.statusCode == ['102'] }
    }

    def 'A pass-through read to a topic whose plugin never sends its result is told as 102, as the batch read is'() {
        when: 'a handle is read with a topic, and its plugin accepts the read'
            def response = httpClient.send(HttpRequest.newBuilder(URI.create("${baseUrl(second)}/ncmp/v1/ch/${id(3)}" +
                "/data/ds/ncmp-datastore:passthrough-operational?resourceIdentifier=parent/child&topic=${clientTopic}"))
                .build(), HttpResponse.BodyHandlers.ofString())
            def requestId = requestIdOf(response)
        then: 'the client\'s topic gets the event the plugin\'s refusal would have made, with 102'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(20)) { it.size() >= 1 }
            records*.key() == [requestId]
            new JsonSlurper().parseText(records[0].value()).data.responses == [[ids: [id(3)],
                resourceIdentifier: 'parent/child', statusCode: '102', statusMessage: 'dmi plugin service is not responding']]
    }

    def 'A pass-through read whose plugin sent its result gets no event of NCMP\'s'() {
        given: 'a handle read with a topic'
            def requestId = requestIdOf(httpClient.send(HttpRequest.newBuilder(URI.create("${baseUrl(first)}/ncmp/v1/ch/" +
                "${id(1)}/data/ds/ncmp-datastore:passthrough-operational?resourceIdentifier=x&topic=${clientTopic}"))
                .build(), HttpResponse.BodyHandlers.ofString()))
        when: 'its plugin sends the result as the reference\'s DMI plugin does: legacy JSON'
            TestKafka.send([new ProducerRecord<String, String>("m2m-${run}", requestId, JsonOutput.toJson([
                eventId: 'e-1', eventCorrelationId: requestId, eventTime: '2026-11-27T10:00:00.000+0000',
                eventTarget: clientTopic, eventType: 'org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent',
                eventSchema: 'urn:cps:org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent', eventSchemaVersion: 'v1',
                eventSource: 'org.onap.cps.ncmp.dmi', eventContent: ['response-status': 'OK', 'response-code': '200',
                'response-data': [a: 1]]]))])
        then: 'twice the timeout later, the client\'s topic has the forwarded result only'
            def records = TestKafka.readUntil(clientTopic, ANSWER_TIMEOUT.multipliedBy(2)) { false }
            records.size() == 1
            new JsonSlurper().parseText(records[0].value()).forwardedEvent.'response-data' == [a: 1]
    }

    def 'A request outlives the instance that accepted it: another tells its client'() {
        given: 'a third instance'
            def third = startInstance([])
        when: 'it accepts a read and is closed at once, before the timeout'
            def requestId = requestIdOf(postRead(third, [id(2)]))
            third.close()
        then: 'the client\'s topic still gets the 102 event, from one of the others'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(20)) { it.size() >= 1 }
            records*.key() == [requestId]
            new JsonSlurper().parseText(records[0].value()).data.responses*.statusCode == ['102']
        cleanup:
            third?.close()
    }

    ConfigurableApplicationContext startInstance(List<String> settings) {
        KafkaInstance.start(run, settings + ["--ncmp.data-operations.m2m-topic=m2m-${run}",
            "--ncmp.data-operations.consumer-group=m2m-${run}", "--ncmp.data-operations.answer-timeout=${ANSWER_TIMEOUT.toSeconds()}s"])
    }

    String id(int number) {
        "timeout-${number}-${run}"
    }

    HttpResponse<String> postRead(ConfigurableApplicationContext instance, List<String> targetIds) {
        def body = JsonOutput.toJson([operations: [[operation: 'read', operationId: 'op-1',
            datastore: 'ncmp-datastore:passthrough-operational', options: '(fields=a)', resourceIdentifier: 'parent/child',
            targetIds: targetIds]]])
        httpClient.send(HttpRequest.newBuilder(URI.create("${baseUrl(instance)}/ncmp/v1/data?topic=${clientTopic}"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    static String baseUrl(ConfigurableApplicationContext instance) {
        "http://127.0.0.1:${KafkaInstance.portOf(instance)}"
    }

    static String requestIdOf(HttpResponse<String> response) {
        assert response.statusCode() == 200: response.body()
        new JsonSlurper().parseText(response.body()).requestId
    }

    /** A result as the reference's DMI stub sends it: one handle of one operation, a CloudEvent with a random key. */
    ProducerRecord<String, String> dmiResult(String requestId, String cmHandleId) {
        def headers = [ce_specversion: '1.0', ce_id: UUID.randomUUID().toString(), ce_source: 'DMI',
                       ce_type: 'org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent',
                       ce_destination: clientTopic, ce_correlationid: requestId]
            .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
        def value = JsonOutput.toJson([data: [responses: [[operationId: 'op-1', ids: [cmHandleId],
            resourceIdentifier: 'parent/child', statusCode: '0', statusMessage: 'Successfully applied changes',
            result: [a: 1]]]]])
        new ProducerRecord<String, String>("m2m-${run}", null, UUID.randomUUID().toString(), value, headers)
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8)
    }
}
