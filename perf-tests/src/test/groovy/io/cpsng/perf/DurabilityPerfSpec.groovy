package io.cpsng.perf

import io.cpsng.deployment.ServiceProcess
import io.cpsng.measure.MeasureOptions
import io.cpsng.measure.MeasureRun
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout

import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * What durability costs registration: the built service on its embedded database with fsync and synchronous_commit
 * on (the product's default) and off (what tests use), 50,000 handles in batches of 2,000 from 4 clients, each
 * setting started RUNS times in turn on a fresh folder, so that both see the same machine.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class DurabilityPerfSpec extends Specification {

    static final int HANDLES = 50_000
    static final int BATCH = 2_000
    static final int RUNS = 3

    @Shared
    Map<Boolean, List<Double>> rates = [(true): [], (false): []]

    def 'Registration of 50,000 handles in batches of 2,000 with and without fsync, in turn'() {
        when: 'each setting registers the handles RUNS times, alternating'
            (1..RUNS).each { run ->
                [true, false].each { durable -> rates[durable] << registrationRate(durable, run) }
            }
        and: 'the figures are recorded'
            def durableRate = Meter.median(rates[true])
            def notDurableRate = Meter.median(rates[false])
            [true, false].each { durable ->
                rates[durable].eachWithIndex { rate, index ->
                    PerfRecorder.record("ncmp: registration requests, ${settingName(durable)}, run ${index + 1}",
                        'durability', HANDLES, HANDLES / rate, rate, 'handles/s', Budget.NONE)
                }
            }
            PerfRecorder.record("ncmp: registration requests, ${settingName(true)} (median)", 'durability', HANDLES,
                HANDLES / durableRate, durableRate, 'handles/s', Budget.NONE)
            PerfRecorder.record("ncmp: registration requests, ${settingName(false)} (median)", 'durability', HANDLES,
                HANDLES / notDurableRate, notDurableRate, 'handles/s', Budget.NONE)
            def ratio = PerfRecorder.record('ncmp: registration rate durable / not durable (medians)', 'durability',
                HANDLES, 0, durableRate / notDurableRate, 'ratio', Budget.atLeast(0.8))
        then: 'durability costs at most a fifth of the rate'
            ratio.holdsBudget()
    }

    static String settingName(boolean durable) {
        durable ? 'durable (fsync, synchronous_commit on)' : 'not durable (fsync off)'
    }

    double registrationRate(boolean durable, int run) {
        def dataDirectory = Files.createTempDirectory('durability-perf')
        def service = ServiceProcess.start("durability-${durable ? 'on' : 'off'}-${run}", dataDirectory,
            ["--cps.embedded-postgres.durable=${durable}", '--security.auth.enabled=false'])
        try {
            service.awaitUp(120)
            def name = "durability-${durable}-${run}".toString()
            def defaults = MeasureOptions.defaults([:])
            def options = new MeasureOptions(service.uri(''), '', '', HANDLES, BATCH, 4, 5, 100, 1_000, null, null, 0,
                Path.of(PerfRecorder.REPORT_DIRECTORY.path, 'measure', name), name, false, Duration.ofMinutes(5),
                defaults.sampledHandles())
            def result = new MeasureRun(options, System.out, false).run()
            assert result.failedRequests() == 0
            result.registrationRate()
        } finally {
            service.stop()
            dataDirectory.toFile().deleteDir()
        }
    }
}
