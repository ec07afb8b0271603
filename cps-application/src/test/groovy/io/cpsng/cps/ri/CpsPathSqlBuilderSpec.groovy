package io.cpsng.cps.ri

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.path.CpsPathParser
import io.cpsng.cps.path.Xpaths
import io.cpsng.cps.tree.DataTree
import org.springframework.jdbc.core.ConnectionCallback
import spock.lang.Shared
import tools.jackson.databind.DeserializationFeature
import tools.jackson.databind.json.JsonMapper

import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS


/**
 * Runs the generated SQL on a real PostgreSQL holding a small bookstore tree.
 * Anchor 1: the bookstore; anchor 2: another bookstore; anchor 3: trees for the harder path shapes.
 * Every selection in one anchor is also made in memory over the anchor's nodes as one data tree (the operational
 * cache's queries, ADR 0017), and must select the same nodes in the same order.
 */
class CpsPathSqlBuilderSpec extends IntegrationSpec {

    static final int A1 = 9001, A2 = 9002, A3 = 9003
    static final JsonMapper LEAVES = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build()

    @Shared Map<String, Long> fragmentIdsByXpath = [:]

    def setup() {
        if (!fragmentIdsByXpath.isEmpty()) {
            return
        }
        // ids far above those the application's own start-up data (the NCMP inventory) takes
        jdbcTemplate.update("insert into dataspace (id, name) values (9001, 'ds')")
        jdbcTemplate.update("insert into schema_set (id, dataspace_id, name) values (9001, 9001, 'ss')")
        [A1, A2, A3].each { anchorId -> jdbcTemplate.update('insert into anchor (id, dataspace_id, schema_set_id, name) values (?, 9001, 9001, ?)', anchorId, "anchor-${anchorId}".toString()) }
        insertFragments(A1, [
            ['/bookstore', '{"bookstore-name": "Chapters"}'],
            ["/bookstore/categories[@code='1']", '{"code": "1", "name": "SciFi"}'],
            ["/bookstore/categories[@code='1']/books[@title='Dune']", '{"title": "Dune", "price": 5, "lang": "en", "authors": ["Frank Herbert"], "editions": [1965, 2018]}'],
            ["/bookstore/categories[@code='1']/books[@title='Space Odyssey']", '{"title": "Space Odyssey", "price": 10, "lang": "en", "authors": ["Arthur C. Clarke"]}'],
            ["/bookstore/categories[@code='2']", '{"code": "2", "name": "Kids"}'],
            ["/bookstore/categories[@code='2']/books[@title='Matilda']", '{"title": "Matilda", "price": "7.50", "lang": "fr", "authors": ["Roald Dahl"]}'],
            ["/bookstore/categories[@code='2']/books[@title='100%_done']", '{"title": "100%_done", "price": "n/a", "authors": ["Roald Dahl", "Quentin Blake"]}'],
            ['/bookstore/e-books', '{}'],
            ['/bookstore/premises', '{}'],
            ["/bookstore/premises/addresses[@house-number='2' and @street='Main']", '{"house-number": 2, "street": "Main"}'],
            ['/archive', '{}'],
            ["/archive/books[@title='Old']", '{"title": "Old", "price": 1}'],
        ])
        insertFragments(A2, [
            ['/bookstore', '{"bookstore-name": "Other"}'],
            ["/bookstore/categories[@code='1']", '{"code": "1", "name": "SciFi"}'],
            ["/bookstore/categories[@code='1']/books[@title='Dune']", '{"title": "Dune", "price": 6}'],
        ])
        insertFragments(A3, [
            ["/p[@x='0']", '{"x": "0"}'],
            ["/p[@x='0']/q[@y='2']", '{"y": "2"}'],
            ["/p[@x='0']/q[@y='2']/p[@x='1']", '{"x": "1"}'],
            ["/p[@x='0']/q[@y='2']/p[@x='1']/q[@y='0']", '{"y": "0"}'],
            ["/p[@x='0']/q[@y='2']/p[@x='1']/q[@y='0']/f", '{}'],
            ['/x.y', '{}'],
            ['/x.y/z', '{}'],
            ['/xzy', '{}'],
            ['/xzy/z', '{}'],
            ['/a', '{"k": "0"}'],
            ['/a/b', '{}'],
            ['/a/a', '{"k": "1"}'],
            ['/a/a/b', '{}'],
        ])
    }

