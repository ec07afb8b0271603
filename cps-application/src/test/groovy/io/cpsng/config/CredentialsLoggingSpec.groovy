package io.cpsng.config

import ch.qos.logback.classic.Logger
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.core.read.ListAppender
import io.cpsng.ncmp.dmi.DmiProperties
import org.slf4j.LoggerFactory
import org.springframework.util.unit.DataSize
import spock.lang.Specification

import java.time.Duration

/** Credentials stay out of the logs: only a generated password is shown, once, so the operator can use it. */
class CredentialsLoggingSpec extends Specification {

    def logger = (Logger) LoggerFactory.getLogger(SecurityConfig)
    def appender = new ListAppender<ILoggingEvent>()

    def setup() {
        appender.start()
        logger.addAppender(appender)
    }

    def cleanup() {
        logger.detachAppender(appender)
    }

    def 'A configured password is never logged'() {
        when: 'the users are set up with a configured password'
            new SecurityConfig().userDetailsService(new AuthProperties(true, 'operator', 'configured-Secret-1'), new ConfiguredPasswordEncoder())
        then: 'no log line holds it'
            appender.list.every { !it.formattedMessage.contains('configured-Secret-1') }
        and: 'the properties print it masked'
            !new AuthProperties(true, 'operator', 'configured-Secret-1').toString().contains('configured-Secret-1')
    }

    def 'Without a password one is generated and logged exactly once'() {
        when: 'the users are set up without a password'
            new SecurityConfig().userDetailsService(new AuthProperties(true, 'operator', ''), new ConfiguredPasswordEncoder())
        then: 'one line names the user and a generated password'
            def lines = appender.list.findAll { it.formattedMessage.contains('generated password') }
            lines.size() == 1
            lines[0].formattedMessage =~ /user 'operator' has the generated password [0-9a-f]{24}/
    }

    def 'DMI credentials are masked when the settings are printed'() {
        expect: 'the password does not appear'
            !new DmiProperties(Duration.ofSeconds(1), Duration.ofSeconds(1), 200, 'dmi', 'dmi-Secret-2',
                Duration.ofSeconds(10), Duration.ofSeconds(5), new DmiProperties.Auth(true), DataSize.ofMegabytes(64),
                null)
                .toString().contains('dmi-Secret-2')
    }
}
