package io.cpsng

import groovy.json.JsonSlurper
import java.nio.charset.StandardCharsets

/**
 * A client that sends exactly the bytes it is given, as a client on the network would: no encoding,
 * validation or normalisation of the URL on the way, so specs can send what real clients send, broken or not.
 * One request per connection.
 */
class RawHttp {

    static final int LINE_FEED = 10

    final int port
    final String authorization

    /** With credentials, every request carries them as HTTP Basic; without, none does. */
    RawHttp(int port, String username = null, String password = null) {
        this.port = port
        this.authorization = username == null ? null : 'Basic ' + "${username}:${password}".toString().bytes.encodeBase64()
    }

    Response get(String target, Map<String, String> headers = [:]) {
        send('GET', target, headers, null)
    }

    Response post(String target, String contentType, Object body, Map<String, String> headers = [:]) {
        send('POST', target, headers + ['Content-Type': contentType], bytesOf(body))
    }

    Response send(String method, String target, Map<String, String> headers, byte[] body) {
        new Socket('127.0.0.1', port).withCloseable { socket ->
            socket.soTimeout = 60_000
            def head = new StringBuilder("${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n")
            if (authorization != null) {
                head.append("Authorization: ${authorization}\r\n")
            }
            headers.each { name, value -> head.append("${name}: ${value}\r\n") }
            if (body != null && !headers.keySet()*.toLowerCase().contains('transfer-encoding')) {
                head.append("Content-Length: ${body.length}\r\n")
            }
            head.append('\r\n')
            def output = new BufferedOutputStream(socket.outputStream)
            try {
                output.write(head.toString().getBytes(StandardCharsets.ISO_8859_1))
                if (body != null) {
                    output.write(body)
                }
                output.flush()
            } catch (SocketException refusedMidBody) {
                // the server answered and closed before taking the whole body: its answer is still to be read
            }
            Response.read(new BufferedInputStream(socket.inputStream))
        }
    }

    private static byte[] bytesOf(Object body) {
        body instanceof byte[] ? body as byte[] : body.toString().getBytes(StandardCharsets.UTF_8)
    }

    static class Response {
        int status
        Map<String, String> headers
        String body

        Object getJson() {
            new JsonSlurper().parseText(body)
        }

        boolean isJsonError() {
            headers['content-type']?.startsWith('application/json') && json.status?.startsWith("${status} ")
        }

        /** Reads one answer, and no further: a server that refused a body unread may keep the connection open. */
        static Response read(InputStream input) {
            def head = new ByteArrayOutputStream()
            while (!head.toString('ISO-8859-1').endsWith('\r\n\r\n')) {
                def next = input.read()
                assert next >= 0: "no complete HTTP answer: '${head.toString('ISO-8859-1').take(200)}'"
                head.write(next)
            }
            def lines = head.toString('ISO-8859-1').trim().split('\r\n')
            def headers = lines.drop(1).collectEntries { line ->
                def colon = line.indexOf(':')
                [line.substring(0, colon).trim().toLowerCase(), line.substring(colon + 1).trim()]
            } as Map<String, String>
            byte[] body
            if (headers['transfer-encoding']?.contains('chunked')) {
                body = dechunk(input)
            } else if (headers['content-length'] != null) {
                body = input.readNBytes(headers['content-length'] as int)
            } else {
                body = input.readAllBytes()
            }
            new Response(status: lines[0].split(' ')[1] as int, headers: headers,
                body: new String(body, StandardCharsets.UTF_8))
        }

        private static byte[] dechunk(InputStream input) {
            def output = new ByteArrayOutputStream()
            while (true) {
                def sizeLine = new StringBuilder()
                for (int next = input.read(); next != LINE_FEED; next = input.read()) {
                    if (next < 0) {
                        throw new EOFException('the answer was cut short: no last chunk')
                    }
                    sizeLine.append((char) next)
                }
                def size = Integer.parseInt(sizeLine.toString().trim().split(';')[0] ?: '0', 16)
                if (size == 0) {
                    return output.toByteArray()
                }
                output.write(input.readNBytes(size))
                input.skip(2)
            }
        }
    }
}
