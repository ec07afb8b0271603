package io.cpsng.cps.ri

import spock.lang.Specification

import static java.nio.charset.StandardCharsets.UTF_8

class FragmentJsonSpec extends Specification {

    def 'Leaves survive the jsonb column as they were: #scenario'() {
        expect: 'the leaves read back equal the leaves written'
            JsonbText.leaves(FragmentJson.toJson(leaves).getBytes(UTF_8)) == leaves
        where: 'the leaves are'
            scenario                       | leaves
            'text, a number and a flag'    | [name: 'Left', count: 3, enabled: true]
            'a leaf-list'                  | [birds: ['Owl', 'Sparrow']]
            'a decimal64 of many digits'   | [ratio: new BigDecimal('0.10000000000000000001')]
            'text in any script'           | [label: 'Привет – 你好']
            'none'                         | [:]
    }
}
