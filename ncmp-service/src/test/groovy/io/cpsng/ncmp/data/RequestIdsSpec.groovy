package io.cpsng.ncmp.data

import spock.lang.Specification

class RequestIdsSpec extends Specification {

    def 'Request ids are random UUIDs of version 4, as the reference\'s, and differ'() {
        when: '10,000 ids are drawn'
            def ids = (1..10_000).collect { RequestIds.next() }
        then: 'each reads as a UUID of version 4 and the IETF variant'
            ids.every { UUID.fromString(it).version() == 4 && UUID.fromString(it).variant() == 2 }
            ids.every { it ==~ /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/ }
        and: 'no two are the same'
            ids.toSet().size() == 10_000
    }
}
