package io.cpsng.ncmp.dmi

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import io.cpsng.ncmp.api.exceptions.DmiException
import io.cpsng.ncmp.api.exceptions.DmiTimeoutException
import io.micrometer.core.instrument.simple.SimpleMeterRegistry
import org.springframework.util.unit.DataSize
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.time.Duration
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * What a plugin's answer may cost: the read timeout bounds the whole answer, body included, an answer larger
 * than ncmp.dmi.max-response-size fails the call, and so does one that would take the answers being read past
 * ncmp.dmi.max-in-flight-response-size. Against a plugin that sends its headers and then stalls, sends more than the
 * limit, or holds two answers half sent; a health check of a stalling plugin says it is down.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class DmiSenderSpec extends Specification {

    static final Duration READ_TIMEOUT = Duration.ofMillis(500)
    static final DataSize MAX_RESPONSE_SIZE = DataSize.ofKilobytes(64)
    static final DataSize MAX_IN_FLIGHT_RESPONSE_SIZE = DataSize.ofKilobytes(100)
    // one answer fits in the budget, but not beside the first part of another
    static final int ANSWER_BYTES = 60_000
    static final int FIRST_PART_BYTES = 45_000

    @Shared
    CountDownLatch stalledAnswersRelease = new CountDownLatch(1)

    @Shared
    CountDownLatch heldAnswersRelease = new CountDownLatch(1)

    @Shared
    @AutoCleanup('shutdownNow')
    def pluginThreads = Executors.newVirtualThreadPerTaskExecutor()

    @Shared
    HttpServer plugin = startPlugin()

    @Shared
    DmiSender objectUnderTest = new DmiSender(new DmiProperties(Duration.ofSeconds(2), READ_TIMEOUT, 10, '', '',
        Duration.ofSeconds(10), READ_TIMEOUT, new DmiProperties.Auth(true), MAX_RESPONSE_SIZE,
        MAX_IN_FLIGHT_RESPONSE_SIZE), new SimpleMeterRegistry())

    def cleanupSpec() {
        stalledAnswersRelease.countDown()
        heldAnswersRelease.countDown()
        plugin.stop(0)
    }

    def 'A plugin that sends its headers and then stalls is a timeout, not a wait for ever'() {
        when: 'the plugin is asked'
            objectUnderTest.postJson('data', uri('/stalls'), [:], 'cm handle h-1', null)
        then: 'the call fails as a plugin that did not answer in time, naming the whole answer'
            def timeout = thrown(DmiTimeoutException)
            timeout.details.contains('got no whole answer within PT0.5S')
        and: 'the part it sent no longer counts among the answers being read'
            objectUnderTest.answerBytesInFlight() == 0
    }

    def 'An answer that would take the answers being read past their budget fails its call, naming it'() {
        given: 'a call whose plugin has sent the first part of its answer'
            def calls = Executors.newVirtualThreadPerTaskExecutor()
            def heldCall = calls.submit { callForOutcome('/held') }
            new PollingConditions(timeout: 5).eventually {
                assert objectUnderTest.answerBytesInFlight() == FIRST_PART_BYTES
            }
        when: 'another plugin answers a whole answer that fits the limit of one but not what is left of the budget'
            def secondCall = callForOutcome('/whole')
        then: 'that call fails as a plugin error naming the budget, without the answer'
            def budget = MAX_IN_FLIGHT_RESPONSE_SIZE.toBytes()
            secondCall == "failed: Too many DMI plugin answers at once: more than ${budget} bytes"
        and: 'its part no longer counts'
            objectUnderTest.answerBytesInFlight() == FIRST_PART_BYTES
        when: 'the first plugin sends the rest of its answer'
            heldAnswersRelease.countDown()
        then: 'the first answer is read whole'
            heldCall.get(5, TimeUnit.SECONDS) == "read ${ANSWER_BYTES}"
        and: 'nothing counts as being read any more'
            objectUnderTest.answerBytesInFlight() == 0
        and: 'the whole answer refused before is read whole now'
            callForOutcome('/whole') == "read ${ANSWER_BYTES}"
        cleanup:
            calls.close()
    }

    def 'An answer larger than the limit fails the call, naming the limit'() {
        when: 'the plugin answers one byte more than the limit'
            objectUnderTest.postJson('data', uri('/too-large'), [:], 'cm handle h-1', null)
        then: 'the call fails as a plugin error, without the answer'
            def failure = thrown(DmiException)
            failure.message == 'DMI plugin answer too large'
            failure.details.contains("larger than ${MAX_RESPONSE_SIZE.toBytes()} bytes")
            failure.dmiResponse == null
    }

    def 'An answer of the limit\'s size is taken whole, in the charset its Content-Type names'() {
        when: 'the plugin answers the limit in ISO-8859-1'
            def answer = objectUnderTest.postJson('data', uri('/at-limit'), [:], 'cm handle h-1', null)
        then: 'it is read whole and decoded'
            answer.status() == 200
            answer.body().length() == MAX_RESPONSE_SIZE.toBytes()
            answer.body().endsWith('\u00e9')
    }

    def 'A health check of a plugin that stalls after its headers says it is down'() {
        expect: 'the plugin counts as down within the health check\'s timeout'
            !objectUnderTest.isHealthy(uri('/stalls'), READ_TIMEOUT)
        and: 'a plugin that answers counts as up'
            objectUnderTest.isHealthy(uri('/at-limit'), READ_TIMEOUT)
    }

    String callForOutcome(String path) {
        try {
            "read ${objectUnderTest.postJson('data', uri(path), [:], 'cm handle h-1', null).body().length()}"
        } catch (DmiException failure) {
            def budget = failure.details =~ /more than (\d+) bytes \(ncmp.dmi.max-in-flight-response-size\)/
            "failed: ${failure.message}: ${budget ? "more than ${budget[0][1]} bytes" : failure.details}"
        }
    }

    HttpServer startPlugin() {
        def server = HttpServer.create(new InetSocketAddress(InetAddress.loopbackAddress, 0), 0)
        server.executor = pluginThreads
        server.createContext('/stalls') { HttpExchange exchange ->
            exchange.sendResponseHeaders(200, 1_000)
            exchange.responseBody.write('{"partial'.bytes)
            exchange.responseBody.flush()
            stalledAnswersRelease.await(60, TimeUnit.SECONDS)
            exchange.close()
        }
        server.createContext('/too-large') { HttpExchange exchange ->
            answer(exchange, 'text/plain', new byte[MAX_RESPONSE_SIZE.toBytes() + 1])
        }
        server.createContext('/at-limit') { HttpExchange exchange ->
            def text = 'a' * (MAX_RESPONSE_SIZE.toBytes() - 1) + '\u00e9'
            answer(exchange, 'application/json; charset=ISO-8859-1', text.getBytes('ISO-8859-1'))
        }
        server.createContext('/held') { HttpExchange exchange ->
            exchange.sendResponseHeaders(200, ANSWER_BYTES)
            exchange.responseBody.write(('a' * FIRST_PART_BYTES).bytes)
            exchange.responseBody.flush()
            heldAnswersRelease.await(10, TimeUnit.SECONDS)
            exchange.responseBody.withCloseable { it.write(('b' * (ANSWER_BYTES - FIRST_PART_BYTES)).bytes) }
        }
        server.createContext('/whole') { HttpExchange exchange ->
            answer(exchange, 'application/json', ('c' * ANSWER_BYTES).bytes)
        }
        server.start()
        server
    }

    static void answer(HttpExchange exchange, String contentType, byte[] body) {
        exchange.responseHeaders.add('Content-Type', contentType)
        exchange.sendResponseHeaders(200, body.length)
        exchange.responseBody.withCloseable { it.write(body) }
    }

    URI uri(String path) {
        URI.create("http://127.0.0.1:${plugin.address.port}${path}")
    }
}
