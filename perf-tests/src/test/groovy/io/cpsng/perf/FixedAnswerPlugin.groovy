package io.cpsng.perf

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import groovy.transform.CompileStatic

import java.nio.charset.StandardCharsets
import java.util.concurrent.Executors

/**
 * A DMI plugin that answers every request with the same JSON body at once, on the JDK's HTTP server: a plugin runs
 * on machines of its own, and WireMock's request matching and journal, in the test JVM on the same two cores, took a
 * third of the CPU of a data-sync run (profile of 2026-11-27), so the figure measured the stub as much as the service.
 */
@CompileStatic
class FixedAnswerPlugin implements Closeable {

    private final HttpServer server
    private final byte[] body

    FixedAnswerPlugin(String json) {
        body = json.getBytes(StandardCharsets.UTF_8)
        server = HttpServer.create(new InetSocketAddress(InetAddress.loopbackAddress, 0), 256)
        server.executor = Executors.newVirtualThreadPerTaskExecutor()
        server.createContext('/', { HttpExchange exchange -> answer(exchange) })
        server.start()
    }

    String baseUrl() {
        "http://127.0.0.1:${server.address.port}"
    }

    private void answer(HttpExchange exchange) {
        exchange.requestBody.withCloseable { it.readAllBytes() }
        exchange.responseHeaders.add('Content-Type', 'application/json')
        exchange.sendResponseHeaders(200, body.length)
        exchange.responseBody.withCloseable { it.write(body) }
    }

    @Override
    void close() {
        server.stop(0)
    }
}
