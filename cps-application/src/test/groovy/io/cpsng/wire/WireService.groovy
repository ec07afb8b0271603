package io.cpsng.wire

import com.github.tomakehurst.wiremock.WireMockServer
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.TestKafka
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * The service as the wire scenarios were recorded against: on a port with authentication, a database of its own
 * (other specs' application contexts sync and relay on the shared one), the test broker, and the WireMock DMI
 * plugin of the recording (wire/dmi).
 */
class WireService implements Closeable {

    static final String USERNAME = 'spec-user'
    static final String PASSWORD = 'spec-Pa55word'

    final WireMockServer dmiPlugin
    final ConfigurableApplicationContext instance
    final String database
    final int port

    WireService(String databasePrefix) {
        dmiPlugin = new WireMockServer(options().bindAddress('127.0.0.1').dynamicPort()
            .usingFilesUnderDirectory(WireContractSpec.WIRE.resolve('dmi').toString()))
        dmiPlugin.start()
        database = databasePrefix + '_' + UUID.randomUUID().toString().take(8)
        def arguments = ["--spring.datasource.url=${TestDatabase.createDatabase(database)}",
                         "--spring.datasource.username=${TestDatabase.USERNAME}",
                         "--spring.datasource.password=${TestDatabase.PASSWORD}",
                         '--server.port=0', '--security.auth.enabled=true', "--security.auth.username=${USERNAME}",
                         "--security.auth.password=${PASSWORD}", "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
                         '--ncmp.dmi.health-check-interval=0s']
        instance = new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
        port = instance.environment.getProperty('local.server.port') as int
    }

    String getBaseUrl() {
        "http://127.0.0.1:${port}"
    }

    String getAuthorization() {
        'Basic ' + "${USERNAME}:${PASSWORD}".bytes.encodeBase64()
    }

    /** The scenarios' ${dmi}: the plugin's address. */
    Map<String, String> getVariables() {
        [dmi: "http://127.0.0.1:${dmiPlugin.port()}".toString()]
    }

    @Override
    void close() {
        instance?.close()
        dmiPlugin.stop()
        TestDatabase.dropDatabase(database)
    }
}
