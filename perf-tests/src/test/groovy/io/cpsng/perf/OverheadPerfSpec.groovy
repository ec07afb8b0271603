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
            case '5b': return KpiSuite.passThroughRead(serviceUrl, n)
            case '6b': return KpiSuite.passThroughWrite(serviceUrl, n)
            case '10': return KpiSuite.provMns(serviceUrl, n, false)
            default: return KpiSuite.provMns(serviceUrl, n, true)
        }
    }

    /** The call the service makes for the row's request, as it makes it. */
    HttpRequest.Builder straightToStub(String row, int n) {
        switch (row) {
            case '5b': return dmiData(n, 'read')
            case '6b': return dmiData(n, 'create')
            case '10': return KpiSuite.provMns(dmiStub.baseUrl(), n, false)
            default: return KpiSuite.provMns(dmiStub.baseUrl(), n, true)
        }
    }

    double time(HttpRequest.Builder request, int expectedStatus) {
        def start = System.nanoTime()
        def response = httpClient.send(request.build(), HttpResponse.BodyHandlers.ofString())
        def millis = (System.nanoTime() - start) / 1e6
        assert response.statusCode() == expectedStatus
        millis
    }

    HttpRequest.Builder request(String path, String base = serviceUrl) {
        HttpRequest.newBuilder(URI.create(base + path))
    }

    String getServiceUrl() {
        "http://127.0.0.1:${port}"
    }

    HttpRequest.Builder dmiData(int n, String operation) {
        def datastore = operation == 'read' ? 'ncmp-datastore:passthrough-operational' : 'ncmp-datastore:passthrough-running'
        def body = """{"operation":"${operation}","dataType":"application/json","data":${operation == 'read' ? 'null' : groovy.json.JsonOutput.toJson(KpiSuite.WRITE_BODY)},"cmHandleProperties":{"neType":"RadioNode"},"moduleSetTag":"tag-1"}"""
        request("/dmi/v1/ch/ch-${n}/data/ds/${datastore}?resourceIdentifier=${URLEncoder.encode(KpiSuite.RESOURCE, 'UTF-8')}",
            dmiStub.baseUrl()).header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body))
    }

    void insertHandles(int from, int to) {
        KpiSuite.insertReadyHandles(jdbcTemplate, dmiStub.baseUrl(), from, to)
    }
}
