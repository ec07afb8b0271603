package io.cpsng.events

import com.networknt.schema.InputFormat
import com.networknt.schema.SchemaRegistry
import com.networknt.schema.SpecificationVersion
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.Application
import io.cpsng.RawHttp
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import io.cpsng.cps.api.CpsDataUpdatedEventService
import io.cpsng.cps.events.DataUpdatedEventRelay
import io.cpsng.http.StoreOverHttpSpec
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

import java.time.Duration

/**
 * Data-updated events (docs/events.md) through the server on a port, with a real PostgreSQL and a real broker:
 * subscriptions as the reference takes them, each kind of write as the reference tells it on Kafka (checked against
 * its schema) and on the feed, nothing for anchors not subscribed or writes refused, and nothing lost while Kafka
 * is gone.
 */
class DataUpdatedEventsSpec extends Specification {

    static final String TREE_YANG = StoreOverHttpSpec.TEST_TREE_YANG
    static final String SUBSCRIPTION_URL = '/cps/api/v2/notification-subscription'

    @Shared
    String run = UUID.randomUUID().toString().take(8)
    @Shared
    String topic = "data-updated-${run}"
    @Shared
    ConfigurableApplicationContext instance
    @Shared
    RawHttp http

    def setupSpec() {
        def arguments = TestDatabase.applicationArguments() + [
            '--spring.datasource.hikari.maximum-pool-size=10', '--server.port=0',
            '--security.auth.enabled=true', '--security.auth.username=spec-user', '--security.auth.password=spec-Pa55word',
            "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            "--cps.data-updated-events.topic=${topic}", '--ncmp.module-sync.enabled=false',
            '--ncmp.dmi.health-check-interval=0s']
        instance = new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
        http = new RawHttp(instance.environment.getProperty('local.server.port') as int, 'spec-user', 'spec-Pa55word')
    }

    def cleanupSpec() {
        TestKafka.restore()
        instance?.close()
    }

    def 'Every kind of write to an anchor of a subscribed dataspace is one event, on Kafka as the reference sends it and on the feed'() {
        given: 'a dataspace subscribed as the reference\'s sample does it, with an anchor'
            def dataspace = newDataspaceWithAnchors('all', 'site')
            subscribe('/dataspaces', [dataspace: [[name: dataspace]]])
            def start = feedPosition()
        when: 'the anchor is written in each way the API has, one of them with an observed timestamp'
            write('POST', dataspace, 'site', 'nodes', '/', [('test-tree:test-tree'): [branch: [[name: 'Left']]]], '2024-01-02T03:04:05.678+0100')
            write('POST', dataspace, 'site', 'list-nodes', '/test-tree', [branch: [[name: 'Right']]])
            write('PUT', dataspace, 'site', 'nodes', '/test-tree', [branch: [[name: 'Right', colour: 'red']]])
            write('PATCH', dataspace, 'site', 'nodes', "/test-tree/branch[@name='Left']", [colour: 'blue'])
            write('PUT', dataspace, 'site', 'list-nodes', '/test-tree', [branch: [[name: 'Middle']]])
            write('DELETE', dataspace, 'site', 'nodes', "/test-tree/branch[@name='Middle']", null)
            write('DELETE', dataspace, 'site', 'nodes', '/', null)
        and: 'the anchor itself is deleted'
            assert http.send('DELETE', "/cps/api/v2/dataspaces/${dataspace}/anchors/site", [:], null).status == 204
        then: 'the feed tells the eight changes in order: action, xpath, the timestamp of the first, the write\'s time of the others'
            def expected = [['create', '/'], ['create', '/test-tree'], ['replace', '/test-tree'],
                            ['replace', "/test-tree/branch[@name='Left']"], ['replace', '/test-tree'],
                            ['remove', "/test-tree/branch[@name='Middle']"], ['remove', '/'], ['remove', '/']]
            def feed = feedEvents(start, 8).findAll { it.data.eventPayload.dataspaceName == dataspace }
            feed.collect { [it.data.eventPayload.action, it.data.eventPayload.xpath] } == expected
            feed[0].data.eventPayload.observedTimestamp == '2024-01-02T03:04:05.678+0100'
            feed.drop(1).every { it.data.eventPayload.observedTimestamp ==~ /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000/ }
            feed.every { it.data.eventPayload.anchorName == 'site' && it.data.eventPayload.schemaSetName == 'test-tree' }
        and: 'Kafka gets the same eight, keyed dataspace:anchor, in the same order'
            def records = recordsOf(dataspace, 8)
            records*.key().unique() == ["${dataspace}:site".toString()]
            records.collect { json(it).eventPayload }.collect { [it.action, it.xpath] } == expected
        and: 'each value is valid against the reference\'s schema, with the reference\'s CloudEvent headers'
            records.collectMany { schemaErrors(it.value()) } == []
            records.every { header(it, 'ce_type') == 'org.onap.cps.events.model.CpsDataUpdatedEvent' }
            records.every { header(it, 'ce_source') == 'CPS' && header(it, 'ce_specversion') == '1.0' }
            records.every { header(it, 'ce_dataschema') == 'urn:cps:org.onap.cps.events.model.CpsDataUpdatedEvent:1.0.0' }
            records.every { header(it, 'ce_correlationid') == "${dataspace}:site".toString() }
        and: 'the ids on Kafka are the feed\'s'
            records.collect { header(it, 'ce_id') } == feed*.id
    }

