package io.cpsng.measure

import spock.lang.Specification

class PhaseSummarySpec extends Specification {

    def 'Averages per phase and their share of the start-to-finish time'() {
        given: 'two handles: registered, queued, state written, with a gap the phases do not cover'
            def rows = [
                new TraceRow('a', 'registration-request', 0, 1_000_000),
                new TraceRow('a', 'waiting-for-worker', 1_000_000, 3_000_000),
                new TraceRow('a', 'state-write', 3_500_000, 4_000_000),
                new TraceRow('b', 'registration-request', 0, 1_000_000),
                new TraceRow('b', 'waiting-for-worker', 1_000_000, 1_000_000),
                new TraceRow('b', 'state-write', 1_500_000, 2_000_000)]
        when: 'they are summarised'
            def summary = PhaseSummary.of(rows)
        then: 'each phase has its average time per handle'
            summary.handles() == 2
            summary.startToFinishSeconds() == 3.0d
            summary.averageSecondsByPhase()['registration-request'] == 1.0d
            summary.averageSecondsByPhase()['waiting-for-worker'] == 1.0d
            summary.averageSecondsByPhase()['state-write'] == 0.5d
        and: 'what no phase covers is other'
            summary.averageSecondsByPhase()['other'] == 0.5d
        and: 'shares are of the start-to-finish time'
            summary.share('waiting-for-worker') == 1 / 3d
        and: 'the printed table names the phases'
            summary.lines().any { it.contains('queued, waiting for a sync worker') && it.contains('33.3 %') }
    }

    def 'Where phases overlap the earlier one keeps the time, so the shares add up to the whole'() {
        given: 'a handle queued by its registration before the request was answered'
            def rows = [new TraceRow('a', 'registration-request', 0, 2_000_000),
                        new TraceRow('a', 'waiting-for-worker', 500_000, 3_000_000),
                        new TraceRow('a', 'state-write', 3_000_000, 4_000_000)]
        when: 'it is summarised'
            def summary = PhaseSummary.of(rows)
        then: 'the queue wait counts from the answer on'
            summary.averageSecondsByPhase()['registration-request'] == 2.0d
            summary.averageSecondsByPhase()['waiting-for-worker'] == 1.0d
        and: 'the shares add up to one'
            summary.averageSecondsByPhase().keySet().sum { summary.share(it) } == 1.0d
    }

    def 'Handles whose state was not written yet are left out'() {
        given: 'one finished and one unfinished handle'
            def rows = [new TraceRow('done', 'registration-request', 0, 1_000_000),
                        new TraceRow('done', 'state-write', 1_000_000, 2_000_000),
                        new TraceRow('pending', 'registration-request', 0, 9_000_000)]
        when: 'they are summarised'
            def summary = PhaseSummary.of(rows)
        then: 'only the finished handle counts'
            summary.handles() == 1
            summary.averageSecondsByPhase()['registration-request'] == 1.0d
    }
}
