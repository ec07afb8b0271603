package io.cpsng.cps.ri

import spock.lang.Specification
import tools.jackson.databind.DeserializationFeature
import tools.jackson.databind.json.JsonMapper

import static java.nio.charset.StandardCharsets.UTF_8

class FragmentJsonSpec extends Specification {

    def 'Leaves survive the jsonb column as they were: #scenario'() {
        expect: 'the leaves read back equal the leaves written'
            FragmentJson.toLeaves(FragmentJson.toJson(leaves).getBytes(UTF_8)) == leaves
        where: 'the leaves are'
            scenario                       | leaves
            'text, a number and a flag'    | [name: 'Left', count: 3, enabled: true]
            'a leaf-list'                  | [birds: ['Owl', 'Sparrow']]
            'a decimal64 of many digits'   | [ratio: new BigDecimal('0.10000000000000000001')]
            'text in any script'           | [label: 'Привет – 你好']
            'none'                         | [:]
    }

    def 'Leaves are read as the mapper would bind them, to the same types: #scenario'() {
        given: 'the mapper the store used before, binding to a map'
            def mapper = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build()
        when: 'the attributes text is read'
            def leaves = FragmentJson.toLeaves(json.getBytes(UTF_8))
            def bound = mapper.readValue(json, Map)
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
            def leaves = FragmentJson.toLeaves('{"a": 1, "b": null}'.getBytes(UTF_8))
        then: 'each is found, and a name not there is not'
            leaves.get('a') == 1
            leaves.containsKey('b') && leaves.get('b') == null
            !leaves.containsKey('c') && leaves.get('c') == null
        when: 'a leaf is added to them'
            leaves.put('c', 3)
        then: 'they cannot be changed'
            thrown(UnsupportedOperationException)
    }

    def 'Attributes that are not an object are refused'() {
        when: 'a list is read as leaves'
            FragmentJson.toLeaves('[1, 2]'.getBytes(UTF_8))
        then: 'it is refused'
            thrown(IllegalStateException)
    }

    def 'A decimal is read as written, with its trailing zeros'() {
        expect: 'the same digits, not a double'
            FragmentJson.toValue('12.50') == new BigDecimal('12.50')
    }
}
