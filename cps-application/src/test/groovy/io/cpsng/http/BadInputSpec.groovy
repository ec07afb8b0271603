package io.cpsng.http

import groovy.json.JsonOutput
import io.cpsng.LogBytes
import io.cpsng.ServerSpec
import spock.lang.Shared

/**
 * Each cause of a bad answer to bad input, through the server on a port: text PostgreSQL cannot store, JSON of
 * the wrong shape, sizes beyond the limits (docs/operations.md), parameters not served or repeated, and what a
 * bad request may write to the log. Each is a 4xx JSON error naming what was wrong, and nothing is stored. BadInputSweepSpec sends the same kinds of input to every endpoint family.
 */
class BadInputSpec extends ServerSpec {

    static final String DATASPACE = 'bad-input'
    static final String ANCHOR_URL = "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree"
    static final String FIVE_MEGABYTES = 'x' * (5 * 1024 * 1024)
    static final String TREE_YANG = '''module tree {
        yang-version 1.1;
        namespace "urn:spec:tree";
        prefix tree;
        revision 2020-02-02;
        container tree {
            list branch {
                key "name";
                leaf name { type string; }
                leaf colour { type string; }
            }
        }
    }'''
    static final List SETUP_BRANCHES = [[name: 'Left', colour: 'green']]
    static final String TREE_DATA = JsonOutput.toJson([tree: [branch: SETUP_BRANCHES]])
    static final String PLUGIN = 'http://127.0.0.1:1'

    @Shared
    boolean modelCreated = false

    def setup() {
        if (!modelCreated) {
            assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${DATASPACE}", [:], null).status == 201
            assert uploadYang().status == 201
            assert http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=tree&anchor-name=tree", [:], null).status == 201
            modelCreated = true
        }
        http.send('DELETE', "${ANCHOR_URL}/nodes?xpath=/", [:], null)
        assert http.post("${ANCHOR_URL}/nodes", 'application/json', TREE_DATA).status == 201
    }