    def 'An anchor subscribed alone notifies; its siblings, other dataspaces and refused writes do not'() {
        given: 'two dataspaces; in the first only anchor a1 is subscribed'
            def subscribedDataspace = newDataspaceWithAnchors('one', 'a1', 'a2')
            def otherDataspace = newDataspaceWithAnchors('other', 'a1')
            subscribe('/dataspaces', [dataspace: [[name: subscribedDataspace, anchors: [anchor: [[name: 'a1']]]]]])
            def start = feedPosition()
        when: 'all three anchors are written, and a1 gets a write that is refused (the node exists)'
            def tree = [('test-tree:test-tree'): [branch: [[name: 'Left']]]]
            write('POST', subscribedDataspace, 'a1', 'nodes', '/', tree)
            write('POST', subscribedDataspace, 'a2', 'nodes', '/', tree)
            write('POST', otherDataspace, 'a1', 'nodes', '/', tree)
            def refused = http.post("/cps/api/v2/dataspaces/${subscribedDataspace}/anchors/a1/nodes", 'application/json', JsonOutput.toJson(tree))
        and: 'a1 is written once more, so that the feed has something after the refused write'
            write('DELETE', subscribedDataspace, 'a1', 'nodes', '/', null)
        then: 'the refused write answers 409'
            refused.status == 409
        and: 'the feed holds a1\'s create and delete, and nothing of the others'
            def feed = feedEvents(start, 2).findAll { it.data.eventPayload.dataspaceName in [subscribedDataspace, otherDataspace] }
            feed.collect { [it.data.eventPayload.anchorName, it.data.eventPayload.action] } == [['a1', 'create'], ['a1', 'remove']]
    }

    def 'A PUT that changes nothing tells no event; one that changes something does'() {
        given: 'a subscribed anchor holding two branches, one with a nest of two birds'
            def dataspace = newDataspaceWithAnchors('unchanged', 'site')
            subscribe('/dataspaces', [dataspace: [[name: dataspace]]])
            def branches = [[name: 'Left', colour: 'red', nest: [name: 'Small', birds: ['Sparrow', 'Owl']]], [name: 'Right']]
            def beforeWrite = feedPosition()
            write('POST', dataspace, 'site', 'nodes', '/', [('test-tree:test-tree'): [branch: branches]])
            assert feedEvents(beforeWrite, 1).count { it.data.eventPayload.dataspaceName == dataspace } == 1
            def start = feedPosition()
        when: 'the same content is put again, as nodes and as list entries, and the same leaf is put on a branch'
            write('PUT', dataspace, 'site', 'nodes', '/test-tree', [branch: branches])
            write('PUT', dataspace, 'site', 'list-nodes', '/test-tree', [branch: branches])
            write('PUT', dataspace, 'site', 'nodes', "/test-tree/branch[@name='Left']", [colour: 'red'])
        and: 'then the nest keeps one of its birds, an entry goes, and the last write removes the anchor\'s data'
            write('PUT', dataspace, 'site', 'nodes', "/test-tree/branch[@name='Left']/nest", [birds: ['Owl']])
            write('PUT', dataspace, 'site', 'list-nodes', '/test-tree', [branch: [[name: 'Right']]])
            write('DELETE', dataspace, 'site', 'nodes', '/', null)
        then: 'the feed tells the three changes and nothing of the three writes that changed nothing'
            def feed = feedEvents(start, 3).findAll { it.data.eventPayload.dataspaceName == dataspace }
            feed.collect { [it.data.eventPayload.action, it.data.eventPayload.xpath] } == [
                ['replace', "/test-tree/branch[@name='Left']/nest"], ['replace', '/test-tree'], ['remove', '/']]
    }

