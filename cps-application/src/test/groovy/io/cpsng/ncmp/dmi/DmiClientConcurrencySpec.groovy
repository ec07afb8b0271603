package io.cpsng.ncmp.dmi

import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.api.model.CmHandle
import io.micrometer.core.instrument.simple.SimpleMeterRegistry
import spock.lang.Shared
import org.springframework.util.unit.DataSize
import spock.lang.Specification

import java.time.Duration
import java.util.concurrent.Callable
import java.util.concurrent.Executors

/**
 * ncmp.dmi.max-concurrent-requests: module sync of untagged handles asks the DMI once per handle of every
 * batch in flight; without a bound 800 calls were open at once and the stub refused some of them.
 */
class DmiClientConcurrencySpec extends Specification {

    static final long LATENCY_MS = 300

    @Shared
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS.withModulesDelayMs(LATENCY_MS))

    def cleanupSpec() {
        dmiStub.stop()
    }

    def 'No more calls than allowed are open at once: the others wait for a free one'() {
        given: 'a client allowed 2 calls at once'
            def dmiClient = new DmiClient(new DmiProperties(Duration.ofSeconds(2), Duration.ofSeconds(30), 2, '', '', Duration.ofSeconds(10), Duration.ofSeconds(5), new DmiProperties.Auth(true), DataSize.ofMegabytes(64), null),
                new SimpleMeterRegistry())
        when: '6 handles ask for their module references at the same time'
            def start = System.nanoTime()
            def answers = Executors.newVirtualThreadPerTaskExecutor().withCloseable { executor ->
                (1..6).collect { number ->
                    executor.submit({ dmiClient.getModuleReferences(cmHandle(number)) } as Callable)
                }*.get()
            }
            def millis = (System.nanoTime() - start) / 1e6
        then: 'every handle is answered'
            answers.every { !it.empty }
            dmiStub.requestCount(DmiEndpoint.MODULES) == 6
        and: 'they were answered 2 at a time: three times the latency at least, not once'
            millis >= 3 * LATENCY_MS
    }

    CmHandle cmHandle(int number) {
        new CmHandle("concurrency-${number}".toString(), dmiStub.baseUrl(), null, null, [:], [:], '', null, null,
            null, null)
    }
}
