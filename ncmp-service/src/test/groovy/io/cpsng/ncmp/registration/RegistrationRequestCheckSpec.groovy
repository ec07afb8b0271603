package io.cpsng.ncmp.registration

import io.cpsng.ncmp.api.exceptions.InvalidInputException
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import java.time.Duration
import spock.lang.Specification

class RegistrationRequestCheckSpec extends Specification {

    static final PROPERTIES = new RegistrationProperties(50_000, 4_096, Duration.ofSeconds(30))
    static final HANDLE = new CmHandle('ch-1', null, null, null, [:], [:], '', null, null, null, null)

    def 'A plugin URL #scenario is refused naming its field'() {
        given: 'the check with the allowed pattern'
            def objectUnderTest = new RegistrationRequestCheck(PROPERTIES, pattern)
        when: 'a registration names the plugin URL as its data plugin'
            objectUnderTest.check(new DmiPluginRegistration('http://dmi-1:8080', url, null, null, null, [HANDLE],
                [], [], null))
        then: 'it is refused as the reference refuses it'
            def refusal = thrown(InvalidInputException)
            refusal.message == 'Invalid DMI plugin URL for dmiDataPlugin'
            refusal.details == expectedDetails
        where:
            scenario                   | pattern                       | url                     || expectedDetails
            'that is no URL'           | ''                            | 'not a url'             || 'URL is not valid: not a url'
            'of another scheme'        | ''                            | 'file:///etc/passwd'    || 'Only http or https schemes are allowed, got: file:///etc/passwd'
            'without a host'           | ''                            | 'http:/dmi'             || 'URL must contain a valid host: http:/dmi'
            'outside the pattern'      | 'https?://dmi-[0-9]+:8080'    | 'http://169.254.169.254' || 'URL does not match the allowed pattern: http://169.254.169.254'
            'matching only in part'    | 'https?://dmi-[0-9]+:8080'    | 'http://dmi-1:8080@evil.example' || 'URL does not match the allowed pattern: http://dmi-1:8080@evil.example'
    }

    def 'A plugin URL #scenario is taken'() {
        given: 'the check with the allowed pattern'
            def objectUnderTest = new RegistrationRequestCheck(PROPERTIES, pattern)
        when: 'a registration names it as its plugin'
            objectUnderTest.check(new DmiPluginRegistration(url, null, null, null, null, [HANDLE], [], [], null))
        then: 'it passes'
            noExceptionThrown()
        where:
            scenario                       | pattern                    | url
            'of http with no pattern set'  | ''                         | 'http://dmi:8080'
            'of https with no pattern set' | ''                         | 'https://dmi.example'
            'matching the pattern whole'   | 'https?://dmi-[0-9]+:8080' | 'http://dmi-12:8080'
    }

    def 'A #field longer than allowed is refused naming where it is'() {
        given: 'the check with values of 4,096 characters at most'
            def objectUnderTest = new RegistrationRequestCheck(PROPERTIES, '')
        when: 'a registration holds a value one character longer'
            objectUnderTest.check(registration)
        then: 'it is refused naming the value and the limit'
            def refusal = thrown(InvalidInputException)
            refusal.details == "${where} is 4097 characters long; at most 4096 are accepted (ncmp.registration.max-property-value-length)"
        where: 'the value is'
            field                    | registration                                                                                  || where
            'module set tag'         | created(new CmHandle('ch-1', null, null, null, [:], [:], LONG, null, null, null, null))      || 'createdCmHandles[0] (ch-1) moduleSetTag'
            'data producer id'       | created(new CmHandle('ch-1', null, null, null, [:], [:], '', null, LONG, null, null))        || 'createdCmHandles[0] (ch-1) dataProducerIdentifier'
            'plugin URL'             | new DmiPluginRegistration('http://' + 'h' * 4090, null, null, null, null,
                [HANDLE], [], [], null)         || 'dmiPlugin'
            'upgrade\'s module set tag' | new DmiPluginRegistration('http://dmi', null, null, null, null, [], [],
                [], new DmiPluginRegistration.UpgradedCmHandles(['ch-1'], LONG)) || 'upgradedCmHandles.moduleSetTag'
    }

    static final String LONG = 'x' * 4097

    static DmiPluginRegistration created(CmHandle cmHandle) {
        new DmiPluginRegistration('http://dmi', null, null, null, null, [cmHandle], [], [], null)
    }
}
