package io.cpsng.cps.yang

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.ContentType.XML

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleIdentity
import io.cpsng.cps.api.model.ModuleReference
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout

class YangModelSpec extends Specification {

    // the data nodes a write may hold: more than the specs' data, but for the feature about the limit
    static final int MAX_DATA_NODES = 1_000
    static final String BOOKSTORE_NAMESPACE = 'urn:cpsng:test:bookstore'
    static final String EXTRAS_NAMESPACE = 'urn:cpsng:test:bookstore-extras'
    static final ModuleIdentity BOOKSTORE = new ModuleIdentity('bookstore', 'bs', BOOKSTORE_NAMESPACE)
    static final ModuleIdentity EXTRAS = new ModuleIdentity('bookstore-extras', 'bx', EXTRAS_NAMESPACE)
    static final String DUNE = "/bookstore/categories[@code='3']/books[@title='Dune' and @edition='2']"
    static final String CATEGORY_1 = "/bookstore/categories[@code='1']"
    static final String CATEGORY_8 = "/bookstore/categories[@code='8']"
    static final String CATEGORY_9 = "/bookstore/categories[@code='9']"
    static final String EMMA = "/bookstore/categories[@code='1']/books[@title='Emma' and @edition='1']"
    static final String REVIEW_1 = "/bookstore/reviews/review[@id='1']"
    static final String EASONS = "/bookstore-address[@bookstore-name='Easons']"
    static final String CHAPTERS = "/bookstore-address[@bookstore-name='Chapters']"

    static final String ADDRESSES_JSON =
        '{"bookstore-address": [{"bookstore-name": "Easons", "address": "Dublin"}, {"bookstore-name": "Chapters"}]}'
    static final String ADDRESS_XML =
        '<bookstore-address xmlns="urn:cpsng:test:bookstore"><bookstore-name>Easons</bookstore-name></bookstore-address>'
    static final String CATEGORY_XML =
        '<categories xmlns="urn:cpsng:test:bookstore"><code>9</code><name>Art</name></categories>'
    static final String REVIEWS_XML =
        '<reviews xmlns="urn:cpsng:test:bookstore-extras"><review><id>1</id></review></reviews>'
    static final String EMMA_XML =
        '<books xmlns="urn:cpsng:test:bookstore"><title>Emma</title><edition>1</edition></books>'

    static final String BOOKSTORE_JSON = '''
        {
          "bookstore": {
            "bookstore-name": "Chapters",
            "established": 1990,
            "open": true,
            "tags": ["new", "used"],
            "address": "Main Street 1",
            "categories": [
              {
                "code": "3",
                "name": "Science fiction",
                "books": [
                  {
                    "title": "Dune", "edition": 2, "price": "12.50", "genre": "fiction", "format": "ebook",
                    "authors": ["Herbert"], "pages": 412, "flags": "first-print signed", "bestseller": [null],
                    "details": {"summary": "Sand"},
                    "bookstore-extras:signed-by": "FH"
                  }
                ]
              },
              {"code": "1", "name": "History"}
            ],
            "bookstore-extras:owner": "Ann",
            "bookstore-extras:reviews": {"review": [{"id": 5, "text": "Good"}]}
          },
          "bookstore-extras:warehouse": {"capacity": 300}
        }'''

    static final String BOOKSTORE_XML = '''<?xml version="1.0" encoding="UTF-8"?>
        <bookstore xmlns="urn:cpsng:test:bookstore" xmlns:bs="urn:cpsng:test:bookstore">
          <bookstore-name>Chapters</bookstore-name>
          <established>1990</established>
          <open>true</open>
          <tags>new</tags>
          <tags>used</tags>
          <address>Main Street 1</address>
          <categories>
            <code>3</code>
            <name>Science fiction</name>
            <books>
              <title>Dune</title><edition>2</edition><price>12.50</price><genre>fiction</genre>
              <format>bs:ebook</format><authors>Herbert</authors><pages>412</pages>
              <flags>first-print signed</flags><bestseller/>
              <details><summary>Sand</summary></details>
              <signed-by xmlns="urn:cpsng:test:bookstore-extras">FH</signed-by>
            </books>
          </categories>
          <categories><code>1</code><name>History</name></categories>
          <owner xmlns="urn:cpsng:test:bookstore-extras">Ann</owner>
          <reviews xmlns="urn:cpsng:test:bookstore-extras"><review><id>5</id><text>Good</text></review></reviews>
        </bookstore>'''

    static final Map<String, Map<String, Object>> BOOKSTORE_LEAVES_BY_XPATH = [
        '/bookstore'                            : ['bookstore-name': 'Chapters', established: 1990L, open: true,
                                                   tags: ['new', 'used'], address: 'Main Street 1', owner: 'Ann'],
        "/bookstore/categories[@code='3']"      : [code: '3', name: 'Science fiction'],
        (DUNE)                                  : [title: 'Dune', edition: 2L, price: 12.5G, genre: 'fiction',
                                                   format: 'bookstore:ebook', authors: ['Herbert'], pages: 412L,
                                                   flags: 'signed first-print', bestseller: true,
                                                   'signed-by': 'FH'],
        (DUNE + '/details')                     : [summary: 'Sand'],
        "/bookstore/categories[@code='1']"      : [code: '1', name: 'History'],
        '/bookstore/reviews'                    : [:],
        "/bookstore/reviews/review[@id='5']"    : [id: 5L, text: 'Good'],
    ]

