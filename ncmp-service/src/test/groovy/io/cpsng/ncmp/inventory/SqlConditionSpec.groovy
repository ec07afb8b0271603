package io.cpsng.ncmp.inventory

import spock.lang.Specification

class SqlConditionSpec extends Specification {

    static final SqlCondition RED = SqlCondition.of('h.colour = ?', 'red')
    static final SqlCondition BIG = SqlCondition.of('h.size > ?', 10)

    def 'Conditions combined with #scenario'() {
        expect: 'the SQL is parenthesised and its parameters kept in order'
            combined == expected
        where: 'the combination is'
            scenario           | combined                                                    || expected
            'and'              | SqlCondition.and([RED, BIG])                                || new SqlCondition('(h.colour = ? and h.size > ?)', ['red', 10])
            'or'               | SqlCondition.or([RED, BIG])                                 || new SqlCondition('(h.colour = ? or h.size > ?)', ['red', 10])
            'and of none'      | SqlCondition.and([])                                        || SqlCondition.TRUE
            'or of none'       | SqlCondition.or([])                                         || SqlCondition.FALSE
            'and with FALSE'   | SqlCondition.and([RED, SqlCondition.FALSE])                 || SqlCondition.FALSE
            'or with TRUE'     | SqlCondition.or([RED, SqlCondition.TRUE])                   || SqlCondition.TRUE
            'and with TRUE'    | SqlCondition.and([RED, SqlCondition.TRUE])                  || RED
    }

    def 'A null bind value is refused when the condition is made'() {
        when: 'a condition with a null parameter is made'
            SqlCondition.of('h.id = ?', [null] as Object[])
        then: 'it is refused'
            thrown(NullPointerException)
    }
}
