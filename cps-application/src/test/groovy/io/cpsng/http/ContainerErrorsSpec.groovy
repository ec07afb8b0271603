package io.cpsng.http

import io.cpsng.ServerSpec

/**
 * Errors the servlet container and the security filters raise before a controller runs, as a client on the
 * network sees them: every one a JSON error body, never an HTML page.
 */
class ContainerErrorsSpec extends ServerSpec {

    def 'A request with #scenario answers #expectedStatus with the JSON error body'() {
        when: 'the request is sent as it is'
            def response = http.send(method, target, headers, null)
        then: 'the status says what was wrong'
            response.status == expectedStatus
        and: 'the body is the JSON error shape, not an HTML page'
            response.jsonError
            !response.body.contains('<html')
        where: 'the request has'
            scenario                              | method   | target                                                  | headers                           || expectedStatus
            'a malformed percent-encoding'        | 'GET'    | '/cps/api/v2/admin/dataspaces/%zz'                      | [:]                               || 400
            'a percent-encoded NUL'               | 'GET'    | '/ncmp/v1/ch/a%00b'                                     | [:]                               || 400
            'a raw space in the path'             | 'GET'    | '/ncmp/v1/ch/a b'                                       | [:]                               || 400
            'a 200 KB cps-path in the query'      | 'GET'    | '/cps/api/v2/dataspaces/d/anchors/a/nodes/query?cps-path=/' + 'a' * 200_000 | [:] || 400
            'a header over the size limit'        | 'GET'    | '/cps/api/v2/admin/dataspaces'                          | ['X-Big': 'x' * 70_000]           || 400
            'an unknown path'                     | 'GET'    | '/cps/api/v2/no-such-thing'                             | [:]                               || 404
            'an unknown path outside the API'     | 'GET'    | '/nothing/here'                                         | [:]                               || 404
            'a method the path does not serve'    | 'DELETE' | '/cps/api/v2/admin/dataspaces'                          | [:]                               || 405
            'a method the firewall refuses'       | 'FOO'    | '/ncmp/v1/ch/x'                                         | [:]                               || 400
    }

    def 'A query parameter holding a NUL (#scenario) answers 400 naming it, before anything runs'() {
        when: 'the request is sent'
            def response = http.send(method, target, [:], null)
        then: 'it is refused in JSON, naming the parameter'
            response.status == 400
            response.jsonError
            response.json.details.contains("Parameter ${parameter} holds a NUL character")
        and: 'nothing was stored: no dataspace of that name exists'
            jdbcTemplate.queryForObject("SELECT count(*) FROM dataspace WHERE name LIKE 'nul%'", Integer) == 0
        where: 'the request is'
            scenario                    | method | target                                                                          || parameter
            'a handle by FDN'           | 'GET'  | '/ncmpInventory/v1/ch?distinguishedName=/A=1%00'                                || 'distinguishedName'
            'an xpath'                  | 'GET'  | '/cps/api/v2/dataspaces/d/anchors/a/node?xpath=/a%00b'                          || 'xpath'
            'a write of a name'         | 'POST' | '/cps/api/v2/dataspaces?dataspace-name=nul%00x'                                 || 'dataspace-name'
            'the second of parameters'  | 'GET'  | '/cps/api/v2/dataspaces/d/anchors/a/nodes/query?descendants=all&cps-path=//x%00' || 'cps-path'
    }

    def 'A body of a media type the endpoint does not take answers 415 in JSON'() {
        when: 'a registration is sent as plain text'
            def response = http.post('/ncmpInventory/v1/ch', 'text/plain', 'hello')
        then: 'it is refused as an unsupported media type, in JSON'
            response.status == 415
            response.jsonError
    }

    def 'A body over the limit answers 413 naming the limit, #scenario'() {
        when: 'a body larger than cps.http.max-request-body-size (32MB) is sent'
            def response = http.send('POST', '/cps/api/v2/dataspaces/d/anchors/a/nodes',
                ['Content-Type': 'application/json'] + headers, body)
        then: 'it is refused as too large, naming the setting'
            response.status == 413
            response.jsonError
            response.json.details.contains('cps.http.max-request-body-size')
        where: 'the size is'
            scenario                         | headers                                | body
            'announced by Content-Length'    | ['Content-Length': '40000000']         | null
            'found while streaming (chunked)'| ['Transfer-Encoding': 'chunked']       | chunked(34 * 1024 * 1024)
    }

    def 'Without credentials the API answers 401 in JSON over the network too'() {
        when: 'a request without credentials reaches the server'
            def response = new io.cpsng.RawHttp(port).get('/cps/api/v2/admin/dataspaces')
        then: 'it is refused in JSON'
            response.status == 401
            response.jsonError
    }

    /** A chunked body of the given size: chunks of 1 MB of spaces (valid JSON whitespace), then the last chunk. */
    static byte[] chunked(int size) {
        def output = new ByteArrayOutputStream()
        def chunk = (' ' * (1024 * 1024)).bytes
        for (int written = 0; written < size; written += chunk.length) {
            output.write("${Integer.toHexString(chunk.length)}\r\n".bytes)
            output.write(chunk)
            output.write('\r\n'.bytes)
        }
        output.write('0\r\n\r\n'.bytes)
        output.toByteArray()
    }
}
