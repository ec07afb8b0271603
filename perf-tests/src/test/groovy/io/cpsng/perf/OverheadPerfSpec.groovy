package io.cpsng.perf

import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Stepwise
import spock.lang.Timeout

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.Executors
import java.util.concurrent.ThreadLocalRandom
import java.util.concurrent.TimeUnit

import static io.cpsng.perf.Budget.atMost
import static io.cpsng.perf.KpiSuite.KPI_HANDLES
import static io.cpsng.perf.KpiSuite.alternateId

/**
 * What NCMP adds to a call of a DMI plugin, at the reference's KPI rows 5b, 6b, 10 and 11 (k6-tests/ncmp in
 * onap/cps, its requests by alternate id), and a GET of one handle: one keep-alive client in this JVM sends each
 * request through the service and, in turn, the same call straight to the DMI stub (no delay); the overhead is the
 * difference of the medians (the KPI subtracts the stub's configured delay instead). 50,000 READY handles with the
 * KPI's alternate ids, written by SQL; the handle reads again at 1,000,000.
 */
@Stepwise
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class OverheadPerfSpec extends RunningServiceSpec {

    static final int MILLION = 1_000_000
    static final int SAMPLES = 2_000
    static final int LOAD_SECONDS = 60
    static final long STUB_DELAY_MS = 300
    static final String RESOURCE = 'ManagedElement=NRNode1/GNBDUFunction=1'
    static final String WRITE_BODY = '{"id":"123","attributes":{"userLabel":"test"}}'
    static final String PATCH_BODY = '[{"op":"replace","path":"/parent=id1/child=id2/grandchild=id3#/attributes/plmnId/mcc","value":"1234"}]'

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    boolean warmedUp

    HttpClient httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

    def 'KPI row #row: #scenario, overhead over the plugin call'() {
        given: '50,000 READY handles with the KPI alternate ids on the DMI stub'
            insertHandles(1, KPI_HANDLES)
        and: 'the service warmed up once, every row\'s request 1,000 times (else the first row measures the JIT)'
            if (!warmedUp) {
                ['5b', '6b', '10', '11'].each { warmUpRow -> 1_000.times { throughService(warmUpRow, it + 1).build().with { httpClient.send(it, HttpResponse.BodyHandlers.discarding()) } } }
                warmedUp = true
            }
        when: 'each request is sent through the service and straight to the stub, in turn'
            def viaService = []
            def viaStub = []
            (1..SAMPLES + 200).each { sample ->
                def n = ThreadLocalRandom.current().nextInt(1, KPI_HANDLES + 1)
                def serviceMillis = time(throughService(row, n), expectedStatus)
                def straightMillis = time(straightToStub(row, n), expectedStatus)
                if (sample > 200) {
                    viaService << serviceMillis
                    viaStub << straightMillis
                }
            }
            def overhead = Meter.median(viaService) - Meter.median(viaStub)
            println "PERF ${scenario}: through the service ${Meter.median(viaService)} ms, straight ${Meter.median(viaStub)} ms"
            def measurement = PerfRecorder.record("overhead: KPI row ${row}, ${scenario} (median through the service "
                + "less median straight to the stub; reference expects ${referenceMs} ms)", 'overhead', SAMPLES,
                overhead / 1000, overhead, 'ms', atMost(2))
        then: 'the overhead is within the budget'
            measurement.holdsBudget()
        where: 'the request is'
            row  | scenario                                         | referenceMs | expectedStatus
            '5b' | 'pass-through read by alternate id'               | 14          | 200
            '6b' | 'pass-through write by alternate id'              | 14          | 201
            '10' | 'ProvMnS read'                                    | 15          | 200
            '11' | 'ProvMnS write (a 3GPP JSON Patch of one change)' | 15          | 200
    }

    def 'GET of one handle by #reference at #handles handles'() {
        given: 'the inventory holds the handles'
            insertHandles(KPI_HANDLES + 1, handles)
        when: 'random handles are read one after the other'
            def millis = (1..SAMPLES + 200).collect {
                def n = ThreadLocalRandom.current().nextInt(1, handles + 1)
                def target = reference == 'id' ? "ch-${n}" : URLEncoder.encode(alternateId(n), 'UTF-8')
                time(request("/ncmp/v1/ch/${target}").GET(), 200)
            }.drop(200)
            def median = Meter.median(millis)
            def measurement = PerfRecorder.record("handle read: GET /ncmp/v1/ch/{${reference}} at ${handles} handles (median)",
                'handle-read', handles, median / 1000, median, 'ms', atMost(1))
        then: 'the median is within the budget'
            measurement.holdsBudget()
        where: 'the handle is named by'
            handles     | reference
            KPI_HANDLES | 'id'
            KPI_HANDLES | 'alternate id'
            MILLION     | 'id'
            MILLION     | 'alternate id'
    }

    def 'All the KPI rows at once at the reference\'s rates for 60 s, none failing'() {
        given: 'the stub answers data and ProvMnS calls after 300 ms (the KPI\'s read delay; its write delay is 670)'
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(STUB_DELAY_MS))
        and: 'the rows of config/kpi.json: requests per period, each on its own virtual thread when due'
            def largeJob = KpiSuite.jobPayload(100_000)
            def rows = [
                new LoadRow('5b pass-through read', 13, 1_000, 200, STUB_DELAY_MS, { passThroughRead(KpiSuite.randomHandle()) }),
                new LoadRow('6b pass-through write', 13, 2_500, 201, STUB_DELAY_MS, { passThroughWrite(KpiSuite.randomHandle()) }),
                new LoadRow('8 write job of 100 operations', 2, 1_000, 200, 0, { writeJob(KpiSuite.jobPayload(100)) }),
                new LoadRow('9 write job of 100,000 operations', 1, 60_000, 200, 0, { writeJob(largeJob) }),
                new LoadRow('10 ProvMnS read', 40, 1_000, 200, STUB_DELAY_MS, { provMns(KpiSuite.randomHandle(), false, "http://127.0.0.1:${port}") }),
                new LoadRow('11 ProvMnS write', 1, 1_000, 200, STUB_DELAY_MS, { provMns(KpiSuite.randomHandle(), true, "http://127.0.0.1:${port}") })]
        when: 'every row sends at its rate for the whole run'
            def scheduler = Executors.newScheduledThreadPool(1)
            def requests = Executors.newVirtualThreadPerTaskExecutor()
            rows.each { row ->
                scheduler.scheduleAtFixedRate({ requests.execute { row.send(httpClient) } }, 0,
                    (row.periodMs * 1_000_000L).intdiv(row.requestsPerPeriod), TimeUnit.NANOSECONDS)
            }
            Thread.sleep(LOAD_SECONDS * 1_000L)
            scheduler.shutdownNow()
            requests.shutdown()
            assert requests.awaitTermination(2, TimeUnit.MINUTES)
        then: 'every request of every row was answered as expected, and each row\'s mean overhead is recorded'
            rows.each { row ->
                println "PERF load ${row.name}: ${row.durations.size()} requests, ${row.failures.size()} failed ${row.failures.take(3)}"
                PerfRecorder.record("load: KPI row ${row.name}, all rows at once at the reference's rates for "
                    + "${LOAD_SECONDS} s (mean less the stub's ${row.delayMs} ms)", 'kpi-load', row.durations.size(),
                    LOAD_SECONDS, row.meanMillis() - row.delayMs, 'ms', Budget.NONE)
            }
            rows.every { it.failures.empty && !it.durations.empty }
    }

    def 'The HTTP floor: the health endpoint'() {
        when: 'health is read one after the other'
            def millis = (1..SAMPLES + 200).collect { time(request('/actuator/health/liveness').GET(), 200) }.drop(200)
            def median = Meter.median(millis)
        then: 'it is recorded, to read the figures above against'
            PerfRecorder.record('overhead: GET /actuator/health/liveness, the HTTP floor of this set-up (median)',
                'http-floor', SAMPLES, median / 1000, median, 'ms', Budget.NONE)
    }

    HttpRequest.Builder throughService(String row, int n) {
        switch (row) {
            case '5b': return passThroughRead(n)
            case '6b': return passThroughWrite(n)
            case '10': return provMns(n, false, "http://127.0.0.1:${port}")
            default: return provMns(n, true, "http://127.0.0.1:${port}")
        }
    }

    /** The call the service makes for the row's request, as it makes it. */
    HttpRequest.Builder straightToStub(String row, int n) {
        switch (row) {
            case '5b': return dmiData(n, 'read')
            case '6b': return dmiData(n, 'create')
            case '10': return provMns(n, false, dmiStub.baseUrl())
            default: return provMns(n, true, dmiStub.baseUrl())
        }
    }

    HttpRequest.Builder writeJob(String payload) {
        request("/do-not-use/dataJobs/${UUID.randomUUID()}/write").header('Content-Type', 'application/json')
            .POST(HttpRequest.BodyPublishers.ofString(payload))
    }

    /** One KPI row under load: its rate, what it sends, the durations of the answers as expected and the rest. */
    static class LoadRow {
        final String name
        final int requestsPerPeriod
        final long periodMs
        final int expectedStatus
        final long delayMs
        final Closure<HttpRequest.Builder> request
        final Queue<Double> durations = new ConcurrentLinkedQueue<>()
        final Queue<String> failures = new ConcurrentLinkedQueue<>()

        LoadRow(String name, int requestsPerPeriod, long periodMs, int expectedStatus, long delayMs,
                Closure<HttpRequest.Builder> request) {
            this.name = name
            this.requestsPerPeriod = requestsPerPeriod
            this.periodMs = periodMs
            this.expectedStatus = expectedStatus
            this.delayMs = delayMs
            this.request = request
        }

        void send(HttpClient httpClient) {
            try {
                def start = System.nanoTime()
                def response = httpClient.send(request.call().build(), HttpResponse.BodyHandlers.ofString())
                if (response.statusCode() == expectedStatus) {
                    durations << (System.nanoTime() - start) / 1e6
                } else {
                    failures << "${response.statusCode()} ${response.body().take(200)}".toString()
                }
            } catch (Exception failed) {
                failures << failed.toString()
            }
        }

        double meanMillis() {
            durations.empty ? 0 : durations.sum() / durations.size()
        }
    }

    double time(HttpRequest.Builder request, int expectedStatus) {
        def start = System.nanoTime()
        def response = httpClient.send(request.build(), HttpResponse.BodyHandlers.ofString())
        def millis = (System.nanoTime() - start) / 1e6
        assert response.statusCode() == expectedStatus
        millis
    }

    HttpRequest.Builder request(String path, String base = "http://127.0.0.1:${port}") {
        HttpRequest.newBuilder(URI.create(base + path))
    }

    HttpRequest.Builder passThroughRead(int n) {
        request("/ncmp/v1/ch/${URLEncoder.encode(alternateId(n), 'UTF-8')}/data/ds/ncmp-datastore:passthrough-operational"
            + "?resourceIdentifier=${RESOURCE}&include-descendants=true").GET()
    }

    HttpRequest.Builder passThroughWrite(int n) {
        request("/ncmp/v1/ch/${URLEncoder.encode(alternateId(n), 'UTF-8')}/data/ds/ncmp-datastore:passthrough-running"
            + "?resourceIdentifier=${RESOURCE}").header('Content-Type', 'application/json')
            .POST(HttpRequest.BodyPublishers.ofString(WRITE_BODY))
    }

    HttpRequest.Builder dmiData(int n, String operation) {
        def datastore = operation == 'read' ? 'ncmp-datastore:passthrough-operational' : 'ncmp-datastore:passthrough-running'
        def body = """{"operation":"${operation}","dataType":"application/json","data":${operation == 'read' ? 'null' : groovy.json.JsonOutput.toJson(WRITE_BODY)},"cmHandleProperties":{"neType":"RadioNode"},"moduleSetTag":"tag-1"}"""
        request("/dmi/v1/ch/ch-${n}/data/ds/${datastore}?resourceIdentifier=${URLEncoder.encode(RESOURCE, 'UTF-8')}",
            dmiStub.baseUrl()).header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body))
    }

    HttpRequest.Builder provMns(int n, boolean write, String base) {
        def builder = request("/ProvMnS/v1${alternateId(n)}", base)
        write ? builder.header('Content-Type', 'application/json-patch+json').method('PATCH', HttpRequest.BodyPublishers.ofString(PATCH_BODY))
              : builder.GET()
    }

    void insertHandles(int from, int to) {
        KpiSuite.insertReadyHandles(jdbcTemplate, dmiStub.baseUrl(), from, to)
    }
}