    @Shared
    YangModel objectUnderTest = YangModel.parse(bookstoreSources(), MAX_DATA_NODES)

    def 'Each source of a valid model is a resource naming the module or submodule it defines.'() {
        when: 'the bookstore model is parsed'
            def result = YangModel.parse(bookstoreSources(), MAX_DATA_NODES).yangResources()
        then: 'each file has its module, ordered by module name; the submodule has its parent\'s namespace'
            result.collect { [it.fileName(), it.module()] } == [
                ['bookstore@2024-05-01.yang', new ModuleReference('bookstore', BOOKSTORE_NAMESPACE, '2024-05-01')],
                ['bookstore-extras.yang', new ModuleReference('bookstore-extras', EXTRAS_NAMESPACE, null)],
                ['bookstore-types@2024-05-01.yang',
                 new ModuleReference('bookstore-types', BOOKSTORE_NAMESPACE, '2024-05-01')]]
        and: 'the content is the source text'
            result.every { it.content() == bookstoreSources()[it.fileName()] }
    }

    def 'The module of a source comes from its text: #scenario.'() {
        expect: 'the module name and revision of the module statement'
            YangModel.parse(['any-name.yang': yang], MAX_DATA_NODES).yangResources()*.module() == [expectedModule]
        where:
            scenario             | yang                                                                         || expectedModule
            'a name unlike file' | 'module a { namespace "urn:a"; prefix a; }'                                 || new ModuleReference('a', 'urn:a', null)
            'several revisions'  | 'module a { namespace "urn:a"; prefix a; revision 2024-01-01; revision 2023-01-01; }' || new ModuleReference('a', 'urn:a', '2024-01-01')
    }

    def 'An invalid model is rejected: #scenario.'() {
        when: 'the sources are parsed'
            YangModel.parse(sources, MAX_DATA_NODES)
        then: 'the parser\'s finding is reported with the file and line'
            def exception = thrown(DataValidationException)
            exception.message == 'Invalid YANG model'
            exception.details.contains(expectedDetails)
        where:
            scenario                        | sources                                                                                   || expectedDetails
            'a syntax error'                | ['bad.yang': 'module bad { namespace "urn:bad"; prefix b;\n  leaf x { type string } }']  || "bad.yang:2:23: extraneous input '}'"
            'text that is not YANG'         | ['hello.yang': 'hello']                                                                   || 'hello.yang:1:5: mismatched input'
            'an empty file'                 | ['empty.yang': '']                                                                        || 'empty.yang:1:0: mismatched input'
            'a missing import'              | ['a.yang': 'module a { namespace "urn:a"; prefix a; import nope { prefix n; } }']         || 'Imported module [nope] was not found. [at a.yang:1:'
            'an unknown type'               | ['a.yang': 'module a { namespace "urn:a"; prefix a; leaf x { type nope; } }']             || 'Type [(urn:a)nope] was not found. [at a.yang:1:'
            'a submodule without its module'| ['s.yang': 'submodule s { belongs-to m { prefix m; } }']                                  || "Module 'Unqualified{localName=m}' from belongs-to was not found [at s.yang:1:"
            'the same module twice'         | ['a.yang': 'module a { namespace "urn:a"; prefix a; }', 'b.yang': 'module a { namespace "urn:a"; prefix a; }'] || 'namespace collision'
            'no sources'                    | [:]                                                                                       || 'No YANG resources were given'
            'no map'                        | null                                                                                      || 'No YANG resources were given'
            'containers 100,000 deep'       | ['deep.yang': 'module deep { namespace "urn:d"; prefix d; ' + 'container c { ' * 100_000 + '}' * 100_000 + ' }'] || 'deep.yang: the statements nest too deeply to be read'
    }

    def 'Data in #contentType at the top level become one node per container and list entry.'() {
        when: 'the whole bookstore is parsed'
            def result = objectUnderTest.parseData('/', data, contentType)
        then: 'the nodes have canonical xpaths and plain leaf values; choice and case are transparent'
            leavesByXpath(result) == expectedLeavesByXpath
        and: 'the nodes come in document order'
            leavesByXpath(result).keySet().toList() == expectedLeavesByXpath.keySet().toList()
        and: 'the top nodes, and only they, name their module'
            result*.module() == expectedTopModules
            descendantsOf(result).every { it.module() == null }
        where:
            contentType | data           || expectedLeavesByXpath                                             | expectedTopModules
            JSON        | BOOKSTORE_JSON || BOOKSTORE_LEAVES_BY_XPATH + ['/warehouse': [capacity: 300L]]     | [BOOKSTORE, EXTRAS]
            XML         | BOOKSTORE_XML  || BOOKSTORE_LEAVES_BY_XPATH                                         | [BOOKSTORE]
    }

    def 'Data of more data nodes than a write may hold are refused naming the limit, those of as many taken.'() {
        given: 'a model for writes of at most 7 data nodes'
            def model = YangModel.parse(bookstoreSources(), 7)
        when: 'the bookstore in JSON, 8 data nodes with the warehouse, is parsed'
            model.parseData('/', BOOKSTORE_JSON, JSON)
        then: 'it is refused, naming the limit'
            def refusal = thrown(DataValidationException)
            refusal.message == 'Write too large'
            refusal.details.startsWith('The data hold more than 7 data nodes (containers and list entries), the '
                + 'limit cps.store.max-fragments-per-write')
        and: 'the bookstore in XML, its 7 data nodes, is taken whole'
            leavesByXpath(model.parseData('/', BOOKSTORE_XML, XML)) == BOOKSTORE_LEAVES_BY_XPATH
    }

