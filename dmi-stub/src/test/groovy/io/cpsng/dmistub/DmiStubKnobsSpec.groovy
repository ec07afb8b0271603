package io.cpsng.dmistub

import static io.cpsng.dmistub.DmiClient.json

import java.util.concurrent.TimeUnit
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.util.concurrent.PollingConditions

class DmiStubKnobsSpec extends Specification {

    static final long DELAY_MS = 500

    @Shared
    @AutoCleanup('stop')
    DmiStub objectUnderTest = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    DmiClient dmiClient = new DmiClient(objectUnderTest.baseUrl())

    def setupSpec() {
        // the first call of each kind loads files and classes: keep that out of the timings
        dmiClient.moduleReferences('warm-up', 'tag-1')
        dmiClient.moduleResources('warm-up', 'tag-1', [[name: 'stub-types']])
        dmiClient.data('warm-up', 'read', '/')
    }

    def setup() {
        objectUnderTest.reset()
    }

    def 'The #endpoint delay holds back #endpoint and no other call.'() {
        given: 'a delay for one kind of call only'
            objectUnderTest.applySettings(settings)
        when: 'each kind of call is made once'
            def elapsedMs = [modules  : elapsedMs { dmiClient.moduleReferences('ch-1', 'tag-1') },
                             resources: elapsedMs { dmiClient.moduleResources('ch-1', 'tag-1', [[name: 'stub-types']]) },
                             data     : elapsedMs { dmiClient.data('ch-1', 'read', '/') }]
        then: 'the delayed call took at least the delay'
            elapsedMs[endpoint] >= DELAY_MS
        and: 'the others did not wait for it'
            elapsedMs.findAll { it.key != endpoint }.every { it.value < DELAY_MS }
        where:
            endpoint    | settings
            'modules'   | DmiStubSettings.DEFAULTS.withModulesDelayMs(DELAY_MS)
            'resources' | DmiStubSettings.DEFAULTS.withResourcesDelayMs(DELAY_MS)
            'data'      | DmiStubSettings.DEFAULTS.withDataDelayMs(DELAY_MS)
    }

    def 'The spread adds a random delay of up to its value to the fixed delay.'() {
        given: 'a fixed data delay and a spread'
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(50).withDelaySpreadMs(DELAY_MS))
        when: 'data are read a number of times'
            def elapsedMs = (1..12).collect { elapsedMs { dmiClient.data('ch-1', 'read', '/') } }
        then: 'every call took at least the fixed delay'
            elapsedMs.every { it >= 50 }
        and: 'the delays vary: some took well more than the fixed delay (all twelve below a quarter: 1 in 16 million)'
            elapsedMs.any { it >= 50 + DELAY_MS / 4 }
    }

    def 'A delayed answer still has its content.'() {
        given: 'a data delay'
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(20))
        when: 'data are read'
            def response = dmiClient.data('ch-1', 'read', '/stub-system:system')
        then: 'the templated echo comes back'
            response.statusCode() == 200
            json(response).resourceIdentifier == '/stub-system:system'
    }

    def 'With a failure rate of 1 every DMI call is answered 503, while health stays UP.'() {
        given: 'every call fails'
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(1))
        expect: 'module references, module resources and data answered 503'
            (1..5).every { dmiClient.moduleReferences("ch-${it}").statusCode() == 503 }
            (1..5).every { dmiClient.moduleResources("ch-${it}", 'tag-1').statusCode() == 503 }
            (1..5).every { dmiClient.data("ch-${it}", 'read', '/').statusCode() == 503 }
        and: 'the body is the DMI error shape'
            json(dmiClient.moduleReferences('ch-1')).status == '503'
        and: 'health is not affected'
            dmiClient.health().statusCode() == 200
    }

    def 'With a failure rate of 0.5 about half the calls fail.'() {
        given: 'half the calls fail'
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withFailureRate(0.5))
        when: 'module references are asked for 200 times'
            def statusCodes = (1..200).collect { dmiClient.moduleReferences("ch-${it}").statusCode() }
        then: 'only 200 and 503 are answered, and each of them between 60 and 140 times (outside: about 1 in 10^8)'
            statusCodes.countBy { it }.keySet() == [200, 503] as Set
            statusCodes.count(503) in 60..140
    }

    def 'While unavailable every call, health included, is answered 503; then the stub is available.'() {
        given: 'the stub is unavailable for a second from now'
            def appliedAtNanos = System.nanoTime()
            objectUnderTest.applySettings(DmiStubSettings.DEFAULTS.withUnavailableSeconds(1))
        expect: 'health is DOWN and DMI calls fail at once'
            def health = dmiClient.health()
            health.statusCode() == 503
            json(health) == [status: 'DOWN']
            dmiClient.moduleReferences('ch-1').statusCode() == 503
            dmiClient.data('ch-1', 'read', '/').statusCode() == 503
        and: 'after the window, health is UP and calls succeed'
            new PollingConditions(timeout: 5, delay: 0.05).eventually {
                assert dmiClient.health().statusCode() == 200
            }
            dmiClient.moduleReferences('ch-1').statusCode() == 200
        and: 'not before the window ended'
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - appliedAtNanos) >= 1000
    }

    private static long elapsedMs(Closure call) {
        def startNanos = System.nanoTime()
        call()
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos)
    }
}
