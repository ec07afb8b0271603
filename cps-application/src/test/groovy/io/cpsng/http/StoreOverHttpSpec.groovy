package io.cpsng.http

import groovy.json.JsonOutput
import io.cpsng.ServerSpec
import spock.lang.Shared

/** The store's data and query endpoints as clients reach them over the network. */
class StoreOverHttpSpec extends ServerSpec {

    static final String DATASPACE = 'over-http'
    static final String ANCHOR_URL = "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree"
    static final String RIGHT_BRANCH = "/test-tree/branch[@name='Right']"
    static final String TEST_TREE_YANG = '''module test-tree {
        yang-version 1.1;
        namespace "urn:spec:test-tree";
        prefix tree;
        revision 2020-02-02;
        container test-tree {
            list branch {
                key "name";
                leaf name { type string; }
                leaf colour { type string; }
                container nest {
                    leaf name { type string; }
                    leaf-list birds { type string; }
                }
            }
        }
    }'''
    static final String TEST_TREE_DATA = JsonOutput.toJson(['test-tree': [branch: [
        [name: 'Left', nest: [name: 'Small', birds: ['Sparrow']]],
        [name: 'Right', colour: 'green', nest: [name: 'Big', birds: ['Owl']]]]]])

    @Shared
    boolean modelCreated = false

    @Shared
    boolean anchorListingCreated = false

    def setup() {
        if (!modelCreated) {
            assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${DATASPACE}", [:], null).status == 201
            assert uploadYang('test-tree', TEST_TREE_YANG).status == 201
            assert http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=test-tree&anchor-name=tree", [:], null).status == 201
            modelCreated = true
        }
        http.send('DELETE', "${ANCHOR_URL}/nodes?xpath=/", [:], null)
        assert http.post("${ANCHOR_URL}/nodes", 'application/json', TEST_TREE_DATA).status == 201
    }

    def 'PATCH with the content of a list entry, as the reference CSIT sends it, updates its leaves (#version)'() {
        when: 'the entry\'s own content is patched at its xpath, unwrapped'
            def response = http.send('PATCH', "/cps/api/${version}/dataspaces/${DATASPACE}/anchors/tree/nodes?xpath=${encoded(RIGHT_BRANCH)}",
                ['Content-Type': 'application/json'], JsonOutput.toJson([name: 'Right', colour: 'red', nest: [name: 'Bigger', birds: ['Eagle']]]).bytes)
        then: 'it is taken'
            response.status == 200
        and: 'the entry\'s own leaves and its child\'s leaves are updated'
            def branch = readRightBranch()
            branch.colour == 'red'
            branch.nest.name == 'Bigger'
            branch.nest.birds == ['Eagle']
        where: 'the API version is'
            version << ['v1', 'v2']
    }

    def 'PUT with the content of a list entry replaces its children and sets its leaves'() {
        when: 'the entry\'s content is put at its xpath'
            def response = http.send('PUT', "${ANCHOR_URL}/nodes?xpath=${encoded(RIGHT_BRANCH)}",
                ['Content-Type': 'application/json'], JsonOutput.toJson([name: 'Right', colour: 'blue', nest: [name: 'New']]).bytes)
        then: 'it is taken'
            response.status == 200
        and: 'the leaves are set and the child is replaced whole'
            def branch = readRightBranch()
            branch.colour == 'blue'
            branch.nest == [name: 'New']
    }

    def 'A dry run of #method with the content of a list entry takes it as the write does, and stores nothing'() {
        given: 'the entry\'s own content, as a PUT or PATCH at its xpath takes it'
            def target = "${ANCHOR_URL}/nodes?xpath=${encoded(RIGHT_BRANCH)}"
            def content = JsonOutput.toJson([name: 'Right', colour: 'red']).bytes
        when: 'it is sent as a dry run'
            def dryRun = http.send(method, "${target}&dry-run=true", ['Content-Type': 'application/json'], content)
        then: 'it is taken, and the entry is as it was'
            dryRun.status == 200
            readRightBranch().colour == 'green'
        when: 'it is sent for real'
            def write = http.send(method, target, ['Content-Type': 'application/json'], content)
        then: 'the write takes it too, and the leaf changes'
            write.status == 200
            readRightBranch().colour == 'red'
        where: 'the write is'
            method << ['PUT', 'PATCH']
    }

    def 'Content of a list entry with another key value is refused and changes nothing'() {
        when: 'content naming the Left branch is patched at the Right branch'
            def response = http.send('PATCH', "${ANCHOR_URL}/nodes?xpath=${encoded(RIGHT_BRANCH)}",
                ['Content-Type': 'application/json'], '{"name": "Left", "colour": "red"}'.bytes)
        then: 'it is refused, naming the key'
            response.status == 400
            response.jsonError
            response.json.details.contains("Key leaf name is 'Left'")
        and: 'the branch is as it was'
            readRightBranch().colour == 'green'
    }

