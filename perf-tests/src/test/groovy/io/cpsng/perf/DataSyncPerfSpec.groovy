package io.cpsng.perf

import groovy.json.JsonOutput
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.ncmp.api.NcmpDataSyncService
import io.cpsng.ncmp.datasync.CmNotificationsToCache
import io.cpsng.ncmp.datasync.DataSyncWatchdog
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Shared
import spock.lang.Stepwise
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.lang.management.ManagementFactory
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.TimeUnit

import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.Budget.atMost

/**
 * Data sync at the issue's size: 10,000 READY handles on a module set of the Open-ROADM-like devices of the CPS
 * core's figures, each plugin answer one device of 86 fragments (87 with the devices container), cached by the
 * data-sync watchdog after 2,000 others (a running service is warm: the JIT takes thousands of parses to settle);
 * then reads and cps-path queries of one handle's cache through the service on a port and through its API, and CM
 * notification edits applied to the caches after 5,000 others (the listener's work, called in process: the broker is
 * measured by DataPlanePerfSpec). The plugin answers at once from a minimal HTTP/1.1 server (FixedAnswerPlugin): the
 * time is the service's.
 */
@Stepwise
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DataSyncPerfSpec extends RunningServiceSpec {

    static final int HANDLES = 10_000
    static final int WARM_UP_HANDLES = 2_000
    static final String SCHEMA_SET = 'roadm-devices-set'

    @Shared
    FixedAnswerPlugin plugin

    @Autowired
    DataSyncWatchdog dataSyncWatchdog

    @Autowired
    CpsModuleService cpsModuleService

    @Autowired
    CmNotificationsToCache cmNotificationsToCache

    @Autowired
    NcmpDataSyncService ncmpDataSyncService

    HttpClient httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

    def setupSpec() {
        plugin = new FixedAnswerPlugin(RoadmDevices.devicesJson([1]))
    }

    def cleanupSpec() {
        plugin.close()
    }

    def 'Data sync of 10,000 handles whose operational tree is one 86-fragment device'() {
        given: 'the handles READY on the devices module set, data sync on but not due yet'
            cpsModuleService.createSchemaSet('NFP-Operational', SCHEMA_SET,
                ['roadm-devices.yang': getClass().getResource('/yang/perf/roadm-devices.yang').getText('UTF-8')])
            insertHandles('sync-', HANDLES)
        and: 'the service warm, as one that has been running is: 2,000 other handles synced first'
            insertHandles('warm-', WARM_UP_HANDLES)
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET data_sync_due_at = now() WHERE id LIKE 'warm-%'")
            dataSyncWatchdog.syncDueHandles()
            new PollingConditions(timeout: 300, delay: 0.1).eventually { assert synchronizedCount('warm-') == WARM_UP_HANDLES }
            System.gc()
            def heapBefore = usedHeapMb()
        when: 'they all become due at once and the watchdog syncs them'
            def start = System.nanoTime()
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET data_sync_due_at = now() WHERE id LIKE 'sync-%'")
            dataSyncWatchdog.syncDueHandles()
            // a scheduled round may hold the last batches
            new PollingConditions(timeout: 300, delay: 0.02).eventually { assert synchronizedCount() == HANDLES }
            def seconds = (System.nanoTime() - start) / 1e9
            System.gc()
            def heapAfter = usedHeapMb()
            def rate = PerfRecorder.record('data sync: 10,000 handles of one 86-fragment device each, SYNCHRONIZED after due',
                'datasync-handles', HANDLES, seconds, HANDLES / seconds, 'handles/s', atLeast(2_000))
            PerfRecorder.record('data sync: fragments stored', 'datasync-fragments', HANDLES * 87, seconds,
                HANDLES * 87 / seconds, 'fragments/s', atLeast(170_000))
            def heap = PerfRecorder.record('data sync: heap in use after a full GC, growth over the sync', 'datasync-heap',
                HANDLES, 0, heapAfter - heapBefore, 'MB', atMost(100))
        then: 'every handle has its device cached, and the rate and the heap are within budget'
            jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_operational_cache WHERE cm_handle_id LIKE 'sync-%'", Long) == HANDLES
            rate.holdsBudget()
            heap.holdsBudget()
    }

    def 'A read of one handle\'s cached tree, and a cps-path query on it'() {
        given: 'reads warmed up'
            def readUrl = "/ncmp/v1/ch/sync-%d/data/ds/ncmp-datastore:operational?resourceIdentifier=%%2F&include-descendants=true"
            def queryUrl = "/ncmp/v1/ch/sync-%d/data/ds/ncmp-datastore:operational/query?cps-path=%s"
            def query = URLEncoder.encode('//degree[@degree-number=7]/connection-ports', 'UTF-8')
            def first = get(String.format(readUrl, 1))
            assert first.statusCode() == 200 && first.body().count('degree-number') == 28
            assert get(String.format(queryUrl, 1, query)).body().contains('port-a')
            1000.times { get(String.format(readUrl, it % HANDLES + 1)); get(String.format(queryUrl, it % HANDLES + 1, query)) }
        when: '1,000 reads and 1,000 queries of handles picked in turn'
            def reads = (1..1000).collect { n -> timed { get(String.format(readUrl, n * 7 % HANDLES + 1)) } }
            def queries = (1..1000).collect { n -> timed { get(String.format(queryUrl, n * 7 % HANDLES + 1, query)) } }
            def read = PerfRecorder.record('data sync: read of one handle\'s cached tree, 86 fragments (median of 1,000)',
                'datasync-read', 86, Meter.median(reads) / 1000, Meter.median(reads), 'ms', atMost(2))
            def found = PerfRecorder.record('data sync: cps-path query on one handle\'s cache (median of 1,000)',
                'datasync-query', 86, Meter.median(queries) / 1000, Meter.median(queries), 'ms', atMost(2))
        and: 'the same in the service, without HTTP: 1,000 reads and 1,000 queries through the NCMP API'
            def cpsPath = '//degree[@degree-number=7]/connection-ports'
            def storeReads = (1..1000).collect { n -> Meter.secondsFor {
                assert ncmpDataSyncService.getCachedData("sync-${n * 7 % HANDLES + 1}", '/', INCLUDE_ALL_DESCENDANTS).size() == 1
            } * 1000 }
            def storeQueries = (1..1000).collect { n -> Meter.secondsFor {
                assert ncmpDataSyncService.queryCachedData("sync-${n * 7 % HANDLES + 1}", cpsPath, INCLUDE_ALL_DESCENDANTS).dataNodes()
            } * 1000 }
            def storeRead = PerfRecorder.record('data sync: read of one handle\'s cached tree in the service (median of 1,000)',
                'datasync-read-store', 86, Meter.median(storeReads) / 1000, Meter.median(storeReads), 'ms', atMost(1))
            def storeQuery = PerfRecorder.record('data sync: cps-path query on one handle\'s cache in the service (median of 1,000)',
                'datasync-query-store', 86, Meter.median(storeQueries) / 1000, Meter.median(storeQueries), 'ms', atMost(1))
        then: 'the medians are within budget'
            read.holdsBudget()
            found.holdsBudget()
            storeRead.holdsBudget()
            storeQuery.holdsBudget()
    }

    def 'CM notifications applied to the cached data'() {
        given: '20,000 edits in notifications of 1,000 data-synced handles, each a merge of one device\'s status'
            def records = (0..<20_000).collect { n ->
                def handle = n % 1_000 + 1
                def status = n.intdiv(1_000) % 2 == 0 ? 'fail' : 'pending' // each handle's edits alternate; its last: pending
                new ConsumerRecord<String, byte[]>('dmi-cm-events', handle % 2, n, "sync-${handle}".toString(), JsonOutput.toJson([data:
                    ['push-change-update': ['datastore-changes': ['ietf-yang-patch:yang-patch': ['patch-id': "p-${n}".toString(), edit: [
                        ['edit-id': "e-${n}".toString(), operation: 'merge', target: '/roadm-devices:devices/device=C201-7-1A-1',
                         value: ['roadm-devices:device': [['device-id': 'C201-7-1A-1', status: status]]]]]]]]]]).bytes)
            }
            applyAsTheListener(records.take(5_000)) // warm, as the sync is warmed
        when: 'they are applied as the listener gets them from Kafka: by its two consumers (its default concurrency), each the records of its partitions, in batches of 500 (a live load: a backlog comes in batches of up to 10,000)'
            def seconds = Meter.secondsFor { applyAsTheListener(records) }
            def rate = PerfRecorder.record('data sync: CM notification edits applied to the cache, 1,000 handles, 2 consumers, batches of 500',
                'datasync-avc', 20_000, seconds, 20_000 / seconds, 'edits/s', atLeast(20_000))
        then: 'the last edit of each handle is in its cache, every handle still SYNCHRONIZED, and the rate within budget'
            [1, 500, 1000].every { handle ->
                get("/ncmp/v1/ch/sync-${handle}/data/ds/ncmp-datastore:operational/query?cps-path=${URLEncoder.encode("//device[@status='pending']", 'UTF-8')}")
                    .body().contains('C201-7-1A-1') }
            synchronizedCount() == HANDLES
            rate.holdsBudget()
    }

    /** Each partition's records in batches of 500 by a consumer of its own, the partitions at the same time. */
    void applyAsTheListener(List<ConsumerRecord<String, byte[]>> records) {
        records.groupBy { it.partition() }.values()
            .collect { partitionRecords -> Thread.start { partitionRecords.collate(500).each { cmNotificationsToCache.apply(it) } } }
            *.join()
    }

    long synchronizedCount(String prefix = 'sync-') {
        jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE id LIKE ? AND data_sync_state = 'SYNCHRONIZED'",
            Long, prefix + '%')
    }

    /** READY on the devices module set, data sync on, not due yet. */
    void insertHandles(String prefix, int count) {
        jdbcTemplate.update("""INSERT INTO ncmp_cm_handle (id, dmi_service_name, module_set_tag, cm_handle_state,
                schema_set_name, data_sync_enabled, data_sync_state)
            SELECT ? || n, ?, 'roadm', 'READY', ?, true, 'UNSYNCHRONIZED' FROM generate_series(1, ?) AS n""",
            prefix, plugin.baseUrl(), SCHEMA_SET, count)
    }

    static double usedHeapMb() {
        ManagementFactory.memoryMXBean.heapMemoryUsage.used / (1024 * 1024)
    }

    HttpResponse<String> get(String target) {
        httpClient.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:${port}${target}")).build(),
            HttpResponse.BodyHandlers.ofString())
    }

    static double timed(Closure<HttpResponse<String>> request) {
        def start = System.nanoTime()
        def response = request()
        assert response.statusCode() == 200
        (System.nanoTime() - start) / 1e6
    }
}
