package io.cpsng.ncmp.dmi

import spock.lang.Specification

import org.springframework.util.unit.DataSize

import java.time.Duration

/** Which Authorization a DMI plugin gets: the reference's DmiRestClient decides it the same way. */
class DmiAuthorizationSpec extends Specification {

    static final String CONFIGURED_BASIC = 'Basic ' + 'dmi-user:dmi-Pa55word'.bytes.encodeBase64()
    static final String TOKEN = 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjbGllbnQifQ.c2lnbmF0dXJl'

    def 'With ncmp.dmi.auth.enabled=#authEnabled, a call for #scenario'() {
        given: 'the DMI settings'
            def objectUnderTest = new DmiAuthorization(dmiProperties(authEnabled, username))
        expect: 'the plugin gets the configured credentials, the client\'s bearer token as sent, or nothing'
            objectUnderTest.headerFor(callerAuthorization) == expected
        where: 'the settings and the caller are'
            scenario                                          | authEnabled | username   | callerAuthorization          || expected
            'a client with a token'                           | true        | 'dmi-user' | TOKEN                        || CONFIGURED_BASIC
            'NCMP itself (module sync)'                       | true        | 'dmi-user' | DmiClient.NO_CALLER          || CONFIGURED_BASIC
            'a client with a token, no credentials set'       | true        | ''         | TOKEN                        || null
            'a client with a token, credentials set'          | false       | 'dmi-user' | TOKEN                        || TOKEN
            'a client with a lower-case scheme'               | false       | ''         | 'bearer abc.def.ghi'         || 'bearer abc.def.ghi'
            'a client with basic credentials (NCMP\'s own)'   | false       | 'dmi-user' | 'Basic Y2xpZW50OnNlY3JldA==' || null
            'a client with a scheme that starts like Bearer'  | false       | ''         | 'Bearerish abc'              || null
            'NCMP itself (module sync), credentials set'      | false       | 'dmi-user' | DmiClient.NO_CALLER          || null
    }

    static DmiProperties dmiProperties(boolean authEnabled, String username) {
        new DmiProperties(Duration.ofSeconds(2), Duration.ofSeconds(30), 200, username, 'dmi-Pa55word',
            Duration.ofSeconds(10), Duration.ofSeconds(5), new DmiProperties.Auth(authEnabled), DataSize.ofMegabytes(64),
            null)
    }
}
