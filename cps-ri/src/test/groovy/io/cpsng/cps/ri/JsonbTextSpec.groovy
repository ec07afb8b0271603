package io.cpsng.cps.ri

import spock.lang.Specification
import tools.jackson.databind.DeserializationFeature
import tools.jackson.databind.json.JsonMapper

import static java.nio.charset.StandardCharsets.UTF_8

class JsonbTextSpec extends Specification {

    static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .build()

    def 'A value is read as the mapper binds it, to the same types: #scenario'() {
        when: 'the text is read'
            def value = JsonbText.value(json.getBytes(UTF_8))
        then: 'the value equals the mapper\'s, each part of the same class'
            value == MAPPER.readValue(json, Object)
            classesOf(value) == classesOf(MAPPER.readValue(json, Object))
        where: 'the text is'
            scenario                              | json
            'integers at the edges of int'        | '[2147483647, -2147483648, 2147483648, -2147483649, -0]'
            'integers at the edges of long'       | '[9223372036854775807, -9223372036854775808, 9223372036854775809]'
            'decimals: trailing zeros, exponents' | '[12.50, -0.0, 1e3, 1E-2, 2.5e+10]'
            'escapes of every kind'               | '"q\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00 end"'
            'text in any script, raw'             | '"Привет – 你好 😀"'
            'whitespace anywhere'                 | ' { "a" :\t[ 1 ,\n2 ] , "b":{ } ,"c" : [ ] }\r\n'
            'names escaped, in other scripts'     | '{"n\\u00e4me": 1, "ключ": 2, "plain": 3}'
            'literals'                            | '[true, false, null]'
            'nested objects keep their order'     | '{"z": {"y": 1, "x": [{"w": "v"}]}, "a": 2}'
    }

    def 'Leaves are read as the mapper would bind them, to the same types: #scenario'() {
        when: 'the attributes text is read'
            def leaves = JsonbText.leaves(json.getBytes(UTF_8))
            def bound = MAPPER.readValue(json, Map)
        then: 'the same leaves in the same order'
            leaves == bound
            leaves.keySet().toList() == bound.keySet().toList()
        and: 'each value of the same class'
            leaves.collect { name, value -> value?.getClass() } == bound.collect { name, value -> value?.getClass() }
            leaves.values().findAll { it instanceof List }.collect { it*.getClass() } == bound.values().findAll { it instanceof List }.collect { it*.getClass() }
        where: 'the text, as jsonb writes it, holds'
            scenario                     | json
            'numbers of every size'      | '{"int": 1, "long": 3000000000, "big": 123456789012345678901234567890, "negative": -7}'
            'decimals'                   | '{"d": 1.5, "e": 1e3, "tiny": 0.000001}'
            'text, flags and null'       | '{"s": "a \\"quoted\\" \\u00e9", "t": true, "f": false, "n": null}'
            'lists and objects'          | '{"list": [1, "x", true, 2.5, null], "nested": {"h": "i", "deeper": {"j": [2]}}}'
            'nothing'                    | '{}'
            'more leaves than a scan is for' | '{' + (1..20).collect { '"leaf-' + it + '": ' + it }.join(', ') + '}'
    }

    def 'A leaf of the leaves read is found by its name, a leaf set to null too'() {
        when: 'leaves with a null among them are read'
            def leaves = JsonbText.leaves('{"a": 1, "b": null}'.getBytes(UTF_8))
        then: 'each is found, and a name not there is not'
            leaves.get('a') == 1
            leaves.containsKey('b') && leaves.get('b') == null
            !leaves.containsKey('c') && leaves.get('c') == null
        when: 'a leaf is added to them'
            leaves.put('c', 3)
        then: 'they cannot be changed'
            thrown(UnsupportedOperationException)
    }

    def 'A decimal is read as written, with its trailing zeros'() {
        expect: 'the same digits, not a double'
            JsonbText.value('12.50'.getBytes(UTF_8)) == new BigDecimal('12.50')
    }

    def 'Leaves of the same name share one String, however many fragments are read'() {
        when: 'two fragments with the same leaf name are read'
            def first = JsonbText.leaves('{"operational-state": "inService"}'.getBytes(UTF_8))
            def second = JsonbText.leaves('{"operational-state": "outOfService"}'.getBytes(UTF_8))
        then: 'their names are one String'
            first.keySet().first().is(second.keySet().first())
        and: 'their values their own'
            first.'operational-state' == 'inService'
            second.'operational-state' == 'outOfService'
    }

    def 'Text that is not JSON is refused, saying where: #scenario'() {
        when: 'it is read'
            JsonbText.value(json.getBytes(UTF_8))
        then: 'it is refused with the position'
            def refused = thrown(IllegalStateException)
            refused.message.contains('at byte')
        where: 'the text is'
            scenario                  | json
            'empty'                          | ''
            'a string not closed'            | '"abc'
            'an unknown escape'              | '"a\\qb"'
            'a \\u escape cut short'         | '"\\u00"'
            'a misspelt literal'             | 'ture'
            'a member without a name'        | '{1: 2}'
            'a member without colon'         | '{"a" 2}'
            'a missing comma'                | '[1 2]'
            'more after the value'           | '{} {}'
            'a number with two signs'        | '1-2'
            'a lone minus'                   | '-'
    }

    def 'Leaves must be an object'() {
        when: 'a list is read as leaves'
            JsonbText.leaves('[1, 2]'.getBytes(UTF_8))
        then: 'it is refused'
            thrown(IllegalStateException)
    }

    static Object classesOf(Object value) {
        switch (value) {
            case Map: return value.collectEntries { name, member -> [(name): classesOf(member)] }
            case List: return value.collect { classesOf(it) }
            default: return value?.getClass()
        }
    }
}
