package io.cpsng.cps.ri

import spock.lang.Specification

class FragmentIndexSpec extends Specification {

    def 'Every id recorded is found at its position, and an id recorded again keeps its first: #scenario'() {
        given: 'an index sized for the ids'
            def objectUnderTest = new FragmentIndex(ids.size())
        when: 'each id is recorded at its position in the list'
            def answers = ids.withIndex().collect { id, position -> objectUnderTest.putIfAbsent(id, position) }
        then: 'a new id answers -1, one seen before the position it was first recorded at'
            answers == ids.withIndex().collect { id, position -> ids.indexOf(id) == position ? -1 : ids.indexOf(id) }
        and: 'each id is found at its first position'
            ids.every { id -> objectUnderTest.get(id) == ids.indexOf(id) }
        where: 'the ids are'
            scenario                                           | ids
            'one'                                              | [7L]
            'a root read again as a descendant'                | [5L, 6L, 7L, 5L]
            'a sequence as the store assigns them'             | (1L..5_000L).toList()
            'ids far apart, sharing their low bits'            | (0..999).collect { it * 1_048_576L + 3 }
            'the largest ids'                                  | [Long.MAX_VALUE, Long.MAX_VALUE - 1, 1L]
    }

    def 'An id not recorded is not found: #scenario'() {
        given: 'an index holding ids 1 to 1,000'
            def objectUnderTest = new FragmentIndex(1_000)
            (1..1_000).each { objectUnderTest.putIfAbsent(it, it - 1) }
        expect: 'the id is not there'
            objectUnderTest.get(id) == -1
        where: 'the id is'
            scenario                             | id
            'a root\'s parent id (null read as 0)' | 0L
            'one past the last'                  | 1_001L
            'a negative one'                     | -1L
    }
}
