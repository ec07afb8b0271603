package io.cpsng.management

import io.cpsng.ncmp.api.model.ModuleSyncTraceRow
import spock.lang.Specification

class TraceCsvSpec extends Specification {

    def 'The trace is a header line and a line per row'() {
        given: 'two rows'
            def rows = [new ModuleSyncTraceRow('ch-1', 'waiting-for-worker', 100, 200),
                        new ModuleSyncTraceRow('ch-2', 'state-write', 1_700_000_000_000_000, 1_700_000_000_000_123)]
        expect: 'the CSV has the header and the rows, each line ending in LF'
            TraceCsv.format(rows) == 'cm_handle_id,phase,start_epoch_us,end_epoch_us\n' +
                'ch-1,waiting-for-worker,100,200\n' +
                'ch-2,state-write,1700000000000000,1700000000000123\n'
    }

    def 'A field holding #scenario is written as RFC 4180 says'() {
        expect: 'it is quoted only when it must be, with its quotes doubled'
            TraceCsv.field(value) == expected
        where: 'the field holds'
            scenario                     | value   || expected
            'letters, digits and dashes' | 'ch-1'  || 'ch-1'
            'a comma'                    | 'ch,1'  || '"ch,1"'
            'a quote'                    | 'ch"1'  || '"ch""1"'
            'a line break'               | 'ch\n1' || '"ch\n1"'
    }
}
