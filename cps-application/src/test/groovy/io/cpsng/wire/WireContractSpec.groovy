package io.cpsng.wire

import com.github.tomakehurst.wiremock.WireMockServer
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.Shared
import spock.lang.Specification

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * The wire contract: every scenario under src/test/resources/wire/scenarios replayed against this service through
 * its port, each answer and event compared with what the running reference sent for the same scenario (recorded
 * once with the reference kit, wire/README.md). A difference not named below with its reason fails the build, so no
 * change can drift from the reference's wire unnoticed; the ones named are listed in docs/api.md.
 */
class WireContractSpec extends Specification {

    static final Path WIRE = Paths.get(WireContractSpec.getResource('/wire').toURI())
    static final String USERNAME = 'spec-user'
    static final String PASSWORD = 'spec-Pa55word'

    /** Scenario / step name -> why our answer differs from the reference's on purpose. */
    static final Map<String, String> DIFFERENT_ON_PURPOSE = [:]

    @Shared
    WireMockServer dmiPlugin = new WireMockServer(options().bindAddress('127.0.0.1').dynamicPort()
        .usingFilesUnderDirectory(WIRE.resolve('dmi').toString()))
    @Shared
    ConfigurableApplicationContext instance
    @Shared
    WireTopics topics = new WireTopics(TestKafka.BOOTSTRAP_SERVERS)
    @Shared
    String baseUrl
    @Shared
    String database = 'wire_' + UUID.randomUUID().toString().take(8)

    def setupSpec() {
        dmiPlugin.start()
        // a database of its own: other specs' application contexts sync and relay on the shared one
        def arguments = ["--spring.datasource.url=${TestDatabase.createDatabase(database)}",
                         "--spring.datasource.username=${TestDatabase.USERNAME}",
                         "--spring.datasource.password=${TestDatabase.PASSWORD}",
            '--server.port=0', '--security.auth.enabled=true', "--security.auth.username=${USERNAME}",
            "--security.auth.password=${PASSWORD}", "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
            '--ncmp.dmi.health-check-interval=0s']
        instance = new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
        baseUrl = "http://127.0.0.1:${instance.environment.getProperty('local.server.port')}"
    }

    def cleanupSpec() {
        topics.close()
        instance?.close()
        dmiPlugin.stop()
        TestDatabase.dropDatabase(database)
    }

    def 'Scenario #scenario.name: every answer and event as the running reference sends it'() {
        when: 'the scenario is replayed against this service'
            def answers = scenario.replay(baseUrl, 'Basic ' + "${USERNAME}:${PASSWORD}".bytes.encodeBase64(), topics,
                [dmi: "http://127.0.0.1:${dmiPlugin.port()}".toString()])
        and: 'kept beside the reference\'s, for the kit\'s diff (wire/README.md)'
            scenario.keep(answers, Paths.get('target', 'wire-answers'))
        and: 'compared with the reference\'s recorded answers'
            def differing = scenario.compare(answers)
            def unexplained = differing.findAll { step, found -> !DIFFERENT_ON_PURPOSE.containsKey("${scenario.name} / ${step}".toString()) }
            def explainedButSame = DIFFERENT_ON_PURPOSE.keySet().findAll {
                it.startsWith("${scenario.name} / ") && !differing.containsKey(it - "${scenario.name} / ")
            }
            println "wire ${scenario.name}: ${scenario.recorded.size()} answers compared, " +
                "${scenario.recorded.size() - differing.size()} the same, ${differing.size() - unexplained.size()} different on purpose"
        then: 'each differs only where a reason is named here'
            unexplained.collect { step, found -> "${step}:\n    ${found.join('\n    ')}" }.join('\n') == ''
        and: 'each difference named is still one'
            explainedButSame.isEmpty()
        where:
            scenario << scenarios()
    }

    static List<WireScenario> scenarios() {
        Files.list(WIRE.resolve('scenarios')).withCloseable { files ->
            files.findAll { it.fileName.toString().endsWith('.json') }.sort().collect {
                new WireScenario(it, WIRE.resolve('recorded').resolve(it.fileName))
            }
        }
    }
}
