package io.cpsng.measure

import spock.lang.Specification

import java.time.Duration

class MeasureOptionsSpec extends Specification {

    def 'Options given as #form override the defaults'() {
        when: 'the command line is parsed'
            def options = MeasureOptions.parse(arguments as String[], [CPS_PASSWORD: 'secret'])
        then: 'the options hold what was given and the defaults for the rest'
            options.handles() == 10_000
            options.batchSize() == 2_000
            options.clients() == 4
            options.tags() == 0
            options.dmiDelayMs() == 100
            options.parallelism() == 8
            options.password() == 'secret'
            options.deregister()
        where: 'the options are written'
            form             | arguments
            'separate words' | ['--handles', '10,000', '--batch', '2000', '--tags', '0', '--parallelism', '8']
            'name=value'     | ['--handles=10_000', '--batch=2000', '--tags=0', '--parallelism=8']
    }

    def 'Without options a run registers 1,000 handles with 5 tags and deregisters them'() {
        when: 'nothing is given'
            def options = MeasureOptions.parse([] as String[], [:])
        then: 'the defaults apply'
            options.handles() == 1_000
            options.batchSize() == 100
            options.tags() == 5
            options.parallelism() == null
            options.dmiUrl() == null
            options.username() == 'cpsuser'
            options.timeout() == Duration.ofMinutes(10)
            options.deregister()
    }

    def '--keep leaves the handles registered and --url drops a trailing slash'() {
        when: 'the options are given'
            def options = MeasureOptions.parse(['--keep', '--url', 'http://host:9090/'] as String[], [:])
        then: 'the handles are kept and the URL is usable as a base'
            !options.deregister()
            options.serviceUrl().toString() == 'http://host:9090'
    }

    def 'A wrong option is refused with what was wrong: #arguments'() {
        when: 'the command line is parsed'
            MeasureOptions.parse(arguments as String[], [:])
        then: 'it is refused, naming the option'
            def refusal = thrown(IllegalArgumentException)
            refusal.message.contains(expectedText)
        where: 'the command line is'
            arguments                     || expectedText
            ['--handles', 'many']         || '--handles needs a whole number: many'
            ['--handles', '0']            || '--handles must be at least 1'
            ['--tags', '6']               || '--tags must be between 0 and 5'
            ['--parallelism', '0']        || '--parallelism must be at least 1'
            ['--url', 'ftp://host']       || '--url needs an http(s) URL'
            ['--prefix', 'a b']           || '--prefix may hold'
            ['--colour', 'red']           || 'Unknown option --colour'
            ['--batch']                   || 'Option --batch needs a value'
    }
}
