package io.cpsng.cps.ri

import io.cpsng.cps.path.CpsPathParser
import spock.lang.Specification

/** The SQL text a cps-path becomes, without a database: CpsPathSqlBuilderSpec in cps-application runs it. */
class CpsPathSqlBuilderTextSpec extends Specification {

    def 'A value in a cps-path is a bind parameter, never SQL text: #scenario'() {
        when: 'the query is built'
            def query = CpsPathSqlBuilder.selectNodes(CpsPathParser.parse(cpsPath), [7])
        then: 'the value is among the parameters'
            query.parameters().contains(value)
        and: 'not in the statement'
            !query.sql().contains(value)
        where: 'the cps-path is'
            scenario              | cpsPath                                         || value
            'a quote and OR'      | '//shelf[@name="x\' OR \'1\'=\'1"]'             || "x' OR '1'='1"
            'a comment'           | '//shelf[@name="x; -- drop table fragment"]'    || 'x; -- drop table fragment'
    }

    def 'The anchors are one array parameter, however many there are'() {
        when: 'a query over many anchors is built'
            def query = CpsPathSqlBuilder.selectNodes(CpsPathParser.parse('//shelf'), (1..1_000).toList())
        then: 'they are passed as an array, never a parameter an anchor'
            query.parameters().any { it instanceof Integer[] && (it as Integer[]).length == 1_000 }
            query.parameters().size() < 10
    }

    def 'Reading leaf values needs a path ending in a leaf'() {
        when: 'a leaf query is built for a path without /@leaf'
            CpsPathSqlBuilder.selectLeafValues(CpsPathParser.parse('//shelf'), [7])
        then: 'it is refused'
            thrown(IllegalArgumentException)
    }
}
