package io.cpsng.events

import com.networknt.schema.InputFormat
import com.networknt.schema.SchemaRegistry
import com.networknt.schema.SpecificationVersion
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.NcmpCmHandleService
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.time.Duration

/**
 * Lifecycle events on Kafka as the reference's consumers read them (docs/events.md): records of a handle's whole
 * life in the reference's LcmEventV1 and V2, checked against the reference's own JSON schemas
 * (src/test/resources/reference-schemas) and header conventions; and the inventory event of a trust level, as the
 * reference's CSIT suite cps-trust-level checks it.
 */
class LcmEventsReferenceFormatSpec extends Specification {

    /** The header fields in the order the reference adds them (Spring's type header, __TypeId__, comes after them). */
    static final String HEADER_FIELDS = 'eventId eventSchema eventCorrelationId eventTime eventSource eventType eventSchemaVersion'

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    ConfigurableApplicationContext instance
    String run = UUID.randomUUID().toString().take(8)

    def cleanup() {
        instance?.close()
    }

    def 'A handle\'s life in the reference format #format: valid against the reference\'s schemas, headers and key as it sends them'() {
        given: 'an instance sending #format events'
            def topic = "lcm-${format}-${run}"
            instance = startInstance(format, topic, "inventory-${run}")
            def cmHandleId = "life-${format}-${run}"
        when: 'a handle is registered with a public property, becomes READY, gets another property, and is removed'
            register(new CmHandle(cmHandleId, null, null, null, [secret: 's'], [Color: 'red'], 'tag-1', "me=${cmHandleId}",
                'producer-1', null, null))
            awaitReady(cmHandleId)
            update(new CmHandle(cmHandleId, null, null, null, [:], [Shape: 'round'], null, null, null, null, null))
            remove(cmHandleId)
        and: 'its records are read from the topic'
            def records = TestKafka.readUntil(topic, Duration.ofSeconds(60)) { it.count { it.key() == cmHandleId } >= 5 }
                .findAll { it.key() == cmHandleId }
            def values = records.collect { new JsonSlurper().parseText(it.value()) }
        then: 'the five events of its life, in order'
            values*.eventType == ['create', 'update', 'update', 'update', 'delete'].collect { "org.onap.ncmp.cmhandle-lcm-event.${it}" }
        and: 'each value is valid against the reference\'s schema of its version, and its header fields against the base'
            records.collectMany { schemaErrors(it.value(), format) } == []
        and: 'each carries the reference\'s header fields, as headers too: Java-serialized strings of the same values'
            records.every { record ->
                def value = new JsonSlurper().parseText(record.value())
                HEADER_FIELDS.split(' ').every { field ->
                    Arrays.equals(record.headers().lastHeader(field).value(), javaSerialized(value[field]))
                }
            }
        and: 'then the type header Spring\'s JSON serializer writes, the reference\'s class name as plain text, in the reference\'s order'
            records.every { header(it, '__TypeId__') == expectedTypeId }
            records.every { it.headers()*.key() == HEADER_FIELDS.split(' ').toList() + '__TypeId__' }
        and: 'the value is written as the reference\'s classes write it: the event first, then the header fields by name'
            records.every { new JsonSlurper().parseText(it.value()).keySet().toList() == ['event'] + HEADER_FIELDS.split(' ').toList().sort() }
        and: 'the key, correlation id and source are the reference\'s'
            values.every { it.eventCorrelationId == cmHandleId && it.eventSource == 'org.onap.ncmp' && it.eventSchemaVersion == '1.0' }
            values.every { it.eventSchema == expectedSchema }
            values.every { it.eventTime ==~ /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000/ }
        and: 'what changed is told as the reference tells it: the data sync flag first with READY, not at the create'
            values*.event*.newValues*.cmHandleState == ['ADVISED', 'READY', null, 'DELETING', null]
            values[0].event.newValues.cmHandleProperties == createdProperties
            !values[0].event.newValues.containsKey('dataSyncEnabled')
            values[1].event.oldValues == [cmHandleState: 'ADVISED']
            values[1].event.newValues == [dataSyncEnabled: false, cmHandleState: 'READY']
            values[2].event.newValues.cmHandleProperties == addedProperties
            values[4].event.oldValues == null && values[4].event.newValues == null
            values.every { it.event.cmHandleId == cmHandleId && it.event.alternateId == "me=${cmHandleId}".toString() }
        and: 'v1 carries the module set tag and data producer in every event'
            format == 'v2' || values.every { it.event.moduleSetTag == 'tag-1' && it.event.dataProducerIdentifier == 'producer-1' }
        where:
            format | expectedSchema                        | expectedTypeId                             | createdProperties | addedProperties
            'v1'   | 'org.onap.ncmp:cmhandle-lcm-event'    | 'org.onap.cps.ncmp.events.lcm.LcmEventV1'  | [[Color: 'red']]  | [[Shape: 'round']]
            'v2'   | 'org.onap.ncmp:cmhandle-lcm-event.v2' | 'org.onap.cps.ncmp.events.lcm.LcmEventV2'  | [Color: 'red']    | [Shape: 'round']
    }