    def 'Text PostgreSQL cannot store, or that is not text, is refused naming where: #scenario'() {
        when: 'the request is sent'
            def response = http.send(method, target, ['Content-Type': 'application/json'], body?.getBytes('ISO-8859-1'))
        then: 'it is refused with a JSON error naming where'
            refusedNaming(response, named)
        and: 'the tree is as it was'
            readTree() == SETUP_BRANCHES
        where: 'the request is'
            scenario                         | method  | target                                                             | body                                                                || named
            'a NUL in an xpath'              | 'GET'   | "${ANCHOR_URL}/node?xpath=/tree%00"                                | null                                                                || 'xpath'
            'a NUL in a cps-path'            | 'GET'   | "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree/nodes/query?cps-path=//branch%00" | null                          || 'cps-path'
            'a broken escape'                | 'GET'   | "${ANCHOR_URL}/node?xpath=%zz"                                     | null                                                                || 'xpath'
            'a cut UTF-8 escape'             | 'GET'   | "${ANCHOR_URL}/node?xpath=%E0%A4%A"                                | null                                                                || 'xpath'
            'bytes that are not UTF-8'       | 'DELETE'| "${ANCHOR_URL}/nodes?xpath=%C3%28"                                 | null                                                                || 'xpath'
            'a NUL in a leaf value'          | 'PUT'   | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"red\\u0000"}]}}'       || 'NUL'
            'a NUL in a list key'            | 'POST'  | "${ANCHOR_URL}/list-nodes?xpath=/tree"                             | '{"branch":[{"name":"Right\\u0000"}]}'                              || 'NUL'
            'a raw NUL in a body'            | 'PATCH' | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"r\u0000"}]}}'          || 'NUL'
            'a body that is not UTF-8'       | 'PATCH' | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"r\u00c3("}]}}'         || 'UTF-8'
            'a NUL in a subscription name'   | 'POST'  | '/cps/api/v2/notification-subscription?xpath=/dataspaces'          | '{"dataspace":[{"name":"bad\\u0000"}]}'                             || 'NUL'
            'a NUL in a write-job path'      | 'POST'  | '/do-not-use/dataJobs/job-1/write'                                 | '{"dataJobMetadata":{"destination":"d"},"dataJobWriteRequest":{"data":[{"path":"/A=1\\u0000","op":"add"}]}}' || 'NUL'
            'a NUL in a resource identifier' | 'GET'   | '/ncmp/v1/ch/h-1/data/ds/ncmp-datastore:passthrough-running?resourceIdentifier=a%00' | null                          || 'resourceIdentifier'
            'a NUL in a property key'        | 'POST'  | '/ncmp/v1/ch/searches'                                             | '{"cmHandleQueryParameters":[{"conditionName":"hasAllProperties","conditionParameters":[{"k\\u0000":"v"}]}]}' || 'NUL'
            'a lone high surrogate escape'   | 'PUT'   | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"r\\ud800"}]}}'       || 'surrogate escape without its pair at byte 45'
            'a lone low surrogate escape'    | 'PATCH' | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"\\uDC00r"}]}}'       || 'surrogate escape without its pair at byte 44'
            'two high surrogate escapes'     | 'POST'  | "${ANCHOR_URL}/list-nodes?xpath=/tree"                             | '{"branch":[{"name":"R\\ud83d\\ud83d"}]}'                          || 'surrogate escape without its pair at byte 21'
            'a high one before an escaped backslash' | 'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree"                        | '{"branch":[{"name":"R\\ud83d\\\\ude00"}]}'                       || 'surrogate escape without its pair'
            'a lone surrogate in a handle id' | 'POST' | '/ncmpInventory/v1/ch'                                              | '{"dmiPlugin":"http://127.0.0.1:1","createdCmHandles":[{"cmHandle":"sur\\ud800"}]}' || 'surrogate escape'
            'a surrogate in raw UTF-8'       | 'PATCH' | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"r\u00ed\u00a0\u0080"}]}}' || 'UTF-8'
            'an overlong UTF-8 form'         | 'PATCH' | "${ANCHOR_URL}/nodes?xpath=/"                                      | '{"tree":{"branch":[{"name":"Left","colour":"r\u00e0\u0080\u00af"}]}}' || 'UTF-8'
    }

    def 'A surrogate pair escaped in JSON is one character, stored and read back'() {
        when: 'a leaf is written with an emoji as a pair of escapes'
            def written = http.send('PUT', "${ANCHOR_URL}/nodes?xpath=/", ['Content-Type': 'application/json'],
                '{"tree":{"branch":[{"name":"Left","colour":"\\ud83c\\udf33"}]}}'.getBytes('UTF-8'))
        then: 'it is taken, and read back as that character'
            written.status == 200
            readTree() == [[name: 'Left', colour: '\uD83C\uDF33']]
    }

    def 'JSON of the wrong shape is refused naming what is wrong, never a null pointer: #scenario'() {
        when: 'the request is sent'
            def response = http.send('POST', target, ['Content-Type': 'application/json'], body.bytes)
        then: 'it is refused with a JSON error'
            refusedNaming(response, named)
        and: 'the tree is as it was'
            readTree() == SETUP_BRANCHES
        where: 'the request is'
            scenario                        | target                                                | body                                                                    || named
            'a report of numbers'           | "${ANCHOR_URL}/applyChangesInDeltaReport"             | '[1,2,3]'                                                               || 'Entry 0'
            'a report of a null'            | "${ANCHOR_URL}/applyChangesInDeltaReport"             | '[null]'                                                                || 'Entry 0'
            'a report without an action'    | "${ANCHOR_URL}/applyChangesInDeltaReport"             | '[{"xpath":"/tree"}]'                                                   || 'action'
            'an operation that is null'     | '/ncmp/v1/data?topic=results'                         | '{"operations":[{"operation":null,"operationId":"1","datastore":"ncmp-datastore:passthrough-operational","targetIds":["h-1"]}]}' || 'operation'
            'a search body that is null'    | '/ncmp/v1/ch/searches'                                | 'null'                                                                  || 'null'
            'a number for a name'           | '/cps/api/v2/notification-subscription?xpath=/dataspaces' | '{"dataspace":[{"name":5}]}'                                        || 'JSON string'
            'a control character in a name' | '/cps/api/v2/notification-subscription?xpath=/dataspaces' | '{"dataspace":[{"name":"abc\\u0007def"}]}'                        || 'JSON string'
            'a bidi character in a name'    | '/cps/api/v2/notification-subscription?xpath=/dataspaces' | '{"dataspace":[{"name":"abc\\u202Edef"}]}'                          || 'JSON string'
            'an unknown write operation'    | '/do-not-use/dataJobs/job-1/write'                    | '{"dataJobMetadata":{"destination":"d"},"dataJobWriteRequest":{"data":[{"path":"/A=1","op":"explode"}]}}' || 'op'
            'a path stepping back'          | '/do-not-use/dataJobs/job-1/write'                    | '{"dataJobMetadata":{"destination":"d"},"dataJobWriteRequest":{"data":[{"path":"/A=1/../B=2","op":"add"}]}}' || '..'
    }

    def 'A body member the endpoint does not take, or a reference member it does not serve, is refused naming it: #scenario'() {
        given: 'one handle registered, which a search ignoring the member would answer'
            register([[cmHandle: 'member-kept']])
        when: 'the request is sent'
            def response = http.send('POST', target, ['Content-Type': 'application/json'], body.bytes)
        then: 'it is refused naming the member'
            refusedNaming(response, named)
        and: 'no handle was registered by it'
            http.get('/ncmp/v1/ch/member-refused').status == 404
        where: 'the request is'
            scenario                         | target                             | body                                                                                       || named
            'a search member misspelt'       | '/ncmp/v1/ch/id-searches'          | '{"cmHandleQueryParamters":[]}'                                                            || '$.cmHandleQueryParamters: no such member here; the members taken are [cmHandleQueryParameters, conditions]'
            'a condition member misspelt'    | '/ncmpInventory/v1/ch/searches'    | '{"cmHandleQueryParameters":[{"conditionName":"hasAllModules","conditionParamters":[]}]}'  || '$.cmHandleQueryParameters[0].conditionParamters'
            'the deprecated conditions'      | '/ncmp/v1/ch/searches'             | '{"conditions":[{"name":"hasAllModules","conditionParameters":[{"moduleName":"m"}]}]}'     || 'conditions (deprecated'
            'a handle member misspelt'       | '/ncmpInventory/v1/ch'             | '{"dmiPlugin":"http://127.0.0.1:1","createdCmHandles":[{"cmHandle":"member-refused","alternateID":"a"}]}' || '$.createdCmHandles[0].alternateID'
            'a handle status'                | '/ncmpInventory/v1/ch'             | '{"dmiPlugin":"http://127.0.0.1:1","createdCmHandles":[{"cmHandle":"member-refused","cmHandleStatus":"READY"}]}' || 'createdCmHandles[0].cmHandleStatus is not served'
            'an operation member misspelt'   | '/ncmp/v1/data?topic=results'      | '{"operations":[{"operation":"read","operationId":"1","datastore":"ncmp-datastore:passthrough-operational","targetIDs":["h-1"]}]}' || '$.operations[0].targetIDs'
            'a data job member misspelt'     | '/do-not-use/dataJobs/job-1/write' | '{"dataJobMetadata":{"destinaton":"d"},"dataJobWriteRequest":{"data":[]}}'                 || '$.dataJobMetadata.destinaton'
    }

    def 'The reference\'s members this service does not serve are taken when empty, as leaving them out'() {
        when: 'a handle is registered with an empty status'
            def registration = http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: PLUGIN,
                createdCmHandles: [[cmHandle: 'member-empty', cmHandleStatus: '']]]))
        then: 'it is registered'
            registration.status == 200
            http.get('/ncmp/v1/ch/member-empty').status == 200
        and: 'a search with an empty list of deprecated conditions finds it'
            http.post('/ncmp/v1/ch/id-searches', 'application/json', '{"cmHandleQueryParameters":[],"conditions":[]}').json.contains('member-empty')
    }

    def 'A leaf\'s text is taken or refused by what it is, in the charset the body names, wherever it is: #scenario'() {
        when: 'a leaf is written in the body\'s charset, after as many blanks of the body as the row says'
            def response = http.send('PUT', "${ANCHOR_URL}/nodes?xpath=/", ['Content-Type': contentType],
                ('{"tree":{"branch":[{"name":"Left",' + ' '.multiply(blanks) + '"colour":"' + colour + '"}]}}')
                    .getBytes('ISO-8859-1'))
        then: 'the text is taken or refused'
            response.status == expectedStatus
        and: 'the tree holds what was taken'
            readTree() == [[name: 'Left', colour: expectedColour]]
        where: 'the leaf is'
            scenario                                | contentType                               | blanks  | colour                || expectedStatus | expectedColour
            'a Latin-1 letter, in Latin-1'          | 'application/json; charset=ISO-8859-1'    | 0       | 'vert clair\u00e9'    || 200            | 'vert clair\u00e9'
            'a NUL, in Latin-1'                     | 'application/json; charset=ISO-8859-1'    | 0       | 'vert\u0000'          || 400            | 'green'
            'a NUL escaped, far in'                 | 'application/json'                        | 100_000 | 'red\\u0000'          || 400            | 'green'
            'a raw NUL, far in'                     | 'application/json'                        | 100_000 | 'red\u0000'           || 400            | 'green'
            'bytes that are not UTF-8, far in'      | 'application/json'                        | 100_000 | 'r\u00c3('            || 400            | 'green'
            'a letter of two UTF-8 bytes, far in'   | 'application/json'                        | 100_000 | 'clair\u00c3\u00a9'   || 200            | 'clair\u00e9'
            'a backslash escaped, then u0000'       | 'application/json'                        | 100_000 | 'red\\\\u0000'        || 200            | 'red\\u0000'
            'three backslashes, then u0000: a NUL'  | 'application/json'                        | 100_000 | 'red\\\\\\u0000'      || 400            | 'green'
    }

    def 'An error never shows the readers\' internals: #scenario'() {
        when: 'data the JSON or XML readers refuse are sent'
            def response = http.send('POST', target, ['Content-Type': contentType], body.bytes)
        then: 'it is refused, saying why in the client\'s terms'
            response.status == 400
            response.jsonError
            !(response.body =~ /JsonReader|Strictness|StreamReadConstraints|`/)
        where: 'the data are'
            scenario                       | target                                      | contentType                                   | body
            'a report in XML'              | "${ANCHOR_URL}/applyChangesInDeltaReport"   | 'application/json'                            | '<tree><branch><name>Left</name></branch></tree>'
            'a report nested too deep'     | "${ANCHOR_URL}/applyChangesInDeltaReport"   | 'application/json'                            | '['.multiply(10_000) + ']'.multiply(10_000)
            'malformed XML as a delta\'s target' | "${ANCHOR_URL}/delta?xpath=/"         | 'multipart/form-data; boundary=spec-boundary' | multipart('targetData', 'target.xml', '<tree><branch><name>Left</name></tree>')
    }

    def 'Sizes beyond the limits are refused before anything is written: #scenario'() {
        when: 'the request is sent'
            def response = http.send(method, target, ['Content-Type': 'application/json'], body.bytes)
        then: 'it is refused with a JSON error naming the limit'
            refusedNaming(response, named)
        and: 'the tree is as it was'
            readTree() == SETUP_BRANCHES
        where: 'the request is'
            scenario                              | method | target                                                     | body                                                              || named
            'a 5 MB subscription name'            | 'POST' | '/cps/api/v2/notification-subscription?xpath=/dataspaces'  | JsonOutput.toJson([dataspace: [[name: FIVE_MEGABYTES]]])          || '255'
            'a 5 MB list key'                     | 'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree"                      | JsonOutput.toJson([branch: [[name: FIVE_MEGABYTES]]])             || '2500 bytes'
            'a list key of 3,000 characters'      | 'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree"                      | JsonOutput.toJson([branch: [[name: 'k' * 3_000]]])                || '2500 bytes'
            '100,000 module-refresh conditions'   | 'POST' | '/ncmpInventory/v1/ch/module/refresh'                       | JsonOutput.toJson([cmHandleQueryParameters: [[conditionName: 'cmHandleWithDmiPlugin', conditionParameters: [[dmiPluginName: PLUGIN]] * 100_000]]]) || '1000'
            '70,000 search conditions'            | 'POST' | '/ncmp/v1/ch/searches'                                      | JsonOutput.toJson([cmHandleQueryParameters: [[conditionName: 'hasAllModules', conditionParameters: [[moduleName: 'm']] * 70_000]]]) || '1000'
            'a dataspace name of 300 characters'  | 'POST' | "/cps/api/v2/dataspaces?dataspace-name=${'d' * 300}"        | ''                                                                || '255'
            // the default limit: 300,001 tiny entries are 6 MB of JSON, and 1,500,000 (26 MB) ran a 1 GB heap out
            'a write of 300,001 list entries'     | 'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree"                      | JsonOutput.toJson([branch: (1..300_001).collect { [name: "b${it}".toString()] }]) || 'more than 300000 data nodes'
    }

    def 'A list key of 2,000 characters is within the xpath limit, and stored'() {
        when: 'an entry with such a key is added'
            def response = http.post("${ANCHOR_URL}/list-nodes?xpath=/tree", 'application/json', JsonOutput.toJson([branch: [[name: 'k' * 2_000]]]))
        then: 'it is stored'
            response.status == 201
            readTree()*.name == ['Left', 'k' * 2_000]
    }

    def 'A CM handle id beyond its limit is a failed handle, not stored'() {
        when: 'a handle with a 10,000-character id is registered'
            def response = register([[cmHandle: 'h' * 10_000]])
        then: 'it is named as failed: an invalid id'
            response.json.failedCreatedCmHandles*.errorCode == ['110']
        and: 'it is not stored'
            http.post('/ncmp/v1/ch/id-searches', 'application/json', '{}').json.every { it.length() <= 255 }
    }

    def 'A parameter not served, given twice, or a flag that is not a boolean is refused before anything is done: #scenario'() {
        when: 'the request is sent'
            def response = http.send(method, target, [:], null)
        then: 'it is refused naming the parameter'
            refusedNaming(response, named)
        and: 'the tree is still there'
            readTree() == SETUP_BRANCHES
        where: 'the request is'
            scenario                     | method   | target                                                              || named
            'an unknown parameter'       | 'DELETE' | "${ANCHOR_URL}/nodes?xpath=/&force=true"                            || 'force'
            'a repeated parameter'       | 'DELETE' | "${ANCHOR_URL}/nodes?xpath=/tree/branch[@name='Left']&xpath=/"      || 'xpath'
            'a flag of yes'              | 'PUT'    | '/ncmp/v1/ch/h-1/data-sync?dataSyncEnabled=yes'                     || 'dataSyncEnabled'
            'a flag of 1'                | 'PUT'    | '/ncmp/v1/ch/h-1/data-sync?dataSyncEnabled=1'                       || 'dataSyncEnabled'
            'a flag of on'               | 'GET'    | "/cps/api/v1/dataspaces/${DATASPACE}/anchors/tree/node?xpath=/tree&include-descendants=on" || 'include-descendants'
            'a flag given twice'         | 'PUT'    | '/ncmp/v1/ch/h-1/data-sync?dataSyncEnabled=true&dataSyncEnabled=false' || 'dataSyncEnabled'
            'a flag with a NUL'          | 'PUT'    | '/ncmp/v1/ch/h-1/data-sync?dataSyncEnabled=true%00'                 || 'dataSyncEnabled'
            'refresh with a parameter'   | 'POST'   | '/ncmpInventory/v1/ch/module/refresh?dry=1'                         || 'dry'
            'an empty xpath to delete'   | 'DELETE' | "${ANCHOR_URL}/nodes?xpath="                                       || 'xpath is empty'
            'an empty xpath, v1'         | 'DELETE' | "/cps/api/v1/dataspaces/${DATASPACE}/anchors/tree/nodes?xpath="      || 'xpath is empty'
            'a parameter without a name' | 'DELETE' | "${ANCHOR_URL}/nodes?xpath=/tree&=1"                               || 'without a name'
            'a name-less one on NCMP'    | 'GET'    | '/ncmp/v1/ch/h-1/state?a&=1'                                        || 'without a name'
            'a control character in a name' | 'DELETE' | "${ANCHOR_URL}/nodes?xpath=/tree&%01=1"                        || 'control or unassigned character'
            'an unassigned one in a name' | 'GET'   | '/ncmp/v1/ch/h-1/state?%EF%BF%BF=1'                                 || 'control or unassigned character'
            'a control character, health' | 'GET'  | '/actuator/health?%01=1'                                            || 'control or unassigned character'
    }

    def 'A body whose Content-Type is a wildcard is refused with 415 naming it: #contentType to #target'() {
        when: 'the request is sent with a body'
            def response = http.send(method, target, ['Content-Type': contentType], body.bytes)
        then: 'it is refused as a media type not supported, naming the type'
            response.status == 415
            response.jsonError
            response.json.details.contains("Content-Type ${contentType} is a wildcard")
        and: 'the tree is as it was'
            readTree() == SETUP_BRANCHES
        where: 'the request is'
            method | target                           | contentType     | body
            'PUT'  | "${ANCHOR_URL}/nodes?xpath=/"    | '*/*'           | '{"tree":{"branch":[{"name":"Other"}]}}'
            'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree" | 'application/*' | '{"branch":[{"name":"Other"}]}'
            'POST' | '/ncmp/v1/ch/searches'           | '*/*'           | '{"cmHandleQueryParameters":[]}'
            'POST' | '/ncmpInventory/v1/ch'           | 'application/*' | '{"dmiPlugin":"http://127.0.0.1:1"}'
    }

    def 'An event feed refuses what it cannot take, naming it: #scenario'() {
        when: 'the feed is asked'
            def response = http.get(target)
        then: 'it is refused with a JSON error naming the parameter'
            refusedNaming(response, named)
        where: 'the request is'
            scenario                          | target                                                 || named
            'a negative limit'                | '/ncmp/v1/events?limit=-1'                             || 'limit'
            'a limit past the largest page'   | '/ncmp/v1/events?limit=100000000'                      || 'limit'
            'a wait past the longest poll'    | '/ncmp/v1/events?wait=1h'                              || 'wait'
            'a position that is no number'    | '/ncmp/v1/events?after=x'                              || 'after'
            'a negative limit (CPS)'          | '/cps/api/v2/data-updated-events?limit=-1'             || 'limit'
            'a wait past the longest (CPS)'   | '/cps/api/v2/data-updated-events?wait=1h'              || 'wait'
            'a position that is no number (CPS)' | '/cps/api/v2/data-updated-events?after=x'            || 'after'
            'a wait without its unit'         | '/ncmp/v1/events?wait=3'                               || 'wait must be a duration with its unit'
            'a wait without its unit (CPS)'   | '/cps/api/v2/data-updated-events?wait=3'               || 'wait must be a duration with its unit'
    }

    def 'A search that fails after its answer began is cut short, never a complete-looking 200'() {
        given: 'more handles than the first write of an answer holds, the last one unreadable (a state no release writes)'
            (0..<3).each { batch ->
                assert register((1..1000).collect { [cmHandle: streamId(batch, it), publicCmHandleProperties: [site: 'north' * 10]] }).status == 200
            }
            assert jdbcTemplate.update("UPDATE ncmp_cm_handle SET cm_handle_state = 'BOGUS' WHERE id = ?", streamId(2, 1000)) == 1
        when: 'every handle is searched'
            http.post("/ncmp/v1/ch/searches", "application/json", "{}")
        then: 'the answer ends without its last chunk: the client sees a failure'
            def cutShort = thrown(EOFException)
            cutShort.message.contains('no last chunk')
        cleanup: 'the handles are removed'
            jdbcTemplate.update("UPDATE ncmp_cm_handle SET cm_handle_state = 'ADVISED' WHERE id = ?", streamId(2, 1000))
            (0..<3).each { batch -> register([], (1..1000).collect { streamId(batch, it) }) }
    }

    static String streamId(int batch, int index) {
        "stream-${batch}-${index.toString().padLeft(4, '0')}"
    }

    def 'A bad request with a 5 MB value writes at most a few KB of log: #scenario'() {
        given: 'the log is counted'
            def logBytes = LogBytes.attached()
        when: 'the request is sent'
            def status = 0
            def logged = logBytes.during { status = http.send(method, target, ['Content-Type': 'application/json'], body.bytes).status }
        then: 'it is refused'
            status in 400..499
        and: 'little is logged'
            logged < 4096
        cleanup:
            logBytes.detach()
        where: 'the request is'
            scenario                 | method | target                                                    | body
            'a 5 MB list key'        | 'POST' | "${ANCHOR_URL}/list-nodes?xpath=/tree"                     | JsonOutput.toJson([branch: [[name: FIVE_MEGABYTES]]])
            'a 5 MB name'            | 'POST' | '/cps/api/v2/notification-subscription?xpath=/dataspaces' | JsonOutput.toJson([dataspace: [[name: FIVE_MEGABYTES]]])
            'a 5 MB query parameter' | 'GET'  | "${ANCHOR_URL}/node?xpath=/${FIVE_MEGABYTES}"              | ''
    }

    /** A 400 whose JSON error names in its details what was wrong. */
    static void refusedNaming(response, String named) {
        assert response.status == 400
        assert response.jsonError
        assert response.json.details.contains(named)
    }

    def register(List createdCmHandles, List removedCmHandles = []) {
        http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: PLUGIN,
            createdCmHandles: createdCmHandles, removedCmHandles: removedCmHandles]))
    }

    List readTree() {
        def json = http.get("${ANCHOR_URL}/node?xpath=/tree&descendants=all").json
        (json instanceof List ? json[0] : json)['tree:tree'].branch as List
    }

    def uploadYang() {
        http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/schema-sets?schema-set-name=tree",
            ['Content-Type': 'multipart/form-data; boundary=spec-boundary'], multipart('file', 'tree.yang', TREE_YANG).bytes)
    }

    static String multipart(String part, String fileName, String content) {
        "--spec-boundary\r\nContent-Disposition: form-data; name=\"${part}\"; filename=\"${fileName}\"\r\n" +
            "Content-Type: application/octet-stream\r\n\r\n${content}\r\n--spec-boundary--\r\n"
    }
}
