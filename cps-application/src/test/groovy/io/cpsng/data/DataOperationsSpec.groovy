package io.cpsng.data

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.http.Fault
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpCmHandleService
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.micrometer.core.instrument.MeterRegistry
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.clients.producer.ProducerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
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
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * Data operations on many handles with results on Kafka (POST /ncmp/v1/data?topic=), through the server on a port
 * and a real broker, as the reference's clients use them: the data plugin (a WireMock here, so the spec can see what
 * it gets and make it fail) is called once per plugin with the handles' properties; its results, sent to
 * ncmp-async-m2m, reach the client's topic keyed by the request id; unknown, not READY and plugin-failure targets
 * become the reference's error events.
 */
class DataOperationsSpec extends Specification {

    @Shared
    @AutoCleanup('stop')
    DmiStub modelPlugin = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    @AutoCleanup('stop')
    WireMockServer dataPlugin = new WireMockServer(options().dynamicPort())

    @Shared
    String run = UUID.randomUUID().toString().take(8)

    @Shared
    ConfigurableApplicationContext instance

    HttpClient httpClient = HttpClient.newHttpClient()
    String clientTopic = "client-${UUID.randomUUID().toString().take(8)}"

    def setupSpec() {
        dataPlugin.start()
        instance = new SpringApplicationBuilder(Application).run((TestDatabase.applicationArguments() + [
            '--spring.datasource.hikari.maximum-pool-size=5',
            '--server.port=0',
            '--security.auth.enabled=false',
            '--ncmp.module-sync.interval=100ms',
            '--ncmp.dmi.health-check-interval=0s',
            "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            "--ncmp.lcm-events.topic=lcm-${run}",
            "--ncmp.lcm-events.inventory-events-topic=inventory-${run}",
            "--ncmp.data-operations.m2m-topic=m2m-${run}",
            "--ncmp.data-operations.consumer-group=m2m-${run}"]*.toString()) as String[])
        register()
        new PollingConditions(timeout: 30, delay: 0.1).eventually {
            ['ready-1', 'ready-2', 'ready-3'].each {
                assert instance.getBean(NcmpCmHandleService).getCmHandle("${it}-${run}").state().cmHandleState() == CmHandleState.READY
            }
            assert instance.getBean(NcmpCmHandleService).getCmHandle("locked-1-${run}").state().cmHandleState() == CmHandleState.LOCKED
        }
    }

    def cleanupSpec() {
        instance?.close()
    }

    def setup() {
        dataPlugin.resetAll()
        dataPlugin.stubFor(post(urlPathEqualTo('/dmi/v1/data')).willReturn(aResponse().withStatus(202)))
    }

    def 'A batch read is answered with a request id, and the plugin gets its handles once, with their properties'() {
        when: 'three handles are read, by alternate id and by id'
            def response = postDataOperation(clientTopic, operations([alt('ready-1'), "ready-2-${run}", alt('ready-3')]))
        then: 'the answer is 200 with a request id'
            response.statusCode() == 200
            def requestId = new JsonSlurper().parseText(response.body()).requestId
            requestId ==~ /[0-9a-f-]{36}/
        and: 'the data plugin gets one request with the topic and request id, naming every handle by id'
            new PollingConditions(timeout: 10).eventually {
                assert dataPlugin.findAll(postRequestedFor(urlPathEqualTo('/dmi/v1/data'))).size() == 1
            }
            def dmiRequest = dataPlugin.findAll(postRequestedFor(urlPathEqualTo('/dmi/v1/data')))[0]
            dmiRequest.queryParameter('topic').firstValue() == clientTopic
            dmiRequest.queryParameter('requestId').firstValue() == requestId
            def dmiOperations = new JsonSlurper().parseText(dmiRequest.bodyAsString).operations
            dmiOperations.size() == 1
            dmiOperations[0].findAll { it.key != 'cmHandles' } == [operation: 'read', operationId: 'operational-12',
                datastore: 'ncmp-datastore:passthrough-operational', options: '(fields=schemas/schema)',
                resourceIdentifier: 'parent/child']
            dmiOperations[0].cmHandles == ['ready-1', 'ready-2', 'ready-3'].collect {
                [id: "${it}-${run}".toString(), cmHandleProperties: [neType: 'RadioNode'], moduleSetTag: 'tag-1'] }
        when: 'the plugin sends its result to ncmp-async-m2m, as the reference\'s DMI stub does'
            TestKafka.send([dmiResult(clientTopic, requestId, "ready-1-${run}")])
        then: 'the client\'s topic gets it, keyed by the request id, with the plugin\'s headers and value'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records.size() == 1
            records[0].key() == requestId
            header(records[0], 'ce_source') == 'DMI'
            header(records[0], 'ce_correlationid') == requestId
            new JsonSlurper().parseText(records[0].value()).data.responses[0].statusCode == '0'
    }

