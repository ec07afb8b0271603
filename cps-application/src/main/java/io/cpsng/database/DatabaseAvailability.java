package io.cpsng.database;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers, known at all times without waiting for it: a query on a connection of its own,
 * outside the pool, every interval with a short timeout, and at once when the embedded server stops or restarts.
 * It is the health indicator "db" (in place of Spring Boot's, which borrows from the pool and so waits the pool's
 * whole connection timeout when the database is gone), and what lets requests be refused at once meanwhile.
 */
@Component("dbHealthIndicator")
public class DatabaseAvailability implements HealthIndicator, InitializingBean, DisposableBean {

    private static final Logger LOGGER = LoggerFactory.getLogger(DatabaseAvailability.class);

    private final HikariDataSource dataSource;
    private final EmbeddedPostgresServer embeddedPostgresServer;
    private final DatabaseCheckProperties checkProperties;
    private final ScheduledExecutorService checks = Executors.newSingleThreadScheduledExecutor(
        task -> Thread.ofPlatform().daemon().name("database-check").unstarted(task));

    private volatile String unavailableReason;
    private volatile Instant unavailableSince;
    private Connection connection;

    DatabaseAvailability(final DataSource dataSource, final ObjectProvider<EmbeddedPostgresServer> embeddedPostgresServer,
                         final DatabaseCheckProperties checkProperties) throws SQLException {
        this.dataSource = dataSource.unwrap(HikariDataSource.class);
        this.embeddedPostgresServer = embeddedPostgresServer.getIfAvailable();
        this.checkProperties = checkProperties;
    }

    @Override
    public void afterPropertiesSet() {
        if (embeddedPostgresServer != null) {
            embeddedPostgresServer.addStateListener(() -> checks.execute(this::check));
        }
        checks.scheduleWithFixedDelay(this::check, 0, checkProperties.interval().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void destroy() {
        checks.shutdownNow();
        closeConnection();
    }

    public boolean isAvailable() {
        return unavailableReason == null;
    }

    /** Why the database is unavailable, or empty while it answers. */
    public Optional<String> unavailableReason() {
        return Optional.ofNullable(unavailableReason);
    }

    @Override
    public Health health() {
        final String reason = unavailableReason;
        return reason == null ? Health.up().withDetail("database", "PostgreSQL").build()
            : Health.down().withDetail("reason", reason).withDetail("since", String.valueOf(unavailableSince)).build();
    }

    /** Runs on the check thread only. */
    void check() {
        final String embeddedOutage = embeddedPostgresServer == null ? null
            : embeddedPostgresServer.outage().orElse(null);
        final String failure = embeddedOutage != null ? embeddedOutage : query();
        if (failure == null && unavailableReason != null) {
            LOGGER.info("The database answers again, {} ms after it stopped answering",
                Instant.now().toEpochMilli() - unavailableSince.toEpochMilli());
            unavailableReason = null;
            evictPooledConnections();
        } else if (failure != null && unavailableReason == null) {
            LOGGER.error("The database does not answer: {}; requests are answered 503 until it does", failure);
            unavailableSince = Instant.now();
            unavailableReason = failure;
            evictPooledConnections();
        } else if (failure != null) {
            unavailableReason = failure;
        }
    }

    private String query() {
        try {
            if (connection == null) {
                connection = DriverManager.getConnection(dataSource.getJdbcUrl(), connectionProperties());
            }
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(timeoutSeconds());
                statement.execute("SELECT 1");
            }
            return null;
        } catch (final SQLException queryFailure) {
            closeConnection();
            return "the database does not answer: " + queryFailure.getMessage();
        }
    }

    /** The pool's own settings (SSL and the like), with timeouts short enough to tell an outage quickly. */
    private Properties connectionProperties() {
        final Properties properties = new Properties();
        properties.putAll(dataSource.getDataSourceProperties());
        if (dataSource.getUsername() != null) {
            properties.setProperty("user", dataSource.getUsername());
        }
        if (dataSource.getPassword() != null) {
            properties.setProperty("password", dataSource.getPassword());
        }
        final String timeout = String.valueOf(timeoutSeconds());
        properties.setProperty("connectTimeout", timeout);
        properties.setProperty("socketTimeout", timeout);
        properties.setProperty("loginTimeout", timeout);
        properties.setProperty("ApplicationName", "cps-ng database check");
        return properties;
    }

    private int timeoutSeconds() {
        return (int) Math.max(1, checkProperties.timeout().toSeconds());
    }

    /** Connections of the pool that the outage broke are replaced instead of failing a request each. */
    private void evictPooledConnections() {
        final HikariPoolMXBean pool = dataSource.getHikariPoolMXBean();
        if (pool != null) {
            pool.softEvictConnections();
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (final SQLException alreadyBroken) {
                // nothing to release
            }
            connection = null;
        }
    }
}
