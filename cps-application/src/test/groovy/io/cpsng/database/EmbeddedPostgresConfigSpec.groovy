package io.cpsng.database

import org.springframework.boot.context.properties.EnableConfigurationProperties
import org.springframework.boot.test.context.runner.ApplicationContextRunner
import org.springframework.context.annotation.Configuration
import org.springframework.jdbc.core.JdbcTemplate
import spock.lang.TempDir

import javax.sql.DataSource
import java.nio.file.Path

class EmbeddedPostgresConfigSpec extends spock.lang.Specification {

    @TempDir
    Path dataDirectory

    def contextRunner = new ApplicationContextRunner()
        .withUserConfiguration(EmbeddedPostgresConfig, PropertiesConfig)

    def 'Without a datasource URL the service starts its own PostgreSQL and a restart keeps the data'() {
        given: 'the data folder is configured'
            def runner = contextRunner.withPropertyValues("cps.embedded-postgres.data-directory=${dataDirectory}",
                'cps.embedded-postgres.durable=false')
        when: 'the context starts and writes a row'
            runner.run { context ->
                assert context.getBeansOfType(EmbeddedPostgresServer).size() == 1
                new JdbcTemplate(context.getBean(DataSource)).execute("CREATE TABLE kept AS SELECT 'still here' AS note")
            }
        and: 'a second context starts on the same folder'
            def note = null
            runner.run { context -> note = new JdbcTemplate(context.getBean(DataSource)).queryForObject('SELECT note FROM kept', String) }
        then: 'the row written by the first is there'
            note == 'still here'
    }

    def "A new database sorts and compares text by code point, whatever the host's locale"() {
        given: 'the data folder is configured'
            def runner = contextRunner.withPropertyValues("cps.embedded-postgres.data-directory=${dataDirectory}",
                'cps.embedded-postgres.durable=false')
        when: 'the context starts and the database is asked for its collation, an order and a case mapping'
            def collation = null
            def sorted = null
            def upperCase = null
            runner.run { context ->
                def jdbcTemplate = new JdbcTemplate(context.getBean(DataSource))
                collation = jdbcTemplate.queryForMap(
                    'SELECT datlocprovider, datlocale FROM pg_database WHERE datname = current_database()')
                sorted = jdbcTemplate.queryForList(
                    "SELECT word FROM unnest(ARRAY['b', 'é', 'B', '_', 'a', 'Z', 'e']) AS word ORDER BY word", String)
                upperCase = jdbcTemplate.queryForObject("SELECT upper('é')", String)
            }
        then: "its default collation is PostgreSQL's own C.UTF-8, not the host's"
            collation.datlocprovider == 'b'
            collation.datlocale == 'C.UTF-8'
        and: 'text sorts by code point, and case maps as Unicode says'
            sorted == ['B', 'Z', '_', 'a', 'b', 'e', 'é']
            upperCase == 'É'
    }

    def 'With a datasource URL nothing embedded starts'() {
        expect: 'no embedded database bean when spring.datasource.url is set'
            contextRunner.withPropertyValues('spring.datasource.url=jdbc:postgresql://127.0.0.1:1/none').run { context ->
                assert context.getBeansOfType(EmbeddedPostgresServer).isEmpty()
                assert context.getBeansOfType(DataSource).isEmpty()
            }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(EmbeddedPostgresProperties)
    static class PropertiesConfig {
    }
}