    def 'Top-level JSON names are accepted #scenario.'() {
        expect: 'the same nodes either way'
            leavesByXpath(objectUnderTest.parseData('/', json, JSON)) == [
                '/bookstore': ['bookstore-name': 'Chapters'], '/warehouse': [capacity: 1L]]
        where:
            scenario                        | json
            'with their module'             | '{"bookstore:bookstore": {"bookstore-name": "Chapters"}, "bookstore-extras:warehouse": {"capacity": 1}}'
            'without module'                | '{"bookstore": {"bookstore-name": "Chapters"}, "warehouse": {"capacity": 1}}'
            'with an unknown module prefix' | '{"nomodule:bookstore": {"bookstore-name": "Chapters"}, "warehouse": {"capacity": 1}}'
            'in single quotes'              | "{'bookstore': {'bookstore-name': 'Chapters'}, 'warehouse': {'capacity': 1}}"
    }

    def 'XML without namespaces is read as the root node\'s module.'() {
        when: 'XML without any xmlns is parsed'
            def result = objectUnderTest.parseData('/', '<bookstore><categories><code>5</code></categories></bookstore>', XML)
        then: 'the nodes belong to the bookstore module'
            leavesByXpath(result) == ['/bookstore': [:], "/bookstore/categories[@code='5']": [code: '5']]
            result*.module() == [BOOKSTORE]
    }

    def 'Data under #scenario become children of the parent xpath.'() {
        when: 'the data are parsed under the parent'
            def result = objectUnderTest.parseData(parentXpath, data, contentType)
        then: 'the top nodes hang below the parent and name their own module'
            leavesByXpath(result) == expectedLeavesByXpath
            result*.module() == expectedTopModules
        where:
            scenario                             | parentXpath  | contentType | data                         || expectedLeavesByXpath                                                        | expectedTopModules
            'the root, JSON top-level list'      | '/'          | JSON        | ADDRESSES_JSON               || [(EASONS): ['bookstore-name': 'Easons', address: 'Dublin'],
                                                                                                               (CHAPTERS): ['bookstore-name': 'Chapters']]                                 | [BOOKSTORE, BOOKSTORE]
            'the root, XML top-level list entry' | '/'          | XML         | ADDRESS_XML                  || [(EASONS): ['bookstore-name': 'Easons']]                                     | [BOOKSTORE]
            'a container, JSON list'             | '/bookstore' | JSON        | '{"categories": [{"code": "9"}, {"code": "8"}]}'
                                                                                                            || [(CATEGORY_9): [code: '9'], (CATEGORY_8): [code: '8']]                       | [BOOKSTORE, BOOKSTORE]
            'a container, JSON with modules'     | '/bookstore' | JSON        | '{"bookstore:categories": [{"code": "9"}], "bookstore-extras:reviews": {}}'
                                                                                                            || [(CATEGORY_9): [code: '9'], '/bookstore/reviews': [:]]                       | [BOOKSTORE, EXTRAS]
            'a container, JSON augmenting node'  | '/bookstore' | JSON        | '{"reviews": {"review": [{"id": 1}]}}'
                                                                                                            || ['/bookstore/reviews': [:], (REVIEW_1): [id: 1L]]                            | [EXTRAS]
            'a container, XML list entry'        | '/bookstore' | XML         | CATEGORY_XML                 || [(CATEGORY_9): [code: '9', name: 'Art']]                                     | [BOOKSTORE]
            'a container, XML without namespace' | '/bookstore' | XML         | '<categories><code>9</code></categories>'
                                                                                                            || [(CATEGORY_9): [code: '9']]                                                  | [BOOKSTORE]
            'a container, XML augmenting node'   | '/bookstore' | XML         | REVIEWS_XML                  || ['/bookstore/reviews': [:], (REVIEW_1): [id: 1L]]                            | [EXTRAS]
            'a list entry, JSON'                 | CATEGORY_1   | JSON        | '{"books": [{"title": "Emma", "edition": 1}]}'
                                                                                                            || [(EMMA): [title: 'Emma', edition: 1L]]                                       | [BOOKSTORE]
            'a list entry, JSON with module'     | CATEGORY_1   | JSON        | '{"bookstore:books": [{"title": "Emma", "edition": 1}]}'
                                                                                                            || [(EMMA): [title: 'Emma', edition: 1L]]                                       | [BOOKSTORE]
            'a list entry, XML'                  | CATEGORY_1   | XML         | EMMA_XML                     || [(EMMA): [title: 'Emma', edition: 1L]]                                       | [BOOKSTORE]
            'a nested list entry, JSON'          | EMMA         | JSON        | '{"details": {"summary": "Ball"}}'
                                                                                                            || [(EMMA + '/details'): [summary: 'Ball']]                                     | [BOOKSTORE]
            'a nested list entry, XML'           | EMMA         | XML         | '<details><summary>Ball</summary></details>'
                                                                                                            || [(EMMA + '/details'): [summary: 'Ball']]                                     | [BOOKSTORE]
            'the root, XML in <data>'            | '/'          | XML         | "<data>${ADDRESS_XML}</data>" || [(EASONS): ['bookstore-name': 'Easons']]                                   | [BOOKSTORE]
            'a container, XML in netconf <data>' | '/bookstore' | XML         | "<data xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">\n ${CATEGORY_XML}\n ${REVIEWS_XML}\n</data>"
                                                                                                            || [(CATEGORY_9): [code: '9', name: 'Art'], '/bookstore/reviews': [:], (REVIEW_1): [id: 1L]] | [BOOKSTORE, EXTRAS]
            'a container, XML without xmlns in netconf <data>' | '/bookstore' | XML | '<data xmlns="urn:ietf:params:xml:ns:netconf:base:1.0"><categories><code>9</code></categories></data>'
                                                                                                            || [(CATEGORY_9): [code: '9']]                                                  | [BOOKSTORE]
            'a container, two entries in <data>' | '/bookstore' | XML         | "<data>${CATEGORY_XML}<categories><code>8</code></categories></data>"
                                                                                                            || [(CATEGORY_9): [code: '9', name: 'Art'], (CATEGORY_8): [code: '8']]         | [BOOKSTORE, BOOKSTORE]
    }

