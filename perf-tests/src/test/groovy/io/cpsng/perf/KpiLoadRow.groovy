package io.cpsng.perf

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.ConcurrentLinkedQueue

/** One KPI row under load: its rate, what it sends, its answers as expected (when each came) and the rest. */
class KpiLoadRow {

    /** An answer as expected: when its request was sent and when the answer was read, in System.nanoTime(). */
    record Answer(long startNanos, long endNanos) {

        double millis() {
            (endNanos - startNanos) / 1e6
        }

        boolean overlapsAny(Collection<Answer> others) {
            others.any { other -> other.startNanos < endNanos && startNanos < other.endNanos }
        }
    }

    final String name
    final int requestsPerPeriod
    final long periodMs
    final int expectedStatus
    final long delayMs
    final Closure<HttpRequest.Builder> request
    final Queue<Answer> answers = new ConcurrentLinkedQueue<>()
    final Queue<String> failures = new ConcurrentLinkedQueue<>()

    KpiLoadRow(String name, int requestsPerPeriod, long periodMs, int expectedStatus, long delayMs,
               Closure<HttpRequest.Builder> request) {
        this.name = name
        this.requestsPerPeriod = requestsPerPeriod
        this.periodMs = periodMs
        this.expectedStatus = expectedStatus
        this.delayMs = delayMs
        this.request = request
    }

    /** The time between two requests of the row, in nanoseconds. */
    long intervalNanos() {
        (periodMs * 1_000_000L).intdiv(requestsPerPeriod)
    }

    void send(HttpClient httpClient) {
        try {
            def start = System.nanoTime()
            def response = httpClient.send(request.call().build(), HttpResponse.BodyHandlers.ofString())
            if (response.statusCode() == expectedStatus) {
                answers << new Answer(start, System.nanoTime())
            } else {
                failures << "${response.statusCode()} ${response.body().take(200)}".toString()
            }
        } catch (Exception failed) {
            failures << failed.toString()
        }
    }

    /** The mean time of the answers the filter keeps, less the stub's delay, as the KPI reports a row. */
    double meanMillisLessDelay(Closure<Boolean> filter = { true }) {
        def kept = answers.findAll(filter)
        kept.empty ? 0 : kept.sum { it.millis() } / kept.size() - delayMs
    }

    @Override
    String toString() {
        "${name}: ${answers.size()} answered, ${failures.size()} failed ${failures.take(3)}"
    }
}
