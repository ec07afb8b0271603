package io.cpsng.rest.ncmp

import spock.lang.Specification

import java.time.Instant
import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter
import java.time.temporal.ChronoUnit

class RestOutputCmHandleSpec extends Specification {

    def 'The inventory time #isoTime is answered in the reference\'s form'() {
        expect: 'the time as the reference writes it'
            RestOutputCmHandle.referenceTimeOf(isoTime) == expected
        where: 'the inventory time is'
            isoTime                         || expected
            '2026-01-31T20:30:40.123Z'      || '2026-01-31T20:30:40.123+0000'
            '2026-01-31T20:30:40Z'          || '2026-01-31T20:30:40.000+0000'
            '2026-01-31T20:30Z'             || '2026-01-31T20:30:00.000+0000'
            '2026-01-31T20:30:40.123456Z'   || '2026-01-31T20:30:40.123+0000'
            '2026-01-31T21:30:40.123+01:00' || '2026-01-31T21:30:40.123+0100'
            'not a time'                    || 'not a time'
            null                            || null
    }

    def 'Every UTC time to the millisecond, as the inventory writes it, is answered as the reference formats it'() {
        given: 'times spread over a year, some on a whole second or minute, written as the inventory writes them'
            def random = new Random(31)
            def times = (1..10_000).collect {
                def time = OffsetDateTime.ofInstant(Instant.ofEpochMilli(1_767_225_600_000L + random.nextLong(31_536_000_000L)),
                    ZoneOffset.UTC)
                it % 3 == 0 ? time.truncatedTo(ChronoUnit.MINUTES) : it % 3 == 1 ? time.truncatedTo(ChronoUnit.SECONDS) : time
            }
        expect: 'each is what the reference\'s pattern makes of it'
            times.every { time ->
                RestOutputCmHandle.referenceTimeOf(time.toString()) ==
                    DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ").format(time)
            }
    }
}