    def 'A <data> element with #scenario is refused.'() {
        when: 'the data are parsed'
            objectUnderTest.parseData(parentXpath, xml, XML)
        then: 'the data are invalid, saying why'
            def thrown = thrown(DataValidationException)
            thrown.details.contains(expectedDetails)
        where:
            scenario              | parentXpath  | xml                                                                       || expectedDetails
            'no node'             | '/'          | '<data> </data>'                                                          || 'no node inside <data>'
            'a container twice'   | '/bookstore' | "<data>${REVIEWS_XML}${CATEGORY_XML}${REVIEWS_XML}</data>"                 || 'Container reviews is given twice'
    }

    def 'Key values are quoted canonically in xpaths: #scenario.'() {
        when: 'a book is parsed'
            def result = objectUnderTest.parseData("/bookstore/categories[@code='1']",
                "{\"books\": [{\"title\": \"${title}\", \"edition\": ${edition}}]}", JSON)
        then: 'the keys appear in key statement order, not document or schema order'
            result*.xpath() == [expectedXpath]
        where:
            scenario              | title       | edition || expectedXpath
            'plain values'        | 'Emma'      | 1       || "/bookstore/categories[@code='1']/books[@title='Emma' and @edition='1']"
            'an apostrophe'       | "It's"      | 2       || "/bookstore/categories[@code='1']/books[@title=\"It's\" and @edition='2']"
            'a slash and bracket' | 'a/b]'      | 3       || "/bookstore/categories[@code='1']/books[@title='a/b]' and @edition='3']"
            'a number as string'  | 'Emma'      | '"4"'   || "/bookstore/categories[@code='1']/books[@title='Emma' and @edition='4']"
    }

    def 'List entries keep the order of the input: #scenario in #contentType.'() {
        given: 'thirty entries in a scrambled order'
            def keys = (1..30).collect { String.valueOf(it * 7 % 31) }
        when: 'the bookstore with the list is parsed'
            def result = objectUnderTest.parseData('/', dataOf(keys), contentType)
        then: 'the entries come in the same order'
            result[0].childDataNodes()*.xpath() == keys.collect { "${listXpath}[@${keyName}='${it}']".toString() }
        where:
            scenario                | contentType | listXpath               | keyName | dataOf
            'a system-ordered list' | JSON        | '/bookstore/categories' | 'code'  | { entryKeys -> '{"bookstore": {"categories": [' + entryKeys.collect { "{\"code\": \"$it\"}" }.join(', ') + ']}}' }
            'a user-ordered list'   | JSON        | '/bookstore/shelves'    | 'id'    | { entryKeys -> '{"bookstore": {"shelves": [' + entryKeys.collect { "{\"id\": \"$it\"}" }.join(', ') + ']}}' }
            'a system-ordered list' | XML         | '/bookstore/categories' | 'code'  | { entryKeys -> '<bookstore>' + entryKeys.collect { "<categories><code>$it</code></categories>" }.join() + '</bookstore>' }
            'a user-ordered list'   | XML         | '/bookstore/shelves'    | 'id'    | { entryKeys -> '<bookstore>' + entryKeys.collect { "<shelves><id>$it</id></shelves>" }.join() + '</bookstore>' }
    }

    def 'Data sent as the content of #scenario give its own leaves and its child nodes.'() {
        when: 'the content is parsed for the node'
            def result = objectUnderTest.parseNodeContent(xpath, json, JSON)
        then: 'top-level leaves belong to the node at the xpath, the rest are its children'
            result.xpath() == xpath
            result.leaves() == expectedLeaves
            result.childNodes()*.xpath() == expectedChildXpaths
        where:
            scenario             | xpath                              | json                                                         || expectedLeaves             | expectedChildXpaths
            'a list entry'       | "/bookstore/categories[@code='1']" | '{"code": "1", "name": "SciFi", "books": [{"title": "T", "edition": 1}]}' || [code: '1', name: 'SciFi'] | ["/bookstore/categories[@code='1']/books[@title='T' and @edition='1']"]
            'a container'        | '/bookstore'                       | '{"bookstore-name": "Chapters"}'                             || ['bookstore-name': 'Chapters'] | []
            'a node, children only' | '/bookstore'                    | '{"categories": [{"code": "2"}]}'                            || [:]                        | ["/bookstore/categories[@code='2']"]
            'the root'           | '/'                                | '{"bookstore": {"bookstore-name": "X"}}'                     || [:]                        | ['/bookstore']
    }