    def 'A #format body with bytes that are not UTF-8 is refused and stores nothing'() {
        given: 'a body whose name is not valid UTF-8 (a lone continuation byte)'
            def body = new ByteArrayOutputStream()
            body.write(prefix.bytes)
            body.write([0x80, 0xFE] as byte[])
            body.write(suffix.bytes)
        when: 'it is posted as a new branch'
            def response = http.send('POST', "${ANCHOR_URL}/nodes?xpath=/test-tree", ['Content-Type': contentType], body.toByteArray())
        then: 'it is refused, saying where the bad bytes are'
            response.status == 400
            response.jsonError
            response.json.details.contains("not valid UTF-8: invalid byte sequence at byte ${prefix.length()}")
        and: 'there are still two branches'
            http.get("${ANCHOR_URL}/node?xpath=/test-tree&descendants=direct").json[0]['tree:test-tree'].branch.size() == 2
        where: 'the body is'
            format | contentType        | prefix                               | suffix
            'JSON' | 'application/json' | '{"branch": [{"name": "B'            | '"}]}'
            'XML'  | 'application/xml'  | '<branch xmlns="urn:spec:test-tree"><name>B' | '</name></branch>'
    }

    def 'A cps-path #scenario in a query answers 400 naming the bound'() {
        when: 'the query is sent'
            def response = http.get("${ANCHOR_URL}/nodes/query?cps-path=${cpsPath}")
        then: 'it is refused with the JSON error'
            response.status == 400
            response.jsonError
            response.json.details.contains(expectedDetails)
        where: 'the cps-path is'
            scenario                         | cpsPath                                               || expectedDetails
            'of 10,001 characters'           | '/' + 'a' * 10_000                                    || 'the cps-path is 10001 characters long'
            'nested 33 parentheses deep'     | "/a[${'(' * 33}@k='1'${')' * 33}]".replace("'", '%27') || 'nested deeper than 32 levels'
            'of 100,000 nested parentheses'  | "/a[${'(' * 100_000}@k='1'${')' * 100_000}]"          || 'server.max-http-request-header-size'
    }

    def 'A cps-path of 100,000 nested parentheses in a search body answers 400'() {
        when: 'an inventory search carries the path'
            def cpsPath = "//state[${'(' * 100_000}@cm-handle-state='READY'${')' * 100_000}]"
            def response = http.post('/ncmpInventory/v1/ch/searches', 'application/json', JsonOutput.toJson(
                [cmHandleQueryParameters: [[conditionName: 'cmHandleWithCpsPath', conditionParameters: [[cpsPath: cpsPath]]]]]))
        then: 'it is refused by the parser\'s bound'
            response.status == 400
            response.jsonError
            response.json.details.contains('at most 10000 are accepted')
    }

    def 'A read of more data nodes than the limit is refused naming the setting; a smaller read is answered'() {
        given: 'an anchor with 1,000 branches (1,001 data nodes under the top, 2,001 with the nests)'
            def branches = (1..1000).collect { [name: "b-${it}".toString(), nest: [name: 'n']] }
            http.send('DELETE', "${ANCHOR_URL}/nodes?xpath=/", [:], null)
            assert http.post("${ANCHOR_URL}/nodes", 'application/json', JsonOutput.toJson(['test-tree': [branch: branches]])).status == 201
        when: 'all descendants are read (the specs\' limit is 1,000 data nodes per read)'
            def tooLarge = http.get("${ANCHOR_URL}/node?xpath=/test-tree&descendants=all")
        then: 'the read is refused, naming the setting'
            tooLarge.status == 400
            tooLarge.jsonError
            tooLarge.json.details.contains('cps.store.max-fragments-per-read')
        and: 'a read of one branch is answered'
            http.get("${ANCHOR_URL}/node?xpath=${encoded("/test-tree/branch[@name='b-1']")}&descendants=all").status == 200
    }

