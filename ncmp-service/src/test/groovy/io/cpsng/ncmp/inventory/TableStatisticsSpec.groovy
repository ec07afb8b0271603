package io.cpsng.ncmp.inventory

import spock.lang.Specification

/** When the handle table is worth a vacuum: at rest since the last look, with enough dead row versions. */
class TableStatisticsSpec extends Specification {

    def 'A table of #live live and #dead dead rows, #writes writes (#writesAtLastLook at the last look): due #due'() {
        expect:
            new CmHandleTableVacuum.TableStatistics(live, dead, writes).isVacuumDue(writesAtLastLook) == due
        where: 'the statistics are'
            live      | dead    | writes  | writesAtLastLook || due
            50_000    | 100_000 | 150_000 | 150_000          || true
            50_000    | 100_000 | 150_000 | 149_999          || false
            50_000    | 100_000 | 150_000 | -1               || false
            1_000_000 | 99_999  | 150_000 | 150_000          || false
            1_000_000 | 100_000 | 150_000 | 150_000          || true
            5_000     | 9_999   | 15_000  | 15_000           || false
            5_000     | 10_000  | 15_000  | 15_000           || true
            0         | 0       | 0       | 0                || false
    }
}
