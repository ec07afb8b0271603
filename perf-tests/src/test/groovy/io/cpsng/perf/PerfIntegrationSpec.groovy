package io.cpsng.perf

import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.Shared

/**
 * A performance spec on the whole application whose features measure data it prepares once. Preparing happens
 * before the first feature rather than in setupSpec because Spring's beans are there only from setup on.
 */
abstract class PerfIntegrationSpec extends IntegrationSpec {

    @Autowired
    PerfFixture perfFixture

    @Shared
    boolean prepared = false

    def setup() {
        if (!prepared) {
            prepareOnce()
            prepared = true
        }
    }

    /** Stores, and where the figures need it warms up, what the features measure. */
    abstract void prepareOnce()
}