    def 'Content of a list entry whose key leaf differs from the xpath is refused.'() {
        when: 'the content names another entry'
            objectUnderTest.parseNodeContent("/bookstore/categories[@code='1']", '{"code": "2", "name": "Kids"}', JSON)
        then: 'it is refused, naming the key and both values'
            def exception = thrown(DataValidationException)
            exception.details.contains("Key leaf code is '2' in the data but the xpath /bookstore/categories[@code='1'] names '1'")
    }

    def 'Leaves at the top of data to create are still refused.'() {
        when: 'data for a POST holds a leaf of the parent'
            objectUnderTest.parseData("/bookstore/categories[@code='1']", '{"name": "SciFi"}', JSON)
        then: 'it is refused: POST creates nodes, not leaves'
            def exception = thrown(DataValidationException)
            exception.details.contains('is not inside a container or list entry')
    }

    def 'Nested list entries and leaf-list values keep the order of the input.'() {
        given: 'books and authors in no particular order'
            def json = '''{"categories": [{"code": "1", "books": [
                {"title": "Z", "edition": 9}, {"title": "A", "edition": 2}, {"title": "A", "edition": 1},
                {"title": "M", "edition": 5, "authors": ["Ziegler", "Adams", "Miller"]}]}]}'''
        when: 'they are parsed'
            def result = objectUnderTest.parseData('/bookstore', json, JSON)
        then: 'books and authors are in input order'
            def books = result[0].childDataNodes()
            books*.xpath() == [['Z', 9], ['A', 2], ['A', 1], ['M', 5]].collect { title, edition ->
                "/bookstore/categories[@code='1']/books[@title='${title}' and @edition='${edition}']".toString() }
            books[3].leaves().authors == ['Ziegler', 'Adams', 'Miller']
    }

    def 'A #type leaf given #jsonValue in JSON has the value #expectedValue.'() {
        when: 'a book with the leaf is parsed'
            def json = "{\"books\": [{\"title\": \"T\", \"edition\": 1, \"${leafName}\": ${jsonValue}}]}"
            def leaves = objectUnderTest.parseData("/bookstore/categories[@code='1']", json, JSON)[0].leaves()
        then: 'the leaf has the plain value, keyed by its local name'
            leaves[expectedName] == expectedValue
            leaves[expectedName].getClass() == expectedClass
        where:
            type                  | leafName                     | jsonValue                  || expectedName | expectedValue                                 | expectedClass
            'decimal64'           | 'price'                      | '"12.50"'                  || 'price'      | 12.5G                                         | BigDecimal
            'decimal64'           | 'price'                      | '3'                        || 'price'      | 3.0G                                          | BigDecimal
            'int32'               | 'pages'                      | '412'                      || 'pages'      | 412L                                          | Long
            'uint64'              | 'sold'                       | '7'                        || 'sold'       | 7L                                            | Long
            'uint64'              | 'sold'                       | '"9223372036854775807"'    || 'sold'       | Long.MAX_VALUE                                | Long
            'uint64'              | 'sold'                       | '"18446744073709551615"'   || 'sold'       | new BigInteger('18446744073709551615')        | BigInteger
            'enumeration'         | 'genre'                      | '"science"'                || 'genre'      | 'science'                                     | String
            'identityref'         | 'format'                     | '"ebook"'                  || 'format'     | 'bookstore:ebook'                             | String
            'identityref'         | 'format'                     | '"bookstore:paperback"'    || 'format'     | 'bookstore:paperback'                         | String
            'bits'                | 'flags'                      | '"first-print signed"'     || 'flags'      | 'signed first-print'                          | String
            'empty'               | 'bestseller'                 | '[null]'                   || 'bestseller' | true                                          | Boolean
            'union'               | 'rating'                     | '5'                        || 'rating'     | 5L                                            | Long
            'union'               | 'rating'                     | '"top"'                    || 'rating'     | 'top'                                         | String
            'user-ordered list'   | 'authors'                    | '["Z", "A"]'               || 'authors'    | ['Z', 'A']                                    | ArrayList
            'augmenting'          | 'signed-by'                  | '"FH"'                     || 'signed-by'  | 'FH'                                          | String
            'augmenting'          | 'bookstore-extras:signed-by' | '"FH"'                     || 'signed-by'  | 'FH'                                          | String
    }

    def 'A #type leaf given #xmlValue in XML has the value #expectedValue.'() {
        when: 'a book with the leaf is parsed'
            def xml = "<books xmlns=\"urn:cpsng:test:bookstore\" xmlns:b=\"urn:cpsng:test:bookstore\">" +
                "<title>T</title><edition>1</edition>${xmlValue}</books>"
            def leaves = objectUnderTest.parseData("/bookstore/categories[@code='1']", xml, XML)[0].leaves()
        then: 'the leaf has the same plain value as from JSON'
            leaves[expectedName] == expectedValue
            leaves[expectedName].getClass() == expectedClass
        where:
            type          | xmlValue                                         || expectedName | expectedValue       | expectedClass
            'decimal64'   | '<price>12.50</price>'                           || 'price'      | 12.5G               | BigDecimal
            'identityref' | '<format>b:paperback</format>'                   || 'format'     | 'bookstore:paperback' | String
            'bits'        | '<flags>first-print signed</flags>'              || 'flags'      | 'signed first-print'  | String
            'empty'       | '<bestseller/>'                                  || 'bestseller' | true                | Boolean
            'leaf-list'   | '<authors>Z</authors><authors>A</authors>'       || 'authors'    | ['Z', 'A']          | ArrayList
            'uint64'      | '<sold>18446744073709551615</sold>'              || 'sold'       | new BigInteger('18446744073709551615') | BigInteger
    }

