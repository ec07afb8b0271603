package io.cpsng.perf

import groovy.transform.CompileStatic

import java.nio.charset.StandardCharsets

/**
 * A DMI plugin that answers every request with the same JSON body at once: HTTP/1.1 with keep-alive, as NCMP's client
 * speaks it, on sockets of its own, a virtual thread a connection. A plugin runs on machines of its own; here it
 * shares the service's two cores, so it does as little as it can. WireMock's request matching and journal took a
 * third of the CPU of a data-sync run, the JDK's HTTP server a sixth (profiles of 2026-11-27), so the figure
 * measured the stub as much as the service.
 */
@CompileStatic
class FixedAnswerPlugin implements Closeable {

    private final ServerSocket serverSocket
    private final byte[] answer

    FixedAnswerPlugin(String json) {
        def body = json.getBytes(StandardCharsets.UTF_8)
        def head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n"
        def headBytes = head.getBytes(StandardCharsets.US_ASCII)
        answer = Arrays.copyOf(headBytes, headBytes.length + body.length)
        System.arraycopy(body, 0, answer, headBytes.length, body.length)
        serverSocket = new ServerSocket(0, 256, InetAddress.loopbackAddress)
        Thread.ofVirtual().start { acceptConnections() }
    }

    String baseUrl() {
        "http://127.0.0.1:${serverSocket.localPort}"
    }

    private void acceptConnections() {
        while (!serverSocket.closed) {
            try {
                def socket = serverSocket.accept()
                Thread.ofVirtual().start { answerRequests(socket) }
            } catch (IOException closed) {
                return
            }
        }
    }

    /** Each request on the connection read (its head, then as many bytes as its Content-Length) and answered. */
    private void answerRequests(Socket socket) {
        try (socket) {
            def input = new BufferedInputStream(socket.inputStream, 16_384)
            def output = socket.outputStream
            int bodyLength
            while ((bodyLength = readHead(input)) >= 0) {
                input.skipNBytes(bodyLength)
                output.write(answer)
                output.flush()
            }
        } catch (IOException gone) {
            // the client closed the connection
        }
    }

    /** The Content-Length of the request whose head is read (0 without one); -1 once the client has closed. */
    private static int readHead(InputStream input) {
        def line = new StringBuilder()
        int bodyLength = 0
        int next
        while ((next = input.read()) >= 0) {
            if (next == ('\n' as char)) {
                if (line.length() == 0) {
                    return bodyLength
                }
                def header = line.toString()
                if (header.regionMatches(true, 0, 'Content-Length:', 0, 15)) {
                    bodyLength = Integer.parseInt(header.substring(15).trim())
                }
                line.setLength(0)
            } else if (next != ('\r' as char)) {
                line.append((char) next)
            }
        }
        -1
    }

    @Override
    void close() {
        serverSocket.close()
    }
}