    def 'Through the server: a v3 read, the delta of two anchors and of a document, a report applied'() {
        given: 'a second anchor holding the tree with the right branch red and the left one gone'
            http.send('DELETE', "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree-2", [:], null)
            assert http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=test-tree&anchor-name=tree-2", [:], null).status == 201
            def target = JsonOutput.toJson(['test-tree': [branch: [[name: 'Right', colour: 'red', nest: [name: 'Big', birds: ['Owl']]]]]])
            assert http.post("/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree-2/nodes", 'application/json', target).status == 201
        expect: 'the v3 read answers the branch in an array under its prefixed name'
            http.get("/cps/api/v3/dataspaces/${DATASPACE}/anchors/tree/node?xpath=${encoded(RIGHT_BRANCH)}").json ==
                ['tree:branch': [[name: 'Right', colour: 'green']]]
        when: 'the delta to the second anchor and to the same data as a document are asked'
            def delta = http.get("${ANCHOR_URL}/delta?target-anchor-name=tree-2&descendants=all")
            def boundary = 'delta-boundary'
            def document = http.send('POST', "${ANCHOR_URL}/delta", ['Content-Type': "multipart/form-data; boundary=${boundary}".toString()],
                ("--${boundary}\r\nContent-Disposition: form-data; name=\"targetData\"; filename=\"t.json\"\r\n" +
                    "Content-Type: application/json\r\n\r\n${target}\r\n--${boundary}--\r\n").bytes)
        then: 'both report the colour replaced and the left branch with its nest removed'
            delta.status == 200 && document.status == 200
            delta.json == document.json
            delta.json*.action.sort() == ['remove', 'remove', 'replace']
            delta.json.find { it.action == 'replace' } == [action: 'replace', xpath: RIGHT_BRANCH,
                sourceData: [branch: [[name: 'Right', colour: 'green']]], targetData: [branch: [[name: 'Right', colour: 'red']]]]
        when: 'the report is applied to the first anchor'
            def applied = http.post("${ANCHOR_URL}/applyChangesInDeltaReport", 'application/json', delta.body)
        then: 'it is created and no difference is left'
            applied.status == 201
            http.get("${ANCHOR_URL}/delta?target-anchor-name=tree-2&descendants=all").json == []
    }

    Map readRightBranch() {
        def response = http.get("${ANCHOR_URL}/node?xpath=${encoded(RIGHT_BRANCH)}&descendants=all")
        assert response.status == 200
        def branch = response.json[0]['tree:branch']  // the key carries the module's prefix, as in the reference
        branch instanceof List ? branch[0] : branch
    }

    def 'Anchors of the schema sets named in schema-set-names (#version): #scenario'() {
        given: 'a dataspace of two schema sets, one anchor on the first, two on the second'
            def dataspace = 'anchor-listing'
            if (!anchorListingCreated) {
                assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${dataspace}", [:], null).status == 201
                [first: ['a-1'], second: ['b-1', 'b-2']].each { schemaSet, anchors ->
                    assert uploadYang(schemaSet, TEST_TREE_YANG, dataspace).status == 201
                    anchors.each {
                        assert http.send('POST', "/cps/api/v2/dataspaces/${dataspace}/anchors?schema-set-name=${schemaSet}&anchor-name=${it}", [:], null).status == 201
                    }
                }
                anchorListingCreated = true
            }
        when: 'the dataspace\'s anchors are asked for with the parameter'
            def response = http.get("/cps/api/${version}/dataspaces/${dataspace}/anchors${query}")
        then: 'the anchors of those schema sets are answered, as the reference answers them'
            response.status == 200
            (response.json as List).collect { "${it.name}/${it.schemaSetName}/${it.dataspaceName}".toString() }.sort() ==
                expectedAnchors.collect { "${it}/${dataspace}".toString() }
        where:
            version | scenario                          | query                                             || expectedAnchors
            'v1'    | 'one schema set'                  | '?schema-set-names=second'                        || ['b-1/second', 'b-2/second']
            'v2'    | 'two, comma separated'            | '?schema-set-names=first,second'                  || ['a-1/first', 'b-1/second', 'b-2/second']
            'v2'    | 'the parameter given twice'       | '?schema-set-names=first&schema-set-names=second' || ['a-1/first', 'b-1/second', 'b-2/second']
            'v2'    | 'an unknown name matches nothing' | '?schema-set-names=no-such-set'                   || []
            'v2'    | 'empty: every anchor'             | '?schema-set-names='                              || ['a-1/first', 'b-1/second', 'b-2/second']
    }

    def 'Anchors of schema sets in a dataspace that does not exist answer 400, as any request of a missing dataspace'() {
        when: 'the anchors of a schema set in a dataspace that does not exist are asked for'
            def response = http.get('/cps/api/v2/dataspaces/no-such-dataspace/anchors?schema-set-names=test-tree')
        then: 'the reference\'s answer for a missing dataspace'
            response.status == 400
            response.json.message == 'Dataspace not found'
    }

    def uploadYang(String schemaSetName, String yang, String dataspace = DATASPACE) {
        def boundary = 'spec-boundary'
        def body = "--${boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"${schemaSetName}.yang\"\r\n" +
            "Content-Type: application/octet-stream\r\n\r\n${yang}\r\n--${boundary}--\r\n"
        http.send('POST', "/cps/api/v2/dataspaces/${dataspace}/schema-sets?schema-set-name=${schemaSetName}",
            ['Content-Type': "multipart/form-data; boundary=${boundary}".toString()], body.bytes)
    }

    static String encoded(String text) {
        URLEncoder.encode(text, 'UTF-8').replace('+', '%20')
    }
}