    def 'Select nodes by #scenario.'() {
        when: 'the nodes of the bookstore anchor are selected'
            def result = selectNodes(cpsPath, [A1])
        then: 'the matching fragments in id order'
            result == expectedXpaths
        where:
            scenario                                   | cpsPath                                                              || expectedXpaths
            'an absolute container'                    | '/bookstore'                                                         || ['/bookstore']
            'an absolute list'                         | '/bookstore/categories'                                              || [cat1, cat2]
            'an absolute path with a key'              | "/bookstore/categories[@code='1']/books"                             || [dune, space]
            'a prefixed absolute path'                 | "/bs:bookstore/bs:categories[@bs:code='1']"                          || [cat1]
            'an absolute path that is not top-level'   | '/categories'                                                        || []
            'a descendant name'                        | '//books'                                                            || [dune, space, matilda, done, old]
            'a descendant name that is a suffix only'  | '//e-books'                                                          || ['/bookstore/e-books']
            'a descendant path'                        | '//categories/books'                                                 || [dune, space, matilda, done]
            'a descendant in the middle'               | '/bookstore//books'                                                  || [dune, space, matilda, done]
            'a descendant of a descendant'             | '//bookstore//books'                                                 || [dune, space, matilda, done]
            'a key of the last step'                   | "//books[@title='Dune']"                                             || [dune]
            'a number compared as text'                | '//books[@price=5]'                                                  || [dune]
            'a number with a dash in the leaf name'    | '//addresses[@house-number=2]'                                       || [address]
            'two keys'                                 | "//addresses[@house-number='2' and @street='Main']"                  || [address]
            'a quote in a value'                       | "//books[@title='it''s' or @title=\"x' or 'a'='a\"]"                 || []
            'greater than, strings read as numbers'    | '//books[@price>6]'                                                  || [space, matilda]
            'greater than or equal'                    | '//books[@price>=10]'                                                || [space]
            'less than'                                | '//books[@price<5]'                                                  || [old]
            'less than or equal, a decimal'            | '//books[@price<=7.5]'                                               || [dune, matilda, old]
            'or'                                       | "//books[@lang='fr' or @price=10]"                                   || [space, matilda]
            'and binding tighter than or'              | "//books[@price=10 or @price=5 and @lang='fr']"                      || [space]
            'parentheses'                              | "//books[(@price=10 or @price=5) and @lang='en']"                    || [dune, space]
            'contains'                                 | "//books[contains(@title,'Odys')]"                                   || [space]
            'contains with LIKE wildcards'             | "//books[contains(@title,'%_')]"                                     || [done]
            'text() of a leaf'                         | "//books/title[text()='Dune']"                                       || [dune]
            'text() in a leaf-list'                    | "//books/authors[text()='Roald Dahl']"                               || [matilda, done]
            'text() in a numeric leaf-list'            | "//books/editions[text()='2018']"                                    || [dune]
            'text() with a number'                     | '//books/editions[text()=1965]'                                      || [dune]
            'text() with or'                           | "//books/authors[text()='Quentin Blake' or text()='Frank Herbert']"  || [dune, done]
            'text() and a parent condition'            | "//books[@price='7.50']/authors[text()='Roald Dahl']"                || [matilda]
            'a parent predicate'                       | "//categories[@name='Kids']/books"                                   || [matilda, done]
            'a parent predicate, absolute'             | "/bookstore/categories[@name='SciFi']/books[@price>6]"               || [space]
            'a grandparent predicate'                  | "/bookstore[@bookstore-name='Chapters']/categories/books"            || [dune, space, matilda, done]
            'a grandparent predicate not met'          | "/bookstore[@bookstore-name='x']/categories/books"                   || []
            'an ancestor predicate across //'          | "//categories[@code='2']//books"                                     || [matilda, done]
            'predicates on every step'                 | "/bookstore[@bookstore-name='Chapters']/categories[@code='1']/books[@lang='en']" || [dune, space]
    }

    def 'Select ancestors by #scenario.'() {
        when: 'the nodes of the bookstore anchor are selected'
            def result = selectNodes(cpsPath, [A1])
        then: 'each matching ancestor once, in id order'
            result == expectedXpaths
        where:
            scenario                                 | cpsPath                                                                            || expectedXpaths
            'name'                                   | '//books/ancestor::categories'                                                     || [cat1, cat2]
            'name, filtered descendants'             | '//books[@price>6]/ancestor::categories'                                           || [cat1, cat2]
            'name, one descendant'                   | "//books[@lang='fr']/ancestor::categories"                                         || [cat2]
            'a top-level ancestor'                   | '//books/ancestor::bookstore'                                                      || ['/bookstore']
            'a path with a predicate'                | "//books/ancestor::bookstore/categories[@code='1']"                                || [cat1]
            'a path with a predicate above'          | "//books[@title='Matilda']/ancestor::bookstore[@bookstore-name='Chapters']/categories" || [cat2]
            'after a text() condition'               | "//books/authors[text()='Quentin Blake']/ancestor::categories"                     || [cat2]
            'a prefixed name'                        | '//addresses/ancestor::bs:bookstore'                                               || ['/bookstore']
            'an ancestor that is not one'            | '//categories/ancestor::books'                                                     || []
    }

