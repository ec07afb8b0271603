package io.cpsng.measure

import spock.lang.Specification
import spock.lang.TempDir

import java.nio.file.Path

class TraceCsvSpec extends Specification {

    @TempDir
    Path directory

    def 'Rows written are read back the same, ids with commas and quotes included'() {
        given: 'rows with plain and awkward ids'
            def rows = [new TraceRow('ch-1', 'state-write', 1_000, 2_500),
                        new TraceRow('me=1,node="a"', 'waiting-for-worker', 10, 20)]
        when: 'they are written and each data line parsed'
            def file = directory.resolve('trace.csv')
            TraceCsv.write(file, rows)
            def lines = file.toFile().readLines()
        then: 'the file has the header and a line per row'
            lines[0] == TraceCsv.HEADER
            lines[2] == '"me=1,node=""a""",waiting-for-worker,10,20'
        and: 'parsing gives the rows back'
            lines.drop(1).collect { TraceCsv.parseLine(it) } == rows
    }

    def 'A line that is not a trace row is refused: #line'() {
        when: 'the line is parsed'
            TraceCsv.parseLine(line)
        then: 'the refusal quotes it'
            def refusal = thrown(MeasureException)
            refusal.message.contains(line)
        where: 'the line is'
            line << ['ch-1,state-write,1', 'ch-1,state-write,one,2']
    }
}
