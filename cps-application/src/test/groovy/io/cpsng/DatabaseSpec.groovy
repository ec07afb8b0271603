package io.cpsng

import io.cpsng.ncmp.inventory.InventoryModelLoader
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.Shared
import spock.lang.Specification

/**
 * What every spec of the whole application needs, however it reaches it: the shared PostgreSQL, and an empty
 * store at the start of every spec (so no spec sees another's data), holding only what the application creates
 * at start-up. Subclasses say how the application runs (@SpringBootTest) and how specs call it.
 */
abstract class DatabaseSpec extends Specification {

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