    def 'Subscriptions are read, refused and deleted as the reference\'s; a deleted one notifies no more'() {
        given: 'a subscribed dataspace whose anchor was written once (so the instance has seen it subscribed)'
            def dataspace = newDataspaceWithAnchors('crud', 'site')
            subscribe('/dataspaces', [dataspace: [[name: dataspace]]])
            def beforeWrite = feedPosition()
            write('POST', dataspace, 'site', 'nodes', '/', [('test-tree:test-tree'): [branch: [[name: 'Left']]]])
            assert feedEvents(beforeWrite, 1).count { it.data.eventPayload.dataspaceName == dataspace } == 1
        when: 'its subscription is read'
            def read = http.get("${SUBSCRIPTION_URL}?xpath=${encoded("/dataspaces/dataspace[@name='${dataspace}']")}")
        then: 'it is answered as data of the reference\'s model'
            read.status == 200
            read.json == [['cps-notification-subscriptions:dataspace': [name: dataspace]]]
        when: 'the same subscription is made again, with and without xpath (the reference\'s default: /dataspaces), and one with data the model lacks'
            def again = http.post("${SUBSCRIPTION_URL}?xpath=/dataspaces", 'application/json', JsonOutput.toJson([dataspace: [[name: dataspace]]]))
            def withoutXpath = http.post(SUBSCRIPTION_URL, 'application/json', JsonOutput.toJson([dataspace: [[name: dataspace]]]))
            def unknownData = http.post("${SUBSCRIPTION_URL}?xpath=/dataspaces", 'application/json', '{"shop": [{"name": "x"}]}')
        and: 'the container of all subscriptions is deleted, a delete is sent without xpath, and their anchor is deleted'
            def allOfThem = http.send('DELETE', "${SUBSCRIPTION_URL}?xpath=/dataspaces", [:], null)
            def deleteWithoutXpath = http.send('DELETE', SUBSCRIPTION_URL, [:], null)
            def theirAnchor = http.send('DELETE', '/cps/api/v2/dataspaces/CPS-Admin/anchors/cps-notification-subscriptions', [:], null)
        then: 'they are refused with JSON errors: 409, 409, 400, 400, 400 and 409'
            [again, withoutXpath, unknownData, allOfThem, deleteWithoutXpath, theirAnchor]*.status == [409, 409, 400, 400, 400, 409]
            [again, withoutXpath, unknownData, allOfThem, deleteWithoutXpath, theirAnchor].every { it.jsonError }
        when: 'the subscription is deleted and the anchor written'
            def deleted = http.send('DELETE', "${SUBSCRIPTION_URL}?xpath=${encoded("/dataspaces/dataspace[@name='${dataspace}']")}", [:], null)
            def start = feedPosition()
            write('PUT', dataspace, 'site', 'nodes', '/test-tree', [branch: [[name: 'Right']]])
        then: 'the delete answers 204, a second read 404'
            deleted.status == 204
            http.get("${SUBSCRIPTION_URL}?xpath=${encoded("/dataspaces/dataspace[@name='${dataspace}']")}").status == 404
        and: 'the write sent no event: once the sequencer has run, the feed holds none of this dataspace'
            instance.getBean(CpsDataUpdatedEventService).events(start, 1000, Duration.ofMillis(500))
                .events().every { it.dataspaceName() != dataspace }
    }

    def 'Kafka gone for 30 s: every write made meanwhile reaches the topic afterwards, in order'() {
        given: 'a subscribed dataspace'
            def dataspace = newDataspaceWithAnchors('outage', 'site')
            subscribe('/dataspaces', [dataspace: [[name: dataspace]]])
            write('POST', dataspace, 'site', 'nodes', '/', [('test-tree:test-tree'): [:]])
        when: 'Kafka goes away and 100 list entries are added one write at a time'
            TestKafka.stop()
            def outageStart = System.nanoTime()
            (1..100).each { write('POST', dataspace, 'site', 'list-nodes', '/test-tree', [branch: [[name: "b-${it}"]]]) }
        and: 'Kafka comes back 30 s after it went'
            // the outage's length is the scenario, not a wait for asynchronous work
            Thread.sleep(Math.max(0, 30_000 - (System.nanoTime() - outageStart).intdiv(1_000_000) as long))
            TestKafka.restore()
        then: 'the relay catches up'
            new PollingConditions(timeout: 120, delay: 0.5).eventually {
                assert instance.getBean(DataUpdatedEventRelay).allSent()
            }
        and: 'the topic holds all 101 events of the anchor, in the order written (a repeat only as the same event)'
            def records = recordsOf(dataspace, 101)
            def firstOfEachId = records.unique(false) { header(it, 'ce_id') }
            firstOfEachId.size() == 101
            firstOfEachId.collect { json(it).eventPayload.action } == ['create'] * 101
            firstOfEachId.collect { header(it, 'ce_id').replace('cps-data-updated-', '') as long } ==
                firstOfEachId.collect { header(it, 'ce_id').replace('cps-data-updated-', '') as long }.sort()
    }

