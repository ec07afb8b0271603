package io.cpsng

import io.cpsng.ncmp.inventory.InventoryModelLoader
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.Shared
import spock.lang.Specification

/**
 * Infrastructure for specs that reach the application the way clients do: the real embedded server on a
 * port with authentication on, as deployed, the shared PostgreSQL, and a client that sends raw bytes with the
 * credentials. The store is emptied once per spec.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = ['security.auth.enabled=true', 'security.auth.username=' + ServerSpec.USERNAME,
        'security.auth.password=' + ServerSpec.PASSWORD, 'ncmp.module-sync.enabled=false',
        // the limits' mechanisms at sizes specs can send and read quickly; the defaults are in application.yml
        'ncmp.registration.max-handles-per-request=1000', 'cps.store.max-fragments-per-read=1000'])
abstract class ServerSpec extends Specification {

    static final String USERNAME = 'spec-user'
    static final String PASSWORD = 'spec-Pa55word'

    @LocalServerPort
    int port

    @Autowired
    JdbcTemplate jdbcTemplate

    @Autowired
    InventoryModelLoader inventoryModelLoader

    @Shared
    boolean storeEmptied = false

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry)
    }

    RawHttp getHttp() {
        new RawHttp(port, USERNAME, PASSWORD)
    }

    def setup() {
        if (!storeEmptied) {
            TestDatabase.emptyStore(jdbcTemplate, inventoryModelLoader)
            storeEmptied = true
        }
    }
}
