package io.cpsng.config

import spock.lang.Specification

class ConfiguredPasswordEncoderSpec extends Specification {

    def objectUnderTest = new ConfiguredPasswordEncoder()

    def 'A password #scenario the encoded one: #expectedMatch'() {
        expect: 'only the same password matches'
            objectUnderTest.matches(password, objectUnderTest.encode('s3cret-Pa55')) == expectedMatch
        where: 'the password is'
            scenario               | password       || expectedMatch
            'equal to'             | 's3cret-Pa55'  || true
            'differing in case of' | 'S3cret-Pa55'  || false
            'a prefix of'          | 's3cret'       || false
            'empty, unlike'        | ''             || false
            'null, unlike'         | null           || false
    }

    def 'An encoded value that is not a digest matches nothing'() {
        expect: 'a malformed or foreign encoding is refused, not an error'
            !objectUnderTest.matches('x', encoded)
        where:
            encoded << [null, '', '{bcrypt}$2a$10$abc', 'zz' * 32]
    }

    def 'The encoding is not the password'() {
        expect: 'the password does not appear in what is kept'
            !objectUnderTest.encode('s3cret-Pa55').contains('s3cret')
    }
}