    String newDataspaceWithAnchors(String name, String... anchorNames) {
        def dataspace = "${name}-${run}"
        assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${dataspace}", [:], null).status == 201
        def boundary = 'spec-boundary'
        def body = "--${boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"test-tree.yang\"\r\n" +
            "Content-Type: application/octet-stream\r\n\r\n${TREE_YANG}\r\n--${boundary}--\r\n"
        assert http.post("/cps/api/v2/dataspaces/${dataspace}/schema-sets?schema-set-name=test-tree",
            "multipart/form-data; boundary=${boundary}", body).status == 201
        anchorNames.each {
            assert http.send('POST', "/cps/api/v2/dataspaces/${dataspace}/anchors?schema-set-name=test-tree&anchor-name=${it}", [:], null).status == 201
        }
        dataspace
    }

    void subscribe(String xpath, Map subscription) {
        def response = http.post("${SUBSCRIPTION_URL}?xpath=${encoded(xpath)}", 'application/json', JsonOutput.toJson(subscription))
        assert response.status == 201: response.body
    }

    void write(String method, String dataspace, String anchor, String path, String xpath, Map data, String observedTimestamp = null) {
        def target = "/cps/api/v2/dataspaces/${dataspace}/anchors/${anchor}/${path}?xpath=${encoded(xpath)}" +
            (observedTimestamp ? "&observed-timestamp=${encoded(observedTimestamp)}" : '')
        def response = data == null ? http.send(method, target, [:], null)
            : http.send(method, target, ['Content-Type': 'application/json'], JsonOutput.toJson(data).bytes)
        assert response.status in [200, 201, 204]: "${method} ${path} ${xpath}: ${response.status} ${response.body}"
    }

    long feedPosition() {
        def next = 0L
        while (true) {
            def page = http.get("/cps/api/v2/data-updated-events?after=${next}&limit=10000").json
            if (page.events.isEmpty()) {
                return next
            }
            next = page.next
        }
    }

    List<Map> feedEvents(long after, int atLeast) {
        def events = []
        def next = after
        def deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos()
        while (events.size() < atLeast && System.nanoTime() < deadline) {
            def page = http.get("/cps/api/v2/data-updated-events?after=${next}&limit=1000&wait=5s").json
            events.addAll(page.events)
            next = page.next
        }
        events
    }

    List<ConsumerRecord<String, String>> recordsOf(String dataspace, int count) {
        TestKafka.readUntil(topic, Duration.ofSeconds(60)) { all -> all.count { it.key().startsWith("${dataspace}:") } >= count }
            .findAll { it.key().startsWith("${dataspace}:") }
    }

    /**
     * The reference's schema with its two required lists as its properties name them: they say operation and data,
     * which no property is called (action, eventPayload), so its own events could not pass it unchanged.
     */
    static List<String> schemaErrors(String value) {
        def schema = new JsonSlurper().parseText(DataUpdatedEventsSpec.getResource(
            '/reference-schemas/cps/cps-data-updated-event-schema-1.0.0.json').text) as Map
        def event = (schema.get('definitions') as Map).get('CpsDataUpdateEvent') as Map
        event.put('required', ['eventPayload'])
        def payload = (event.get('properties') as Map).get('eventPayload') as Map
        payload.put('required', (payload.get('required') as List).collect { it == 'operation' ? 'action' : it } - 'observedTimestamp')
        def registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2019_09)
        registry.getSchema(JsonOutput.toJson(schema), InputFormat.JSON).validate(value, InputFormat.JSON)*.toString()
    }

    static Map json(ConsumerRecord<String, String> record) {
        new JsonSlurper().parseText(record.value()) as Map
    }

    static String header(ConsumerRecord record, String name) {
        new String(record.headers().lastHeader(name).value(), 'UTF-8')
    }

    static String encoded(String value) {
        URLEncoder.encode(value, 'UTF-8')
    }
}