    def 'A handle without alternate id, module set tag or data producer has them as empty strings in every v1 event'() {
        given: 'an instance sending v1 events'
            def topic = "lcm-bare-${run}"
            instance = startInstance('v1', topic, "inventory-${run}")
            def cmHandleId = "bare-${run}"
        when: 'a handle with none of them is registered and becomes READY'
            register(cmHandle(cmHandleId, null))
            awaitReady(cmHandleId)
        then: 'its create and READY events carry all three, empty, as the reference writes them'
            def events = TestKafka.readUntil(topic, Duration.ofSeconds(60)) { it.count { it.key() == cmHandleId } >= 2 }
                .findAll { it.key() == cmHandleId }.collect { new JsonSlurper().parseText(it.value()).event }
            events.collect { [it.alternateId, it.moduleSetTag, it.dataProducerIdentifier] } == [['', '', ''], ['', '', '']]
    }

    def 'A handle registered with trust level NONE gets the reference\'s inventory event, exactly as its CSIT suite expects'() {
        given: 'an instance sending to topics of this run'
            def inventoryTopic = "inventory-${run}"
            instance = startInstance('v1', "lcm-${run}", inventoryTopic)
        when: 'handles are registered as the CSIT suite registers them: two COMPLETE, one without a level, one NONE'
            register(cmHandle("CH-1-${run}", 'COMPLETE'), cmHandle("CH-2-${run}", 'COMPLETE'), cmHandle("CH-3-${run}", null),
                cmHandle("CH-4-${run}", 'NONE'))
        and: 'the inventory topic is read'
            def records = TestKafka.readUntil(inventoryTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
        then: 'its one record is the NONE handle\'s, keyed by it'
            records*.key() == ["CH-4-${run}".toString()]
        and: 'the value is, byte for byte, what the suite compares it with'
            records[0].value() == '{"data":{"attributeValueChange":[{"attributeName":"trustLevel","newAttributeValue":"NONE"}]}}'
        and: 'the CloudEvent headers are the reference\'s'
            header(records[0], 'ce_specversion') == '1.0'
            header(records[0], 'ce_source') == 'NCMP'
            header(records[0], 'ce_type') == 'org.onap.cps.ncmp.events.avc.ncmp_to_client.AvcEvent'
            header(records[0], 'ce_correlationid') == "CH-4-${run}".toString()
        and: 'no LCM event on the events topic tells of the trust level: the reference sends none for it'
            TestKafka.readUntil("lcm-${run}", Duration.ofSeconds(10)) { it.size() >= 4 }
                .every { !it.value().contains('trustLevel') }
    }

    def 'A trust level that changes later is an inventory event with the old and the new level'() {
        given: 'an instance, and a handle registered without a trust level'
            def inventoryTopic = "inventory-${run}"
            instance = startInstance('v1', "lcm-${run}", inventoryTopic)
            def cmHandleId = "trust-${run}"
            register(cmHandle(cmHandleId, null))
        when: 'its trust level is set to NONE by an update'
            update(new CmHandle(cmHandleId, null, null, null, [:], [:], null, null, null, 'NONE', null))
        then: 'the inventory topic gets COMPLETE to NONE for it'
            def records = TestKafka.readUntil(inventoryTopic, Duration.ofSeconds(30)) { it.size() >= 1 }
            records*.key() == [cmHandleId]
            new JsonSlurper().parseText(records[0].value()) ==
                [data: [attributeValueChange: [[attributeName: 'trustLevel', oldAttributeValue: 'COMPLETE', newAttributeValue: 'NONE']]]]
    }

    ConfigurableApplicationContext startInstance(String format, String topic, String inventoryTopic) {
        def arguments = TestDatabase.applicationArguments() + [
            '--spring.datasource.hikari.maximum-pool-size=10',
            '--server.port=0',
            '--security.auth.enabled=false',
            "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            "--ncmp.lcm-events.topic=${topic}",
            "--ncmp.lcm-events.inventory-events-topic=${inventoryTopic}",
            "--ncmp.lcm-events.format=${format}",
            '--ncmp.module-sync.interval=100ms',
            '--ncmp.dmi.health-check-interval=0s']
        new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
    }

    CmHandle cmHandle(String id, String trustLevel) {
        new CmHandle(id, null, null, null, [:], [:], '', null, null, trustLevel, null)
    }

    void register(CmHandle... cmHandles) {
        assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(
            new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, cmHandles as List, [], [],
                null)).allSucceeded()
    }

