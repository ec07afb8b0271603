package io.cpsng.ncmp.lcm

import spock.lang.Specification

class LcmKafkaRecordsSpec extends Specification {

    def 'An event keeps its UUID on every delivery, and another event has another'() {
        expect: 'the same id gives the same UUID, another id another'
            LcmKafkaRecords.uuidOf('42') == LcmKafkaRecords.uuidOf('42')
            LcmKafkaRecords.uuidOf('42') != LcmKafkaRecords.uuidOf('43')
            UUID.fromString(LcmKafkaRecords.uuidOf('42'))
    }

    def 'A header is the string as Java serialization writes it, as the reference\'s headers are: #scenario'() {
        when: 'the bytes are read back with Java serialization'
            def readBack = new ObjectInputStream(new ByteArrayInputStream(LcmKafkaRecords.javaSerialized(value))).readObject()
        then: 'they are the string'
            readBack == value
        where: 'the value is'
            scenario        | value
            'plain text'    | 'org.onap.ncmp.cmhandle-lcm-event'
            'in any script' | 'Привет 你好'
            'empty'         | ''
    }
}
