package io.cpsng

import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort

/**
 * The application as clients reach it: the real embedded server on a port with authentication on, as deployed,
 * and a client that sends raw bytes with the credentials.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = ['security.auth.enabled=true', 'security.auth.username=' + ServerSpec.USERNAME,
        'security.auth.password=' + ServerSpec.PASSWORD, 'ncmp.module-sync.enabled=false',
        // as IntegrationSpec's: specs that sync drive the watchdogs themselves
        'ncmp.data-sync.enabled=false',
        // health checks would turn handles of plugins long stopped NONE behind a spec's back; TrustLevelSpec runs them
        'ncmp.dmi.health-check-interval=0s',
        // the limits' mechanisms at sizes specs can send and read quickly; the defaults are in application.yml
        'ncmp.registration.max-handles-per-request=1000', 'cps.store.max-fragments-per-read=1000'])
abstract class ServerSpec extends DatabaseSpec {

    static final String USERNAME = 'spec-user'
    static final String PASSWORD = 'spec-Pa55word'

    @LocalServerPort
    int port

    RawHttp getHttp() {
        new RawHttp(port, USERNAME, PASSWORD)
    }
}
