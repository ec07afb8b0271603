package io.cpsng.perf

import spock.lang.Timeout

import java.util.concurrent.TimeUnit

import static io.cpsng.perf.Budget.atLeast
import static io.cpsng.perf.Budget.atMost

/**
 * Registering handles over REST from 4 clients and following them to READY, then deregistering them: the
 * load of the reference project's KPI run (7 private and 2 public properties per handle), with the DMI stub's
 * module resources answering after 1 s.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class RegistrationPerfSpec extends RunningServiceSpec {

    def 'Registering #handles handles in batches of #batch, #tagsText, module references after #modulesDelayMs ms'() {
        given: 'a name for the run'
            def run = "reg-${handles}-b${batch}-t${tags}-m${modulesDelayMs}".toString()
            def load = "batches of ${batch}, ${tagsText}, module references ${modulesDelayMs} ms".toString()
        when: 'the handles are registered, followed to READY and deregistered'
            def result = measure(run, [handles: handles, batch: batch, tags: tags, modulesDelayMs: modulesDelayMs,
                                       resourcesDelayMs: 1_000, deregister: true])
        and: 'the figures are recorded'
            def registration = PerfRecorder.record("ncmp: registration requests (${load})", 'ncmp-registration',
                handles, result.registrationSeconds(), result.registrationRate(), 'handles/s', atLeast(20_000))
            def ready = PerfRecorder.record("ncmp: first request to all READY (${load})", 'ncmp-ready', handles,
                result.readySeconds(), result.readyRate(), 'handles/s', readyBudget)
            def lastCallToReady = tags == 0 ? null : PerfRecorder.record(
                "ncmp: last registration answer to all READY (${load})", 'ncmp-ready-after-last-call', handles,
                result.readyAfterLastCallSeconds(), result.readyAfterLastCallSeconds(), 's', atMost(10))
            def deregistration = PerfRecorder.record("ncmp: deregistration requests (batches of ${batch})",
                'ncmp-deregistration', handles, result.deregistrationSeconds(), result.deregistrationRate(),
                'handles/s', atLeast(20_000))
        then: 'every handle became READY and no request failed'
            result.allReady()
            result.failedRequests() == 0
            result.lockedEvents() == 0
        and: 'the trace accounts for every handle'
            result.phases().handles() == handles
        and: 'the rates meet their budgets'
            registration.holdsBudget()
            ready.holdsBudget()
            lastCallToReady == null || lastCallToReady.holdsBudget()
            deregistration.holdsBudget()
        where: 'the load is'
            handles | batch | tags | modulesDelayMs || readyBudget
            // the end-to-end goal (5,000 handles/s) is set for 50,000 handles; smaller runs have the 10 s one
            1_000   | 100   | 5    | 100            || Budget.NONE
            1_000   | 2_000 | 5    | 100            || Budget.NONE
            10_000  | 100   | 5    | 100            || Budget.NONE
            10_000  | 2_000 | 5    | 100            || Budget.NONE
            10_000  | 2_000 | 5    | 0              || Budget.NONE
            50_000  | 100   | 5    | 100            || atLeast(5_000)
            50_000  | 2_000 | 5    | 100            || atLeast(5_000)
            // without a tag every handle asks the DMI for its module references
            10_000  | 2_000 | 0    | 0              || atLeast(1_000)
            10_000  | 2_000 | 0    | 100            || atLeast(1_000)
            tagsText = tags == 0 ? 'no tags' : "${tags} tags"
    }
}