    def 'Select nodes in anchor 3 by #scenario.'() {
        expect: 'every predicate holds for the node at its own step'
            selectNodes(cpsPath, [A3]) == expectedXpaths
        where:
            scenario                                     | cpsPath                               || expectedXpaths
            'predicates on two descendant steps'         | "//p[@x='0']//q[@y='2']//f"           || [f]
            'predicates met by other nodes of the name'  | "//p[@x='1']//q[@y='2']//f"           || []
            'the nearer predicates'                      | "//p[@x='1']//q[@y='0']/f"            || [f]
            'a dot in a name is no wildcard'             | '/x.y//z'                             || ['/x.y/z']
            'the other name'                             | '/xzy//z'                             || ['/xzy/z']
            'a descendant of itself'                     | '//p//p'                              || ["/p[@x='0']/q[@y='2']/p[@x='1']"]
            'a prefix and a suffix'                      | '/a//b'                               || ['/a/b', '/a/a/b']
            'a prefix and a suffix that overlap'         | '/a//a/b'                             || ['/a/a/b']
            'two descendant steps'                       | '//a//b'                              || ['/a/b', '/a/a/b']
            'a predicate above a descendant step'        | "/a[@k='0']//b"                       || ['/a/b', '/a/a/b']
            'a predicate above a suffix'                 | "//a[@k='0']//a/b"                    || ['/a/a/b']
            'a predicate on the suffix node itself'      | "//a[@k='1']//a/b"                    || []
            'nested ancestors of one name'               | '//f/ancestor::p'                     || ["/p[@x='0']", "/p[@x='0']/q[@y='2']/p[@x='1']"]
            'an ancestor of a node of its own name'      | '//p/ancestor::p'                     || ["/p[@x='0']"]
            'a node matched and an ancestor of a match'  | '//q/ancestor::q'                     || ["/p[@x='0']/q[@y='2']"]
            'nested ancestors, a predicate on the outer' | "//f/ancestor::p[@x='0']"             || ["/p[@x='0']"]
            'nested ancestors, a predicate on the inner' | "//f/ancestor::p[@x='1']"             || ["/p[@x='0']/q[@y='2']/p[@x='1']"]
            'an ancestor of its own name, prefixes alike'| '//a/ancestor::a'                     || ['/a']
    }

    def 'Select ancestors in several anchors.'() {
        when: 'the categories above a book called Dune are selected in anchors 1 and 2'
            def result = query(CpsPathSqlBuilder.selectNodes(CpsPathParser.parse("//books[@title='Dune']/ancestor::categories"), [A1, A2]))
        then: 'the category of each anchor, with its anchor'
            result.collect { [it.anchor_id, it.xpath] } == [[A1, cat1], [A2, cat1]]
    }

    def 'Select nodes in several anchors.'() {
        when: 'books are selected in anchors 1 and 2'
            def result = query(CpsPathSqlBuilder.selectNodes(CpsPathParser.parse("//books[@title='Dune']"), [A1, A2]))
        then: 'the book of each anchor, with its anchor'
            result.collect { [it.anchor_id, it.xpath] } == [[A1, dune], [A2, dune]]
    }

    def 'Select leaf values by #scenario.'() {
        when: 'leaf values are selected'
            def sqlQuery = CpsPathSqlBuilder.selectLeafValues(CpsPathParser.parse(cpsPath), [A1])
            def result = query(sqlQuery).collect { it.leaf_value.toString() }
        then: 'the values as JSON, in node order, nodes without the leaf skipped'
            result == expectedValues
        where:
            scenario            | cpsPath                                          || expectedValues
            'a leaf'            | '//categories/@name'                             || ['"SciFi"', '"Kids"']
            'numbers'           | "//categories[@code='1']/books/@price"           || ['5', '10']
            'a leaf-list'       | '//books/@authors'                               || ['["Frank Herbert"]', '["Arthur C. Clarke"]', '["Roald Dahl"]', '["Roald Dahl", "Quentin Blake"]']
            'held by one node'  | '//books/@editions'                              || ['[1965, 2018]']
            'of ancestors'      | '//books[@price>6]/ancestor::categories/@code'   || ['"1"', '"2"']
            'no such leaf'      | '//books/@missing'                               || []
    }

    def 'User values travel as parameters only.'() {
        given: 'a path whose values look like SQL'
            def cpsPath = "//books[@title=\"x' OR 1=1 --\" or contains(@title,'; drop table fragment')]/authors[text()='a\\b']"
        when: 'the SQL is built'
            def result = CpsPathSqlBuilder.selectNodes(CpsPathParser.parse(cpsPath), [A1])
        then: 'no value is in the SQL text, each is a parameter'
            !result.sql().contains('OR 1=1')
            !result.sql().contains('drop table')
            result.parameters().contains("x' OR 1=1 --")
            result.parameters().contains('%; drop table fragment%')
        and: 'the statement runs and matches nothing'
            query(result).isEmpty()
    }