    void update(CmHandle cmHandle) {
        assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(
            new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, [], [cmHandle], [],
                null)).allSucceeded()
    }

    void remove(String cmHandleId) {
        assert instance.getBean(NcmpDmiRegistrationService).updateDmiRegistration(
            new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, [], [], [cmHandleId],
                null)).allSucceeded()
    }

    void awaitReady(String cmHandleId) {
        new PollingConditions(timeout: 30, delay: 0.1).eventually {
            assert instance.getBean(NcmpCmHandleService).getCmHandle(cmHandleId).state().cmHandleState() == CmHandleState.READY
        }
    }

    /**
     * The schemas as the reference's generator (jsonschema2pojo) reads them, which is what its records follow:
     * "extends" (inheritance, which JSON Schema validators ignore) puts the base's header fields beside "event", so
     * the value without "event" is checked against the base; and a property with an "existingJavaType" is that Java
     * type, whatever "type" says: v1's cmHandleProperties is a List of maps (an array of objects), v2's old and new
     * values a Map (declared with "additionalProperties": false and no properties, which no map with an entry passes).
     */
    static List<String> schemaErrors(String value, String format) {
        def registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2019_09)
        def base = registry.getSchema(schemaText('lcm/lcm-event-base.json'), InputFormat.JSON)
        def schema = new JsonSlurper().parseText(schemaText("lcm/lcm-event-${format}.json")) as Map
        def definitions = schema.get('$defs') as Map
        if (format == 'v1') {
            // get(): on a Map, ['properties'] is Groovy's meta-property, not the entry
            def properties = (definitions.get('Values') as Map).get('properties') as Map
            properties.put('cmHandleProperties', [type: 'array', items: [type: 'object', additionalProperties: [type: 'string']]])
        } else {
            def properties = (definitions.get('PayloadV2') as Map).get('properties') as Map
            ['oldValues', 'newValues'].each { (properties.get(it) as Map).remove('additionalProperties') }
        }
        def versioned = registry.getSchema(JsonOutput.toJson(schema), InputFormat.JSON)
        def parsed = new JsonSlurper().parseText(value) as Map
        def headerFields = JsonOutput.toJson(parsed.findAll { it.key != 'event' })
        (base.validate(headerFields, InputFormat.JSON) + versioned.validate(value, InputFormat.JSON))*.toString()
    }

    static String schemaText(String path) {
        LcmEventsReferenceFormatSpec.getResource("/reference-schemas/${path}").text
    }

    /** The bytes of Spring's SerializationUtils.serialize(value), which the reference writes as header values. */
    static byte[] javaSerialized(String value) {
        def bytes = new ByteArrayOutputStream()
        new ObjectOutputStream(bytes).withCloseable { it.writeObject(value) }
        bytes.toByteArray()
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), 'UTF-8')
    }
}
