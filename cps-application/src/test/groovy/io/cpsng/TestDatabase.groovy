package io.cpsng

import io.cpsng.config.EmbeddedPostgresLauncher
import org.testcontainers.DockerClientFactory
import org.testcontainers.postgresql.PostgreSQLContainer

/**
 * One real PostgreSQL per test JVM: a Testcontainers container when a Docker engine answers,
 * otherwise the embedded binaries the demo uses, in a fresh folder. Started on first use.
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
            def embeddedPostgres = EmbeddedPostgresLauncher.start(null)
            JDBC_URL = embeddedPostgres.getJdbcUrl('postgres', 'postgres')
            USERNAME = 'postgres'
            PASSWORD = ''
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