    def 'The #scenario query reads fragments through indexes only.'() {
        when: 'the plan is explained with sequential scans discouraged, as on a large table'
            def plan = explain(CpsPathSqlBuilder.selectNodes(CpsPathParser.parse(cpsPath), [A1]))
        then: 'the selected fragments are found through an index, none by a sequential scan'
            // which index wins depends on statistics of this small table; a large one favours the schema path index
            plan =~ /Index Scan using fragment_\w+ on fragment f\b/ || plan =~ /Bitmap Heap Scan on fragment f\b[\s\S]*Bitmap Index Scan on fragment_\w+/
            !plan.contains('Seq Scan')
        where:
            scenario                   | cpsPath
            'absolute'                 | "/bookstore/categories[@code='1']/books"
            'descendant'               | '//books[@price>6]'
            'mixed'                    | '/bookstore//books'
            'ancestor predicate'       | "//categories[@code='2']//books"
            'ancestor axis'            | '//books/ancestor::categories'
    }

    def insertFragments(anchorId, xpathsAndAttributes) {
        xpathsAndAttributes.each { xpath, attributes ->
            def id = 900_000L + fragmentIdsByXpath.size()
            def parentId = Xpaths.isRoot(Xpaths.parentXpath(xpath)) ? null : fragmentIdsByXpath["${anchorId}${Xpaths.parentXpath(xpath)}".toString()]
            jdbcTemplate.update('insert into fragment (id, anchor_id, parent_id, xpath, schema_path, attributes) values (?, ?, ?, ?, ?, ?::jsonb)',
                id, anchorId, parentId, xpath, Xpaths.schemaPath(xpath), attributes)
            fragmentIdsByXpath["${anchorId}${xpath}".toString()] = id
        }
    }

    def selectNodes(cpsPath, anchorIds) {
        def selected = query(CpsPathSqlBuilder.selectNodes(CpsPathParser.parse(cpsPath), anchorIds)).collect { it.xpath }
        if (anchorIds.size() == 1) {
            // the operational cache queries its trees in memory: the same path there selects the same nodes
            assert treeOf(anchorIds[0]).query(CpsPathParser.parse(cpsPath), OMIT_DESCENDANTS)*.xpath() == selected
        }
        selected
    }

    /** The anchor's fragments as one data tree, leaves read as the store reads them. */
    DataTree treeOf(int anchorId) {
        def rows = jdbcTemplate.queryForList('select xpath, attributes::text as attributes from fragment where anchor_id = ? order by id', anchorId)
        def childrenByParent = [:].withDefault { [] }
        rows.each { row -> childrenByParent[Xpaths.parentXpath(row.xpath)] << row }
        def build
        build = { row -> new DataNode(row.xpath, null, LEAVES.readValue(row.attributes, Map), childrenByParent[row.xpath].collect(build)) }
        DataTree.of(childrenByParent['/'].collect(build))
    }

    def query(sqlQuery) {
        jdbcTemplate.queryForList(sqlQuery.sql(), sqlQuery.parameters().toArray())
    }

    def explain(sqlQuery) {
        jdbcTemplate.execute({ connection ->
            def autoCommit = connection.autoCommit
            connection.autoCommit = false
            try {
                connection.createStatement().withCloseable { it.execute('SET LOCAL enable_seqscan = off') }
                connection.prepareStatement('EXPLAIN ' + sqlQuery.sql()).withCloseable { statement ->
                    sqlQuery.parameters().eachWithIndex { parameter, index -> statement.setObject(index + 1, parameter) }
                    statement.executeQuery().withCloseable { resultSet ->
                        def lines = []
                        while (resultSet.next()) {
                            lines << resultSet.getString(1)
                        }
                        lines.join('\n')
                    }
                }
            } finally {
                connection.rollback()
                connection.autoCommit = autoCommit
            }
        } as ConnectionCallback<String>)
    }

    static cat1 = "/bookstore/categories[@code='1']"
    static cat2 = "/bookstore/categories[@code='2']"
    static dune = "/bookstore/categories[@code='1']/books[@title='Dune']"
    static space = "/bookstore/categories[@code='1']/books[@title='Space Odyssey']"
    static matilda = "/bookstore/categories[@code='2']/books[@title='Matilda']"
    static done = "/bookstore/categories[@code='2']/books[@title='100%_done']"
    static old = "/archive/books[@title='Old']"
    static address = "/bookstore/premises/addresses[@house-number='2' and @street='Main']"
    static f = "/p[@x='0']/q[@y='2']/p[@x='1']/q[@y='0']/f"
}
