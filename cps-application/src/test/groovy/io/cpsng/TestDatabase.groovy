package io.cpsng

import io.cpsng.database.EmbeddedPostgresProperties
import io.cpsng.database.EmbeddedPostgresServer
import io.cpsng.ncmp.inventory.InventoryModelLoader
import java.nio.file.Files
import java.sql.Connection
import java.sql.DriverManager
import java.sql.SQLException
import org.springframework.dao.DataAccessException
import org.springframework.dao.PessimisticLockingFailureException
import org.springframework.jdbc.core.ConnectionCallback
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.test.context.DynamicPropertyRegistry
import org.testcontainers.DockerClientFactory
import org.testcontainers.postgresql.PostgreSQLContainer

/**
 * One real PostgreSQL per test JVM: a Testcontainers container when a Docker engine answers,
 * otherwise the embedded server the demo uses, in a fresh folder and without fsync. Started on first use.
 */
class TestDatabase {

    static final String JDBC_URL
    static final String USERNAME
    static final String PASSWORD

    static {
        if (dockerAvailable()) {
            def container = new PostgreSQLContainer('postgres:17-alpine')
            container.start()
            JDBC_URL = container.jdbcUrl
            USERNAME = container.username
            PASSWORD = container.password
        } else {
            def dataDirectory = Files.createTempDirectory('test-postgres')
            def embeddedPostgres = EmbeddedPostgresServer.start(
                EmbeddedPostgresProperties.durableIn(dataDirectory.toString()).notDurable()
                    // the NCMP benchmarks at 1,000,000 handles ask for the cache the sizing table gives them
                    .withSharedBuffers(System.getProperty('test.database.shared-buffers', '256MB')))
            Runtime.runtime.addShutdownHook(new Thread({
                embeddedPostgres.close()
                dataDirectory.toFile().deleteDir()
            }))
            JDBC_URL = embeddedPostgres.jdbcUrl()
            USERNAME = embeddedPostgres.username()
            PASSWORD = ''
        }
    }

    /** Points an application context at this database: its specs' @DynamicPropertySource. */
    static void register(DynamicPropertyRegistry registry) {
        registry.add('spring.datasource.url', { JDBC_URL })
        registry.add('spring.datasource.username', { USERNAME })
        registry.add('spring.datasource.password', { PASSWORD })
    }

    /** The same as command-line arguments, for an application started by a spec itself. */
    static List<String> applicationArguments() {
        ["--spring.datasource.url=${JDBC_URL}", "--spring.datasource.username=${USERNAME}",
         "--spring.datasource.password=${PASSWORD}"]*.toString()
    }

    /**
     * Empties the store and NCMP's tables, leaving what the application creates at start-up (the NCMP
     * inventory model). Ids are not restarted: cached models are keyed by schema set id and must never
     * match a new set.
     */
    static void emptyStore(JdbcTemplate jdbcTemplate, InventoryModelLoader inventoryModelLoader) {
        // an application context cached for an earlier spec still runs its background work (module sync, the
        // relay) on these tables, and TRUNCATE can deadlock with it: it waits for locks a short while and is
        // tried again, while the background work, on losing, tries again on its own schedule
        for (int attempt = 1; ; attempt++) {
            try {
                truncateStore(jdbcTemplate)
                break
            } catch (DataAccessException failure) {
                if (!lockedByBackgroundWork(failure) || attempt == 20) {
                    throw failure
                }
                Thread.sleep(250)
            }
        }
        inventoryModelLoader.loadInventoryModel()
    }

    // a deadlock is translated (SQLSTATE class 40); the lock timeout (55P03) is not, by JdbcTemplate's default
    // translator since Spring 6: it is told by its SQLSTATE
    private static boolean lockedByBackgroundWork(DataAccessException failure) {
        failure instanceof PessimisticLockingFailureException
            || (failure.mostSpecificCause instanceof SQLException && failure.mostSpecificCause.SQLState == '55P03')
    }

    private static void truncateStore(JdbcTemplate jdbcTemplate) {
        jdbcTemplate.execute({ Connection connection ->
            connection.autoCommit = false
            try {
                connection.createStatement().withCloseable { statement ->
                    statement.execute("SET LOCAL lock_timeout = '2s'")
                    statement.execute('''TRUNCATE fragment, anchor, schema_set_yang_resource, schema_set,
                        yang_resource, dataspace, ncmp_cm_handle, ncmp_module_sync_claim, ncmp_lcm_outbox,
                        ncmp_lcm_event, ncmp_dmi_plugin''')
                }
                connection.commit()
            } catch (SQLException failure) {
                connection.rollback()
                throw failure
            } finally {
                connection.autoCommit = true
            }
        } as ConnectionCallback)
    }

    /** Creates an empty database next to the shared one and answers its JDBC URL. */
    static String createDatabase(String name) {
        executeOnServer("CREATE DATABASE ${name}")
        JDBC_URL.replaceFirst('^(jdbc:postgresql://[^/]+/)[^?]*', '$1' + name)
    }

    /** Drops a database made by createDatabase, closing any connection left open on it. */
    static void dropDatabase(String name) {
        executeOnServer("DROP DATABASE IF EXISTS ${name} WITH (FORCE)")
    }

    private static void executeOnServer(String statement) {
        DriverManager.getConnection(JDBC_URL, USERNAME, PASSWORD).withCloseable { connection ->
            connection.createStatement().withCloseable { it.execute(statement) }
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable()
        } catch (Throwable noDocker) {
            return false
        }
    }
}
