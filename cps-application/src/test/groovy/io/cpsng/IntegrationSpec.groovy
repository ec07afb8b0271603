package io.cpsng

import io.cpsng.ncmp.inventory.InventoryModelLoader
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import org.springframework.test.web.servlet.MockMvc
import spock.lang.Shared
import spock.lang.Specification

/**
 * Infrastructure for specs that run the whole application on a real PostgreSQL: the shared
 * database, MockMvc, and an empty store at the start of every spec (so no spec sees another's data),
 * holding only what the application creates at start-up (the NCMP inventory model).
 */
// the module-sync schedule is off: specs that sync drive it themselves, so nothing changes state behind a spec's back
@SpringBootTest(properties = ['security.auth.enabled=false', 'ncmp.module-sync.enabled=false'])
@AutoConfigureMockMvc
abstract class IntegrationSpec extends Specification {

    @Autowired
    MockMvc mvc

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

    def setup() {
        if (!storeEmptied) {
            TestDatabase.emptyStore(jdbcTemplate, inventoryModelLoader)
            storeEmptied = true
        }
    }
}