    def 'Bookstore leaves of #type have plain values too.'() {
        when: 'the bookstore with the leaf is parsed'
            def leaves = objectUnderTest.parseData('/', "{\"bookstore\": {\"${leafName}\": ${jsonValue}}}", JSON)[0].leaves()
        then: 'the leaf has the plain value'
            leaves == [(leafName): expectedValue]
        where:
            type                         | leafName         | jsonValue          || expectedValue
            'boolean'                    | 'open'           | 'false'            || false
            'uint16'                     | 'established'    | '1990'             || 1990L
            'a leaf in a choice'         | 'url'            | '"https://x"'      || 'https://x'
            'a leaf-list'                | 'tags'           | '["b", "a"]'       || ['b', 'a']
            'a leaf-list with a repeat'  | 'tags'           | '["b", "a", "b"]'  || ['b', 'a']
    }

    def 'Invalid #format data are rejected naming the node: #scenario.'() {
        when: 'the data are parsed'
            objectUnderTest.parseData(parentXpath, data, format)
        then: 'the details say what is wrong and where'
            def exception = thrown(DataValidationException)
            exception.message == 'Data validation failed'
            exception.details.contains(expectedDetails)
        where:
            scenario                           | format | parentXpath                          | data                                                                                                                                    || expectedDetails
            'malformed JSON'                   | JSON   | '/'                                  | '{"bookstore": {"bookstore-name": }'                                                                                                    || 'Expected value at line 1 column 34 path $.bookstore.bookstore-name'
            'content after the object'         | JSON   | '/'                                  | '{"bookstore": {}} {"warehouse": {}}'                                                                                                   || 'Unexpected content after the JSON object'
            'an array instead of an object'    | JSON   | '/'                                  | '[{"bookstore": {}}]'                                                                                                                   || 'JSON data must be an object whose members are data nodes, not BEGIN_ARRAY'
            'an unknown top-level name'        | JSON   | '/'                                  | '{"shop": {}}'                                                                                                                          || 'Schema node with name shop was not found under the top level. (at JSON path $.shop)'
            'an unknown qualified name'        | JSON   | '/'                                  | '{"bookstore:shop": {}}'                                                                                                                || 'Schema for node with name shop and namespace urn:cpsng:test:bookstore does not exist at the top level (at JSON path $.bookstore:shop)'
            'an unknown child'                 | JSON   | '/'                                  | '{"bookstore": {"owner-name": "x"}}'                                                                                                    || 'Schema node with name owner-name was not found under bookstore:bookstore. (at JSON path $.bookstore.owner-name)'
            'an unknown child under a parent'  | JSON   | '/bookstore'                         | '{"shelf": []}'                                                                                                                         || 'Schema node with name shelf was not found under bookstore:bookstore. (at JSON path $.shelf)'
            'a string for an integer'          | JSON   | '/'                                  | '{"bookstore": {"established": "abc"}}'                                                                                                 || 'Incorrect lexical representation of integer value: abc. (at JSON path $.bookstore.established)'
            'a value outside the range'        | JSON   | '/'                                  | '{"bookstore": {"established": 1700}}'                                                                                                  || "Value '1700' is not in required ranges [[1800..2100]] (at JSON path \$.bookstore.established)"
            'a value outside the type'         | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 300}]}'                                                                                           || 'Invalid range: 300, expected: [[0..255]]. (at JSON path $.books[0].edition)'
            'a value not matching the pattern' | JSON   | '/'                                  | '{"bookstore": {"categories": [{"code": "x1"}]}}'                                                                                       || "Value 'x1' does not match regular expression '[0-9]+' (at JSON path \$.bookstore.categories[0].code)"
            'a value not in the enumeration'   | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "genre": "poetry"}]}'                                                                          || "Invalid value 'poetry' for enum type. Allowed values are: [fiction, science, history] (at JSON path \$.books[0].genre)"
            'an invalid boolean'               | JSON   | '/'                                  | '{"bookstore": {"open": "yes"}}'                                                                                                        || "Invalid value 'yes' for boolean type. Allowed values are 'true' and 'false' (at JSON path \$.bookstore.open)"
            'an unknown bit'                   | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "flags": "signed torn"}]}'                                                                     || "Invalid value 'torn' for bits type. Allowed values are: [signed, illustrated, first-print] (at JSON path \$.books[0].flags)"
            'an unknown identity'              | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "format": "audiobook"}]}'                                                                      || 'Parsed QName bookstore:audiobook does not refer to a valid identity (at JSON path $.books[0].format)'
            'too many fraction digits'         | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "price": 1.234}]}'                                                                             || "Value '1.234' does not match required fraction-digits (at JSON path \$.books[0].price)"
            'two cases of one choice'          | JSON   | '/'                                  | '{"bookstore": {"address": "Main Street", "url": "https://x"}}'                                                                         || 'Data from case bookstore:online are specified but other data from case bookstore:street were specified earlier.'
            'a scalar for a leaf-list'         | JSON   | '/'                                  | '{"bookstore": {"tags": "x"}}'                                                                                                          || 'Node bookstore:tags is not a simple type (at JSON path $.bookstore.tags)'
            'a missing list key'               | JSON   | '/'                                  | '{"bookstore": {"categories": [{"name": "x"}]}}'                                                                                        || 'List entry bookstore:categories is missing leaf values for [code] (in /bookstore)'
            'one of two keys missing'          | JSON   | '/'                                  | '{"bookstore": {"categories": [{"code": "1", "books": [{"title": "A"}]}]}}'                                                             || "List entry bookstore:books is missing leaf values for [edition] (in /bookstore/categories[@code='1'])"
            'a null leaf value'                | JSON   | '/'                                  | '{"bookstore": {"bookstore-name": null}}'                                                                                               || 'JSON null is not a valid value (at JSON path $.bookstore.bookstore-name)'
            'a null leaf-list value'           | JSON   | '/'                                  | '{"bookstore": {"tags": ["a", null]}}'                                                                                                  || 'JSON null is not a valid value (at JSON path $.bookstore.tags[1])'
            'no value for an empty leaf'       | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "bestseller": []}]}'                                                                           || "Leaf bestseller under /bookstore/categories[@code='1']/books[@title='A' and @edition='1'] has no value"
            'a repeated member'                | JSON   | '/'                                  | '{"bookstore": {"bookstore-name": "a", "bookstore-name": "b"}}'                                                                         || 'Duplicate name bookstore-name in JSON input.'
            'a repeated list entry'            | JSON   | '/'                                  | '{"bookstore": {"categories": [{"code": "1"}, {"code": "2"}, {"code": "1"}]}}'                                                          || "Duplicate list entry /bookstore/categories[@code='1']"
            'a repeated composite key'         | JSON   | '/bookstore/categories[@code=\'1\']' | '{"books": [{"title": "A", "edition": 1, "pages": 1}, {"edition": 1, "title": "A", "pages": 2}]}'                                       || "Duplicate list entry /bookstore/categories[@code='1']/books[@title='A' and @edition='1']"
            'a repeated top list entry'        | JSON   | '/bookstore'                         | '{"categories": [{"code": "4"}, {"code": "4"}]}'                                                                                        || "Duplicate list entry /bookstore/categories[@code='4']"
            'a top-level leaf'                 | JSON   | '/'                                  | '{"motd": "Hello"}'                                                                                                                     || 'Leaf motd under / is not inside a container or list entry of the data'
            'a leaf of the parent'             | JSON   | '/bookstore'                         | '{"bookstore-name": "Chapters"}'                                                                                                        || 'Leaf bookstore-name under /bookstore is not inside a container or list entry of the data'
            'no nodes'                         | JSON   | '/'                                  | '{}'                                                                                                                                    || 'The data contain no data nodes'
            'an empty list only'               | JSON   | '/bookstore'                         | '{"categories": []}'                                                                                                                    || 'The data contain no data nodes'
            'blank data'                       | JSON   | '/'                                  | ' \n '                                                                                                                                  || 'No data were given'
            'no data'                          | JSON   | '/'                                  | null                                                                                                                                    || 'No data were given'
            'malformed XML'                    | XML    | '/'                                  | '<bookstore><categories>'                                                                                                               || 'XML document structures must start and end within the same entity. (at /bookstore/categories, line 1)'
            'not XML'                          | XML    | '/'                                  | 'bookstore'                                                                                                                             || 'Malformed XML: Content is not allowed in prolog.'
            'a second root element'            | XML    | '/'                                  | '<bookstore/><warehouse/>'                                                                                                              || 'The markup in the document following the root element must be well-formed.'
            'an unknown root element'          | XML    | '/'                                  | '<shop/>'                                                                                                                               || 'There is no node shop under / in the model'
            'an unknown child of the parent'   | XML    | '/bookstore'                         | '<shelf/>'                                                                                                                              || 'There is no node shelf under /bookstore in the model'
            'a root in another namespace'      | XML    | '/'                                  | '<bookstore xmlns="urn:other"/>'                                                                                                        || 'There is no node bookstore in namespace urn:other under / in the model'
            'an unknown child'                 | XML    | '/'                                  | '<bookstore><owner-name>x</owner-name></bookstore>'                                                                                     || 'Schema for node with name owner-name and namespace urn:cpsng:test:bookstore does not exist in parent bookstore:bookstore (at /bookstore/owner-name, line 1)'
            'a string for an integer'          | XML    | '/'                                  | '<bookstore><established>abc</established></bookstore>'                                                                                 || 'Incorrect lexical representation of integer value: abc. (at /bookstore/established, line 1)'
            'a value outside the range'        | XML    | '/'                                  | '<bookstore>\n<categories><code>1</code>\n<books><title>A</title><edition>1</edition><pages>0</pages></books></categories></bookstore>' || "Value '0' is not in required ranges [[1..10000]] (at /bookstore/categories/books/pages, line 3)"
            'a value not matching pattern'     | XML    | '/'                                  | '<bookstore><categories><code>x</code></categories></bookstore>'                                                                        || "Value 'x' does not match regular expression '[0-9]+' (at /bookstore/categories/code, line 1)"
            'a repeated leaf'                  | XML    | '/'                                  | '<bookstore><open>true</open><open>false</open></bookstore>'                                                                            || 'Duplicate element "open" in namespace "urn:cpsng:test:bookstore" with parent "bookstore:bookstore" in XML input (at /bookstore/open, line 1)'
            'a missing list key'               | XML    | '/'                                  | '<bookstore><categories><name>x</name></categories></bookstore>'                                                                        || 'List entry bookstore:categories is missing leaf values for [code] (in /bookstore)'
            'a repeated list entry'            | XML    | '/'                                  | '<bookstore><categories><code>1</code></categories><categories><code>1</code></categories></bookstore>'                                 || "Duplicate list entry /bookstore/categories[@code='1']"
            'a top-level leaf'                 | XML    | '/'                                  | '<motd>Hello</motd>'                                                                                                                    || 'Node motd under / is not a container or list entry'
    }

    // a message clean-up's regex took time growing with the square of a word's length: 40,000 letters 12 s
    @Timeout(5)
    def 'Invalid JSON data holding a word of 100,000 letters are rejected at once: #scenario.'() {
        when: 'the data are parsed'
            objectUnderTest.parseData('/', data, JSON)
        then: 'they are refused, naming the node'
            def exception = thrown(DataValidationException)
            exception.details.contains(expectedDetails)
        where:
            scenario                  | data                                                         || expectedDetails
            'as an unknown name'      | '{"' + 'k' * 100_000 + '": 1}'                              || '(at JSON path $.kkkk'
            'as an integer\'s value' | '{"bookstore": {"established": "' + '7' * 100_000 + '"}}' || '(at JSON path $.bookstore.established)'
    }

    def 'A parent xpath that does not fit the model is rejected: #scenario.'() {
        when: 'data are parsed under the parent'
            objectUnderTest.parseData(parentXpath, '{"name": "x"}', JSON)
        then: 'the step that does not fit is named'
            def exception = thrown(DataValidationException)
            exception.message == 'Data validation failed'
            exception.details == "Parent xpath ${parentXpath} does not fit the model: ${expectedReason}"
        where:
            scenario                | parentXpath                               || expectedReason
            'an unknown top node'   | '/shop'                                   || 'there is no node shop under / in the model'
            'an unknown child'      | '/bookstore/shop'                         || 'there is no node shop under /bookstore in the model'
            'a leaf'                | '/bookstore/bookstore-name'               || 'node /bookstore/bookstore-name is neither a container nor a list, so it cannot hold data nodes'
            'a list without keys'   | '/bookstore/categories'                   || 'step categories names a list, not one of its entries: add the entry\'s keys as a predicate'
            'a trailing slash'      | '/bookstore/'                             || 'it is not in canonical form (an empty step?)'
            'an inner list w/o keys'| "/bookstore/categories/books[@title='A' and @edition='1']" || 'step categories names a list, not one of its entries: add the entry\'s keys as a predicate'
    }

    def 'The top-level module of #xpath is #expectedModule.'() {
        expect: 'the module of the first step\'s node'
            objectUnderTest.topLevelModuleOf(xpath) == expectedModule
        where:
            xpath                                                                      || expectedModule
            '/bookstore'                                                               || BOOKSTORE
            "/bookstore/categories[@code='1']/books[@title='a/b' and @edition='1']"   || BOOKSTORE
            '/bookstore/reviews'                                                       || BOOKSTORE
            '/warehouse'                                                               || EXTRAS
            "/bookstore-address[@bookstore-name='Easons']"                             || BOOKSTORE
            '/bookstore-extras:warehouse'                                              || EXTRAS
            '/shop'                                                                    || null
            '/'                                                                        || null
            ''                                                                         || null
            null                                                                       || null
    }

    def 'One model parses #contentType data for many threads at once.'() {
        given: 'the expected result of one parse'
            def expected = objectUnderTest.parseData('/', data, contentType)
        when: 'the same data are parsed two hundred times in parallel'
            def results = (1..200).toList().parallelStream()
                .map { objectUnderTest.parseData('/', data, contentType) }.toList()
        then: 'every result is the same'
            results.every { it == expected }
        where:
            contentType | data
            JSON        | BOOKSTORE_JSON
            XML         | BOOKSTORE_XML
    }

    static Map<String, String> bookstoreSources() {
        ['bookstore@2024-05-01.yang', 'bookstore-types@2024-05-01.yang', 'bookstore-extras.yang'].collectEntries {
            [it, YangModelSpec.getResource("/yang/${it}").getText('UTF-8')]
        }
    }

    /** Every node of the trees, depth first in order, as xpath to leaves. */
    static Map<String, Map<String, Object>> leavesByXpath(List<DataNode> dataNodes) {
        def result = new LinkedHashMap<String, Map<String, Object>>()
        dataNodes.each { dataNode ->
            result.put(dataNode.xpath(), dataNode.leaves())
            result.putAll(leavesByXpath(dataNode.childDataNodes()))
        }
        result
    }

    static List<DataNode> descendantsOf(List<DataNode> dataNodes) {
        dataNodes.collectMany { it.childDataNodes() + descendantsOf(it.childDataNodes()) }
    }
}