    def 'With our DMI stub as the plugin, each handle\'s result reaches the client\'s topic, as with the reference\'s stub'() {
        given: 'a DMI stub sending its results to ncmp-async-m2m, and three handles of it READY'
            def kafkaStub = DmiStub.start(0, DmiStubSettings.DEFAULTS.withDataDelayMs(300),
                DmiStubKafka.NONE.withFlag('--kafka-bootstrap-servers', TestKafka.BOOTSTRAP_SERVERS).withFlag('--m2m-topic', "m2m-${run}"))
            def ids = (1..3).collect { "stub-${it}-${run}".toString() }
            assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(new DmiPluginRegistration(kafkaStub.baseUrl(),
                null, null, null, null, ids.collect { new CmHandle(it, null, null, null, [:], [:], 'tag-1', null, null, null, null) },
                [], [], null)).allSucceeded()
            new PollingConditions(timeout: 30, delay: 0.1).eventually {
                ids.each { assert instance.getBean(NcmpCmHandleService).getCmHandle(it).state().cmHandleState() == CmHandleState.READY }
            }
        when: 'the three are read in one request'
            def requestId = requestIdOf(postDataOperation(clientTopic, operations(ids)))
        then: 'the client\'s topic gets one result per handle, keyed by the request id, with status 0'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 3 }
            records.size() == 3
            records.every { it.key() == requestId && header(it, 'ce_correlationid') == requestId && header(it, 'ce_source') == 'DMI' }
            records.collect { new JsonSlurper().parseText(it.value()).data.responses[0] }.collectMany { it.ids }.toSet() == ids.toSet()
            records.every { new JsonSlurper().parseText(it.value()).data.responses[0].statusCode == '0' }
        cleanup:
            kafkaStub?.stop()
    }

    def 'A result for a topic no client may name (#scenario) is not forwarded, and the results after it are'() {
        given: 'a plugin\'s result for that destination, then one for the client\'s topic, in one partition'
            def hostileRequestId = "hostile-${UUID.randomUUID()}".toString()
            TestKafka.send([dmiResult(destination.replace('RUN', run), hostileRequestId, 'ready-1', 'one-partition'),
                            dmiResult(clientTopic, 'after-hostile', 'ready-2', 'one-partition')])
        when: 'the client\'s topic is read until its result is there'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
        then: 'the result after the hostile one is forwarded: the results are not held behind it'
            records*.key() == ['after-hostile']
        and: 'the hostile one is on the m2m topic once, as sent: it was not forwarded there again'
            TestKafka.readUntil("m2m-${run}", Duration.ofSeconds(2)) { false }
                .count { header(it, 'ce_correlationid') == hostileRequestId } == 1
        and: 'it is counted'
            instance.getBean(MeterRegistry).counter('ncmp.data-operations.results-not-forwarded').count() >= 1
        where: 'the destination is'
            scenario               | destination
            'a name Kafka refuses' | 'bad topic!!'
            'the m2m topic itself' | 'm2m-RUN'
    }

    def 'A result record without a value is skipped, and the results after it are forwarded'() {
        given: 'a plugin\'s result whose value is null (a tombstone), then one for the client\'s topic, in one partition'
            def tombstone = dmiResult(clientTopic, 'tombstone', 'ready-1', 'one-partition')
            TestKafka.send([new ProducerRecord<String, String>(tombstone.topic(), null, tombstone.key(), null,
                tombstone.headers()), dmiResult(clientTopic, 'after-tombstone', 'ready-2', 'one-partition')])
        when: 'the client\'s topic is read until a result is there'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
        then: 'it is the one after the tombstone: reading the tombstone as a result failed the batch at every retry'
            records*.key() == ['after-tombstone']
    }

    def 'Unknown and not-READY targets are one error event with codes 100 and 101, named as the client named them'() {
        when: 'a read names an unknown handle, a LOCKED one and a READY one'
            def requestId = requestIdOf(postDataOperation(clientTopic, operations([alt('unknown'), "locked-1-${run}", alt('ready-1')])))
        then: 'the client\'s topic gets one event from NCMP with both errors'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records.size() == 1
            records[0].key() == requestId
            header(records[0], 'ce_source') == 'NCMP'
            header(records[0], 'ce_type') == 'org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent'
            header(records[0], 'ce_correlationid') == requestId
            header(records[0], 'ce_destination') == clientTopic
            new JsonSlurper().parseText(records[0].value()).data.responses == [
                [operationId: 'operational-12', ids: [alt('unknown')], resourceIdentifier: 'parent/child',
                 options: '(fields=schemas/schema)', statusCode: '100', statusMessage: 'cm handle reference(s) not found'],
                [operationId: 'operational-12', ids: ["locked-1-${run}".toString()], resourceIdentifier: 'parent/child',
                 options: '(fields=schemas/schema)', statusCode: '101', statusMessage: 'cm handle(s) not ready']]
    }

    def 'A plugin that answers #pluginStatus makes an error event #code for its handles'() {
        given: 'the data plugin answers #pluginStatus'
            dataPlugin.stubFor(post(urlPathEqualTo('/dmi/v1/data')).willReturn(aResponse().withStatus(pluginStatus)))
        when: 'a read names READY handles'
            def requestId = requestIdOf(postDataOperation(clientTopic, operations([alt('ready-1'), alt('ready-2')])))
        then: 'the client\'s topic gets an error event naming them by id'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records*.key() == [requestId]
            def responses = new JsonSlurper().parseText(records[0].value()).data.responses
            responses*.statusCode == [code]
            responses[0].ids == ["ready-1-${run}", "ready-2-${run}"]*.toString()
        where:
            pluginStatus || code
            503          || '103'
            408          || '102'
    }

    def 'A request NCMP cannot serve is refused at once: #scenario'() {
        when: 'it is posted'
            def response = postDataOperation(topic, body)
        then: 'the answer is #status JSON saying what was wrong'
            response.statusCode() == status
            new JsonSlurper().parseText(response.body()).message == message
        and: 'nothing reached the plugin'
            dataPlugin.findAll(postRequestedFor(urlPathEqualTo('/dmi/v1/data'))).isEmpty()
        where:
            scenario                 | topic        | body                                                      || status | message
            'an invalid topic name'  | 'bad topic!' | operations(['me=ready-1'])                                || 400    | 'Invalid topic name'
            'the m2m topic'          | "m2m-${run}" | operations(['me=ready-1'])                                || 400    | 'Invalid topic name'
            'a write operation'      | 'client'     | operations(['me=ready-1'], 'create')                      || 400    | 'Invalid operation'
            'the cached datastore'   | 'client'     | operations(['me=ready-1'], 'read', 'ncmp-datastore:operational') || 400 | 'Invalid datastore'
            '201 targets'            | 'client'     | operations((1..201).collect { "t-${it}".toString() })     || 413    | "Operation 'operational-12' affects too many (201) cm handles"
            'a parameter not served' | 'client&includeDescendants=true' | operations(['me=ready-1'])            || 400    | 'Parameter not served'
    }

    def 'A pass-through read with a topic answers a request id at once, and the plugin\'s result reaches the topic'() {
        given: 'the data plugin accepts reads to a topic as the reference\'s DMI does'
            dataPlugin.stubFor(post(urlPathMatching('/dmi/v1/ch/.*/data/ds/.*')).willReturn(aResponse().withStatus(204)))
        when: 'a READY handle is read by alternate id with a topic'
            def response = httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/${URLEncoder.encode(alt('ready-1'), 'UTF-8')}" +
                "/data/ds/ncmp-datastore:passthrough-operational?resourceIdentifier=parent/child&options=(fields=a)&topic=${clientTopic}"))
                .build(), HttpResponse.BodyHandlers.ofString())
        then: 'the answer is 200 with a request id'
            response.statusCode() == 200
            def requestId = new JsonSlurper().parseText(response.body()).requestId
            requestId ==~ /[0-9a-f-]{36}/
        and: 'the plugin is asked with the topic in the query and the request id in the body'
            new PollingConditions(timeout: 10).eventually {
                assert dataPlugin.findAll(postRequestedFor(urlPathMatching('/dmi/v1/ch/.*/data/ds/.*'))).size() == 1
            }
            def dmiRequest = dataPlugin.findAll(postRequestedFor(urlPathMatching('/dmi/v1/ch/.*/data/ds/.*')))[0]
            dmiRequest.url.startsWith("/dmi/v1/ch/ready-1-${run}/data/ds/ncmp-datastore%3Apassthrough-operational")
            dmiRequest.queryParameter('topic').firstValue() == clientTopic
            dmiRequest.queryParameter('resourceIdentifier').firstValue() == 'parent/child'
            new JsonSlurper().parseText(dmiRequest.bodyAsString) == [operation: 'read', cmHandleProperties: [neType: 'RadioNode'],
                requestId: requestId, moduleSetTag: 'tag-1']
        when: 'the plugin sends its result to ncmp-async-m2m, as the reference\'s DMI plugin does: legacy JSON, no CloudEvent'
            TestKafka.send([new ProducerRecord<String, String>("m2m-${run}", requestId, JsonOutput.toJson([
                eventId: 'dmi-event-1', eventCorrelationId: requestId, eventTime: '2026-11-25T15:00:00.000+0000',
                eventTarget: clientTopic, eventType: 'org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent',
                eventSchema: 'urn:cps:org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent', eventSchemaVersion: 'v1',
                eventSource: 'org.onap.cps.ncmp.dmi', eventContent: ['response-data-schema': 'urn:cps:x:v1',
                'response-status': 'OK', 'response-code': '200', 'response-data': [cell: 1]]]))])
        then: 'the client\'s topic gets it as the reference forwards it, the plugin\'s event under forwardedEvent'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records.size() == 1
            def forwarded = new JsonSlurper().parseText(records[0].value())
            records[0].key() == forwarded.eventId
            forwarded.eventId != 'dmi-event-1'
            forwarded.eventCorrelationId == requestId
            forwarded.eventTarget == clientTopic
            forwarded.eventType == 'org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent'
            forwarded.eventTime ==~ /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000/
            forwarded.forwardedEvent.eventId == 'dmi-event-1'
            forwarded.forwardedEvent.'response-code' == '200'
            forwarded.forwardedEvent.'response-data' == [cell: 1]
    }

    def 'A pass-through read with a topic whose plugin #scenario makes an error event #code on the topic'() {
        given: 'the data plugin #scenario'
            dataPlugin.stubFor(post(urlPathMatching('/dmi/v1/ch/.*/data/ds/.*')).willReturn(pluginAnswer))
        when: 'a READY handle is read with a topic'
            def response = httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/ready-2-${run}" +
                "/data/ds/ncmp-datastore:passthrough-operational?resourceIdentifier=parent/child&topic=${clientTopic}"))
                .build(), HttpResponse.BodyHandlers.ofString())
            def requestId = requestIdOf(response)
        then: 'the client\'s topic gets the error event the batch endpoint sends for the same target, keyed by the request id'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records*.key() == [requestId]
            header(records[0], 'ce_correlationid') == requestId
            new JsonSlurper().parseText(records[0].value()).data.responses == [[ids: ["ready-2-${run}".toString()],
                resourceIdentifier: 'parent/child', statusCode: code, statusMessage: message]]
        where:
            scenario                  | pluginAnswer                                           || code  | message
            'answers 503'             | aResponse().withStatus(503)                            || '103' | 'dmi plugin service is not able to read resource data'
            'answers 408'             | aResponse().withStatus(408)                            || '102' | 'dmi plugin service is not responding'
            'drops the connection'    | aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)  || '102' | 'dmi plugin service is not responding'
    }

    def 'A read of the cached datastore with a topic answers a request id, and the cached data reach the topic'() {
        given: 'a handle whose operational data are cached: its data plugin answers the alarms its module set has'
            dataPlugin.stubFor(post(urlPathMatching("/dmi/v1/ch/ready-3-${run}/data/ds/.*")).willReturn(aResponse()
                .withHeader('Content-Type', 'application/json')
                .withBody('{"stub-alarms:alarms": {"name": "a", "enabled": true, "description": "d", "load": 42}}')))
            assert httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/ready-3-${run}/data-sync?dataSyncEnabled=true"))
                .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode() == 200
            new PollingConditions(timeout: 30, delay: 0.2).eventually {
                assert instance.getBean(NcmpCmHandleService).getCmHandle("ready-3-${run}").state().dataSyncState() == 'SYNCHRONIZED'
            }
        when: 'the cached alarms are read with a topic'
            def response = httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/ready-3-${run}" +
                "/data/ds/ncmp-datastore:operational?resourceIdentifier=/alarms&topic=${clientTopic}")).build(),
                HttpResponse.BodyHandlers.ofString())
        then: 'the answer is a request id'
            def requestId = requestIdOf(response)
        and: 'the topic gets the cached data as a plugin\'s pass-through result reaches it, under forwardedEvent'
            def records = TestKafka.readUntil(clientTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records.size() == 1
            def forwarded = new JsonSlurper().parseText(records[0].value())
            records[0].key() == forwarded.eventId
            forwarded.eventCorrelationId == requestId
            forwarded.eventTarget == clientTopic
            forwarded.eventType == 'org.onap.cps.ncmp.event.model.DmiAsyncRequestResponseEvent'
            forwarded.forwardedEvent.'response-code' == '200'
        and: 'its data are what the same read without a topic answers'
            def synchronousRead = httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/ready-3-${run}" +
                '/data/ds/ncmp-datastore:operational?resourceIdentifier=/alarms')).build(), HttpResponse.BodyHandlers.ofString())
            forwarded.forwardedEvent.'response-data' == new JsonSlurper().parseText(synchronousRead.body())
            forwarded.forwardedEvent.'response-data' == ['alarms:alarms': [name: 'a', enabled: true, description: 'd', load: 42]]
        cleanup: 'data sync off again'
            httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/ready-3-${run}/data-sync?dataSyncEnabled=false"))
                .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString())
    }

    def 'A pass-through read with a topic is refused at once: #scenario'() {
        when: 'it is asked'
            def response = httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/ch/${cmHandle}" +
                "/data/ds/ncmp-datastore:passthrough-operational?resourceIdentifier=x&topic=${topic}")).build(),
                HttpResponse.BodyHandlers.ofString())
        then: 'the answer is #status JSON'
            response.statusCode() == status
            new JsonSlurper().parseText(response.body()).message == message
        where:
            scenario            | cmHandle              | topic         || status | message
            'an invalid topic'  | "ready-1-${run}"      | 'bad%20topic' || 400    | 'Invalid topic name'
            'an unknown handle' | 'no-such-handle'      | 'client'      || 404    | 'Cm handle not found'
            'a LOCKED handle'   | "locked-1-${run}"     | 'client'      || 409    | 'Cm handle not ready'
    }

    /** Three handles that become READY, and one whose module sync fails (LOCKED): all data served by the WireMock. */
    void register() {
        def cmHandles = ['ready-1', 'ready-2', 'ready-3'].collect { new CmHandle("${it}-${run}", null, null, null,
            [neType: 'RadioNode'], [:], 'tag-1', alt(it), null, null, null) } +
            [new CmHandle("locked-1-${run}", null, null, null, [:], [:], 'failing-tag', null, null, null, null)]
        assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(new DmiPluginRegistration(null,
            "http://127.0.0.1:${dataPlugin.port()}", modelPlugin.baseUrl(), null, null, cmHandles, [], [], null)).allSucceeded()
    }

    String alt(String name) {
        "me=${name}-${run}"
    }

    static String operations(List<String> targetIds, String operation = 'read',
                             String datastore = 'ncmp-datastore:passthrough-operational') {
        JsonOutput.toJson([operations: [[operation: operation, operationId: 'operational-12', datastore: datastore,
            options: '(fields=schemas/schema)', resourceIdentifier: 'parent/child', targetIds: targetIds]]])
    }

    HttpResponse<String> postDataOperation(String topic, String body) {
        def query = topic.contains('&') ? topic : URLEncoder.encode(topic, 'UTF-8')
        httpClient.send(HttpRequest.newBuilder(uri("/ncmp/v1/data?topic=${query}"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    static String requestIdOf(HttpResponse<String> response) {
        assert response.statusCode() == 200: response.body()
        new JsonSlurper().parseText(response.body()).requestId
    }

    URI uri(String path) {
        URI.create("http://127.0.0.1:${(instance as WebServerApplicationContext).webServer.port}${path}")
    }

    /** A result as the reference's DMI stub sends it: a DataOperationEvent CloudEvent with a random key. */
    ProducerRecord<String, String> dmiResult(String topic, String requestId, String cmHandleId,
                                             String key = UUID.randomUUID().toString()) {
        def headers = [ce_specversion: '1.0', ce_id: UUID.randomUUID().toString(), ce_source: 'DMI',
                       ce_type: 'org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent',
                       ce_dataschema: 'urn:cps:org.onap.cps.ncmp.events.async1_0_0.DataOperationEvent:1.0.0',
                       ce_destination: topic, ce_correlationid: requestId]
            .collect { name, value -> new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8)) }
        def value = JsonOutput.toJson([data: [responses: [[operationId: 'operational-12', ids: [cmHandleId],
            resourceIdentifier: 'parent/child', options: '(fields=schemas/schema)', statusCode: '0',
            statusMessage: 'Successfully applied changes', result: ['ietf-network:networks': [:]]]]]])
        new ProducerRecord<String, String>("m2m-${run}", null, key, value, headers)
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8)
    }
}
