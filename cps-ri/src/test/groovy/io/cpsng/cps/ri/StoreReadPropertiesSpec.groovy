package io.cpsng.cps.ri

import spock.lang.Specification

class StoreReadPropertiesSpec extends Specification {

    def 'A read bound below one data node is refused at start: #maxFragmentsPerRead'() {
        when: 'the setting is taken'
            new StoreReadProperties(maxFragmentsPerRead)
        then: 'it is refused, naming the setting'
            def refused = thrown(IllegalArgumentException)
            refused.message.contains('cps.store.max-fragments-per-read')
        where: 'the setting is'
            maxFragmentsPerRead << [0, -1]
    }
}
