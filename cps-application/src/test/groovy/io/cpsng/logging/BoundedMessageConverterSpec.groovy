package io.cpsng.logging

import spock.lang.Specification

/** What a log line keeps of a message quoting what a client or a peer sent. */
class BoundedMessageConverterSpec extends Specification {

    def 'A message #scenario is written as #expected'() {
        expect: 'the message as the log writes it'
            BoundedMessageConverter.bounded(message, 10) == expected
        where: 'the message is'
            scenario                          | message               || expected
            'of plain text'                   | 'plain'               || 'plain'
            'with a tab'                      | 'a\tb'                || 'a\tb'
            'with a forged line after a break' | 'a\r\nFAKE'           || 'a\\u000d\\u000aFAKE'
            'with a NUL and an escape'        | 'id\u0000x\u001b[31m' || 'id\\u0000x\\u001b[31m'
            'with a DEL'                      | 'a\u007fb'            || 'a\\u007fb'
            'longer than the limit'           | 'x' * 12              || 'x' * 10 + '... (12 characters, cut)'
            'cut, then a NUL in what is kept' | '\u0000' + 'y' * 11   || '\\u0000' + 'y' * 9 + '... (12 characters, cut)'
    }
}
