package io.cpsng.ncmp.modulesync

import io.cpsng.ncmp.api.model.ModuleSyncTraceRow
import spock.lang.Specification

import static io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase.DMI_MODULE_REFERENCES
import static io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase.STATE_WRITE
import static io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase.WAITING_FOR_WORKER

class ModuleSyncTraceSpec extends Specification {

    def 'Rows are read back in the order they were recorded, each with its phase tag, start and end'() {
        given: 'a trace of ten rows'
            def objectUnderTest = new ModuleSyncTrace(10)
        when: 'a batch of two handles waited, each since its own due time, and then one of them asked the DMI'
            objectUnderTest.record(WAITING_FOR_WORKER, ['ch-1', 'ch-2'], [100L, 150L] as long[], 200L)
            objectUnderTest.record(DMI_MODULE_REFERENCES, ['ch-1'], 210L, 300L)
        then: 'the three rows are read back in that order'
            objectUnderTest.rowsEndingSince(0) == [
                new ModuleSyncTraceRow('ch-1', 'waiting-for-worker', 100, 200),
                new ModuleSyncTraceRow('ch-2', 'waiting-for-worker', 150, 200),
                new ModuleSyncTraceRow('ch-1', 'dmi-module-references', 210, 300)]
    }

    def 'A trace of #capacity rows #scenario'() {
        given: 'a trace of the capacity'
            def objectUnderTest = new ModuleSyncTrace(capacity)
        when: 'the batches are recorded one after the other'
            batches.eachWithIndex { List<String> batch, int index -> objectUnderTest.record(STATE_WRITE, batch, index, index + 1) }
        then: 'it keeps the newest rows, oldest first'
            objectUnderTest.rowsEndingSince(0)*.cmHandleId() == expectedIds
        where: 'the batches are'
            scenario                          | capacity | batches                         || expectedIds
            'not yet full'                    | 5        | [['a', 'b'], ['c']]             || ['a', 'b', 'c']
            'just full'                       | 3        | [['a', 'b'], ['c']]             || ['a', 'b', 'c']
            'wrapped around once'             | 3        | [['a', 'b'], ['c', 'd']]        || ['b', 'c', 'd']
            'wrapped around twice'            | 2        | [['a', 'b', 'c'], ['d', 'e']]   || ['d', 'e']
            'given a batch larger than it'    | 2        | [['a', 'b', 'c', 'd', 'e']]     || ['d', 'e']
    }

    def 'Only the rows of phases that ended at or after since are read'() {
        given: 'rows ending at 100, 200 and 300 microseconds'
            def objectUnderTest = new ModuleSyncTrace(10)
            [100L, 200L, 300L].each { objectUnderTest.record(STATE_WRITE, ["ended-${it}".toString()], it - 50, it) }
        expect: 'reading since 200 gives the rows ending at 200 and 300'
            objectUnderTest.rowsEndingSince(200)*.cmHandleId() == ['ended-200', 'ended-300']
    }

    def 'A trace of capacity 0 records nothing'() {
        given: 'a trace of capacity 0'
            def objectUnderTest = new ModuleSyncTrace(0)
        when: 'rows of both kinds are recorded'
            objectUnderTest.record(STATE_WRITE, ['ch-1', 'ch-2'], 10, 20)
            objectUnderTest.record(WAITING_FOR_WORKER, ['ch-1'], [5L] as long[], 20)
        then: 'nothing is read back'
            objectUnderTest.rowsEndingSince(0).isEmpty()
    }
}
