package io.cpsng.cps.ri;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import liquibase.integration.spring.SpringLiquibase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.stereotype.Component;

/**
 * Lets one instance at a time run the Liquibase migration. Instances starting together on an empty
 * database otherwise race inside Liquibase's own set-up (both create databasechangelog, or both take
 * the lock of a lock table that one of them is still creating) and one of them dies. The lock is a
 * PostgreSQL session-level advisory lock, held on a connection of its own from just before Liquibase
 * runs until just after: an instance that dies while migrating loses its session and with it the lock.
 */
@Component
class MigrationLock implements BeanPostProcessor, DisposableBean {

    private static final Logger LOGGER = LoggerFactory.getLogger(MigrationLock.class);

    // any fixed number, the same in every instance and used for nothing else: "cps-ng" in ASCII
    static final long MIGRATION_LOCK_KEY = 0x6370_732d_6e67L;

    private final Map<String, Connection> lockConnectionsByBean = new ConcurrentHashMap<>();

    @Override
    public Object postProcessBeforeInitialization(final Object bean, final String beanName) {
        if (bean instanceof SpringLiquibase springLiquibase) {
            lockConnectionsByBean.put(beanName, acquire(springLiquibase.getDataSource()));
        }
        return bean;
    }

    @Override
    public Object postProcessAfterInitialization(final Object bean, final String beanName) {
        final Connection lockConnection = lockConnectionsByBean.remove(beanName);
        if (lockConnection != null) {
            release(lockConnection);
        }
        return bean;
    }

    /** A migration that failed never reaches postProcessAfterInitialization: the closing context releases it. */
    @Override
    public void destroy() {
        lockConnectionsByBean.values().forEach(MigrationLock::release);
        lockConnectionsByBean.clear();
    }

    private static Connection acquire(final DataSource dataSource) {
        try {
            final Connection lockConnection = dataSource.getConnection();
            try {
                // the common case, a single instance or the first of several, costs one round trip
                if (!tryLock(lockConnection)) {
                    LOGGER.info("Another instance is migrating the database: waiting for it to finish");
                    lock(lockConnection);
                }
                return lockConnection;
            } catch (final SQLException | RuntimeException lockFailure) {
                lockConnection.close();
                throw lockFailure;
            }
        } catch (final SQLException lockFailure) {
            throw new DataAccessResourceFailureException("Could not take the migration lock", lockFailure);
        }
    }

    private static boolean tryLock(final Connection lockConnection) throws SQLException {
        try (Statement statement = lockConnection.createStatement();
             ResultSet result = statement.executeQuery("SELECT pg_try_advisory_lock(" + MIGRATION_LOCK_KEY + ")")) {
            return result.next() && result.getBoolean(1);
        }
    }

    private static void lock(final Connection lockConnection) throws SQLException {
        try (Statement statement = lockConnection.createStatement()) {
            statement.execute("SELECT pg_advisory_lock(" + MIGRATION_LOCK_KEY + ")");
        }
    }

    private static void release(final Connection lockConnection) {
        // closing alone would not do: a pooled connection keeps its session, and with it the lock
        try (lockConnection; Statement statement = lockConnection.createStatement()) {
            statement.execute("SELECT pg_advisory_unlock(" + MIGRATION_LOCK_KEY + ")");
        } catch (final SQLException releaseFailure) {
            LOGGER.warn("Could not release the migration lock; it ends with the connection's session", releaseFailure);
        }
    }
}
