package io.cpsng.ncmp.data

import java.time.Duration
import spock.lang.Specification

class DataOperationPropertiesSpec extends Specification {

    def 'An answer timeout of #timeout is refused, naming the setting'() {
        when: 'the settings are made with it'
            new DataOperationProperties('ncmp-async-m2m', 'group', timeout)
        then: 'the service would not start, and says why'
            def refused = thrown(IllegalArgumentException)
            refused.message == "ncmp.data-operations.answer-timeout must be positive, not ${timeout}"
        where:
            timeout << [Duration.ZERO, Duration.ofSeconds(-1)]
    }
}
