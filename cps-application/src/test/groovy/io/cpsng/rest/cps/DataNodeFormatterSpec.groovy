package io.cpsng.rest.cps

import io.cpsng.cps.api.model.AnchorDataNodes
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleIdentity
import javax.xml.parsers.DocumentBuilderFactory
import spock.lang.Specification

class DataNodeFormatterSpec extends Specification {

    static final STORES_MODULE = new ModuleIdentity('stores', 'book-store', 'org:onap:ccsdk:sample')

    def bookstore = new DataNode('/bookstore', STORES_MODULE, ['bookstore-name': 'Chapters'], [
        new DataNode("/bookstore/categories[@code='1']", null, [code: 1, name: 'SciFi'], []),
        new DataNode('/bookstore/premises', null, [:], [
            new DataNode('/bookstore/premises/address', null, [street: 'Main'], [])]),
        new DataNode("/bookstore/categories[@code='2']", null, [code: 2, name: 'kids'], [])])

    def 'JSON of a node: leaves, then list entries grouped in arrays, then containers; only the top key prefixed'() {
        expect: 'the reference shape, in this order'
            DataNodeFormatter.toJson(bookstore).toString() ==
                '{"book-store:bookstore":{"bookstore-name":"Chapters",' +
                '"categories":[{"code":1,"name":"SciFi"},{"code":2,"name":"kids"}],' +
                '"premises":{"address":{"street":"Main"}}}}'
    }

    def 'JSON key of a top node #scenario'() {
        expect: 'the last step name, prefixed only when the module has a prefix'
            DataNodeFormatter.toJson(new DataNode(xpath, module, [:], [])).toString() == expectedJson
        where:
            scenario                      | xpath                       | module                                || expectedJson
            'with module'                 | '/bookstore'                | STORES_MODULE                         || '{"book-store:bookstore":{}}'
            'without module'              | '/bookstore'                | null                                  || '{"bookstore":{}}'
            'with module without prefix'  | '/bookstore'                | new ModuleIdentity('stores', '', 'n') || '{"bookstore":{}}'
            'of a list entry'             | "/bookstore/books[@id='1']" | STORES_MODULE                         || '{"book-store:books":{}}'
            'with a slash in a key value' | "/bookstore/books[@id='/']" | null                                  || '{"books":{}}'
    }

    def 'JSON leaf value #scenario'() {
        expect: 'the value with its JSON type'
            DataNodeFormatter.toJson(new DataNode('/c', null, [leaf: leafValue], [])).toString() ==
                /{"c":{"leaf":${expectedJson}}}/
        where:
            scenario         | leafValue              || expectedJson
            'string'         | 'text "quoted"'        || '"text \\"quoted\\""'
            'integer'        | 42                     || '42'
            'long'           | 9007199254740993L      || '9007199254740993'
            'big integer'    | 18446744073709551615G  || '18446744073709551615'
            'decimal'        | 2.50G                  || '2.50'
            'boolean'        | true                   || 'true'
            'leaf-list'      | ['a', 'b']             || '["a","b"]'
            'null'           | null                   || 'null'
    }

    def 'JSON of several nodes is an array of one-key objects in the given order'() {
        given: 'two top nodes'
            def dataNodes = [new DataNode('/b', STORES_MODULE, [:], []), new DataNode('/a', null, [x: 1], [])]
        expect: 'one element per node'
            DataNodeFormatter.toJson(dataNodes).toString() == '[{"book-store:b":{}},{"a":{"x":1}}]'
        and: 'an empty array for no nodes'
            DataNodeFormatter.toJson([]).toString() == '[]'
    }

    def 'JSON of the first node #scenario'() {
        expect: 'one object'
            DataNodeFormatter.firstToJson(dataNodes).toString() == expectedJson
        where:
            scenario        | dataNodes                                                     || expectedJson
            'of several'    | [new DataNode('/a', null, [:], []), new DataNode('/b', null, [:], [])] || '{"a":{}}'
            'of none'       | []                                                            || '{}'
    }

    def 'JSON of nodes found per anchor'() {
        given: 'nodes found in two anchors'
            def anchorsDataNodes = [new AnchorDataNodes('anchor1', [new DataNode("/c[@k='1']", STORES_MODULE, [k: 1], [])]),
                                    new AnchorDataNodes('anchor2', [])]
        expect: 'an entry per anchor with its name and nodes'
            DataNodeFormatter.anchorsToJson(anchorsDataNodes).toString() ==
                '[{"anchorName":"anchor1","dataNodes":[{"book-store:c":{"k":1}}]},{"anchorName":"anchor2","dataNodes":[]}]'
    }

    def 'JSON of leaf values keeps their order and duplicates'() {
        expect: 'one one-key object per value'
            DataNodeFormatter.leavesToJson('title', ['B', 'A', 'B', 3]).toString() ==
                '[{"title":"B"},{"title":"A"},{"title":"B"},{"title":3}]'
    }

    def 'XML of a node: the top element declares the module namespace'() {
        expect: 'elements in the same order as the JSON'
            DataNodeFormatter.toXml([bookstore]) ==
                '<bookstore xmlns="org:onap:ccsdk:sample"><bookstore-name>Chapters</bookstore-name>' +
                '<categories><code>1</code><name>SciFi</name></categories>' +
                '<categories><code>2</code><name>kids</name></categories>' +
                '<premises><address><street>Main</street></address></premises></bookstore>'
    }

    def 'XML output can be parsed back with its namespace'() {
        given: 'a namespace-aware XML parser'
            def documentBuilderFactory = DocumentBuilderFactory.newInstance()
            documentBuilderFactory.namespaceAware = true
        when: 'the output is parsed'
            def xml = DataNodeFormatter.toXml([bookstore])
            def result = documentBuilderFactory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.bytes)).documentElement
        then: 'the top element is in the module namespace'
            result.namespaceURI == 'org:onap:ccsdk:sample'
        and: 'its descendants too'
            def names = result.getElementsByTagNameNS('org:onap:ccsdk:sample', 'name')
            (0..<names.length).collect { names.item(it).textContent } == ['SciFi', 'kids']
    }

    def 'XML leaf #scenario'() {
        expect: 'the leaf written as element(s)'
            DataNodeFormatter.toXml([new DataNode('/c', null, [leaf: leafValue], [])]) == "<c>${expectedXml}</c>"
        where:
            scenario               | leafValue              || expectedXml
            'with markup escaped'  | 'Tom & Jerry <1>'      || '<leaf>Tom &amp; Jerry &lt;1&gt;</leaf>'
            'leaf-list'            | ['a', 'b']             || '<leaf>a</leaf><leaf>b</leaf>'
            'decimal'              | new BigDecimal('1E+3') || '<leaf>1000</leaf>'
            'boolean'              | false                  || '<leaf>false</leaf>'
            'null'                 | null                   || '<leaf/>'
    }

    def 'XML of several nodes is concatenated without wrapper or declaration'() {
        given: 'two top nodes, one without module'
            def dataNodes = [new DataNode('/a', STORES_MODULE, [x: 1], []), new DataNode('/b', null, [:], [])]
        expect: 'the elements one after the other'
            DataNodeFormatter.toXml(dataNodes) == '<a xmlns="org:onap:ccsdk:sample"><x>1</x></a><b></b>'
        and: 'nothing for no nodes'
            DataNodeFormatter.toXml([]) == ''
    }

    def 'XML of leaf values'() {
        expect: 'repeated elements in the given order'
            DataNodeFormatter.leavesToXml('title', ['B', 'A & B']) == '<title>B</title><title>A &amp; B</title>'
    }
}
