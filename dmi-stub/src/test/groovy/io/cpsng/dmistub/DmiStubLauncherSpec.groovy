package io.cpsng.dmistub

import spock.lang.Specification

class DmiStubLauncherSpec extends Specification {

    def 'Options override the environment, in both option forms.'() {
        given: 'an environment with some knobs and a free port'
            def environment = [DMI_STUB_PORT: '0', DMI_STUB_MODULES_DELAY_MS: '30', DMI_STUB_DATA_DELAY_MS: '20']
        when: 'the stub is launched with options'
            def dmiStub = DmiStubLauncher.start(['--data-delay-ms=150', '--failure-rate', '0.25'] as String[], environment)
        then: 'the options win where both are given'
            dmiStub.settings() == new DmiStubSettings(30, 0, 150, 0, 0.25, 0)
        and: 'the stub listens on the free port it was given'
            dmiStub.port() > 0
            new DmiClient(dmiStub.baseUrl()).health().statusCode() == 200
        cleanup:
            dmiStub?.stop()
    }

    def 'A bad option is rejected before anything starts: #scenario.'() {
        when: 'the stub is launched with the option'
            DmiStubLauncher.start(args as String[], [:])
        then: 'the error says what is wrong'
            def exception = thrown(IllegalArgumentException)
            exception.message.startsWith(expectedMessageStart)
        where:
            scenario           | args                        || expectedMessageStart
            'an unknown flag'  | ['--delay=5']               || 'Unknown option --delay'
            'a missing value'  | ['--port']                  || 'No value for --port'
            'a port not a number' | ['--port', 'http']       || '--port (DMI_STUB_PORT) is not a number'
            'a bad knob value' | ['--failure-rate=2']        || '--failure-rate must be between 0 and 1'
    }
}
