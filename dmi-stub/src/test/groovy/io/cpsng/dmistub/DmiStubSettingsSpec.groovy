package io.cpsng.dmistub

import spock.lang.Specification

class DmiStubSettingsSpec extends Specification {

    def 'Settings from the environment: #scenario.'() {
        expect: 'the variables present override the defaults'
            DmiStubSettings.fromEnvironment(environment) == expectedSettings
        where:
            scenario                | environment                                          || expectedSettings
            'nothing set'           | [:]                                                  || DmiStubSettings.DEFAULTS
            'other variables'       | [PATH: '/bin', DMI_STUB_OTHER: '1']                  || DmiStubSettings.DEFAULTS
            'a blank value'         | [DMI_STUB_DATA_DELAY_MS: ' ']                        || DmiStubSettings.DEFAULTS
            'every knob'            | [DMI_STUB_MODULES_DELAY_MS   : '10', DMI_STUB_RESOURCES_DELAY_MS: '20',
                                       DMI_STUB_DATA_DELAY_MS      : '30', DMI_STUB_DELAY_SPREAD_MS  : '40',
                                       DMI_STUB_FAILURE_RATE       : '0.25', DMI_STUB_UNAVAILABLE_SECONDS: '60'] || new DmiStubSettings(10, 20, 30, 40, 0.25, 60)
    }

    def 'An invalid value is rejected, naming the knob: #scenario.'() {
        when: 'the settings are read'
            DmiStubSettings.fromEnvironment(environment)
        then: 'the error names the flag and says what is wrong'
            def exception = thrown(IllegalArgumentException)
            exception.message.startsWith(expectedMessageStart)
        where:
            scenario              | environment                                || expectedMessageStart
            'not a number'        | [DMI_STUB_MODULES_DELAY_MS: 'soon']        || '--modules-delay-ms (DMI_STUB_MODULES_DELAY_MS) is not a number'
            'a negative delay'    | [DMI_STUB_DATA_DELAY_MS: '-1']             || '--data-delay-ms must not be negative'
            'a rate above 1'      | [DMI_STUB_FAILURE_RATE: '1.5']             || '--failure-rate must be between 0 and 1'
            'a rate that is NaN'  | [DMI_STUB_FAILURE_RATE: 'NaN']             || '--failure-rate must be between 0 and 1'
    }
}
