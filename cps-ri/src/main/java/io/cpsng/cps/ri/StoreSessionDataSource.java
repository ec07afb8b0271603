package io.cpsng.cps.ri;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The application's connections, each handed out with the session its work needs: a data service's transaction
 * gets generic plans and the statement timeout (ADR 0019), everything else PostgreSQL's defaults (ADR 0025). The
 * settings are sent only when a connection last served the other kind of work: a thread mostly gets its last
 * connection back from the pool, so a run of single-entry reads or writes sends none, where a {@code SET LOCAL} at
 * every begin was a round trip of its own, a third of a single-entry read's time. A data service's method that
 * runs without a transaction (a read of one statement) gets the data session too: its scope bears its name.
 */
class StoreSessionDataSource extends DelegatingDataSource {

    // asked for by StoreTransactionManager while it begins a data service's transaction; nothing else asks
    private static final ThreadLocal<Boolean> DATA_SESSION_REQUESTED = new ThreadLocal<>();
    private static final String DEFAULT_SESSION = "SET plan_cache_mode TO DEFAULT; SET statement_timeout TO DEFAULT";

    private final Supplier<StoreStatementProperties> storeStatementProperties;
    // the physical connections last set to the data session; weak keys: the pool closes and replaces connections
    private final Map<Object, Boolean> inDataSession = Collections.synchronizedMap(new WeakHashMap<>());

    StoreSessionDataSource(final DataSource pool, final Supplier<StoreStatementProperties> storeStatementProperties) {
        super(pool);
        this.storeStatementProperties = storeStatementProperties;
    }

    /** Takes a connection for a data service's transaction: what the action takes has the data session. */
    static void withDataSessionRequested(final Runnable action) {
        DATA_SESSION_REQUESTED.set(Boolean.TRUE);
        try {
            action.run();
        } finally {
            DATA_SESSION_REQUESTED.remove();
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        return withSession(super.getConnection());
    }

    @Override
    public Connection getConnection(final String username, final String password) throws SQLException {
        return withSession(super.getConnection(username, password));
    }

    private Connection withSession(final Connection connection) throws SQLException {
        final boolean dataSessionRequested = DATA_SESSION_REQUESTED.get() != null
            || StoreTransactionManager.isDataWork(TransactionSynchronizationManager.getCurrentTransactionName());
        final Object physicalConnection = physicalConnectionOf(connection);
        // outside auto-commit the settings would go with a rollback: such a connection's session is never known
        final boolean autoCommit = connection.getAutoCommit();
        if (autoCommit && inDataSession.getOrDefault(physicalConnection, Boolean.FALSE) == dataSessionRequested) {
            return connection;
        }
        try (Statement statement = connection.createStatement()) {
            inDataSession.remove(physicalConnection);
            statement.execute(dataSessionRequested ? dataSession() : DEFAULT_SESSION);
            if (autoCommit && dataSessionRequested) {
                inDataSession.put(physicalConnection, Boolean.TRUE);
            }
        } catch (final SQLException | RuntimeException failed) {
            connection.close();
            throw failed;
        }
        return connection;
    }

    private String dataSession() {
        return "SET plan_cache_mode = force_generic_plan; SET statement_timeout = '"
            + storeStatementProperties.get().statementTimeout().toMillis() + "ms'";
    }

    /** The driver's connection under the pool's proxy, which is a new object at each hand-out. */
    private static Object physicalConnectionOf(final Connection connection) throws SQLException {
        return connection.isWrapperFor(PGConnection.class) ? connection.unwrap(PGConnection.class) : connection;
    }
}
