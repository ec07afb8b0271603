package io.cpsng.rest.error

import org.springframework.http.HttpStatus
import spock.lang.Specification

class ErrorMessageSpec extends Specification {

    def 'An error answer quotes #scenario'() {
        when: 'an error answer is made with that details text'
            def errorMessage = ErrorMessage.of(HttpStatus.BAD_REQUEST, 'Invalid query parameter', details)
        then: 'the status is the reference\'s form and the details are as expected'
            errorMessage.status() == '400 BAD_REQUEST'
            errorMessage.details() == expectedDetails
        where:
            scenario                       | details            || expectedDetails
            'short details whole'          | 'Wrong name: x'    || 'Wrong name: x'
            'details of the limit whole'   | 'y' * 4_096        || 'y' * 4_096
            'longer details cut, with size'| 'z' * 5_242_880    || 'z' * 4_096 + '... (5,242,880 characters in all)'
            'no details as none'           | null               || null
    }
}
