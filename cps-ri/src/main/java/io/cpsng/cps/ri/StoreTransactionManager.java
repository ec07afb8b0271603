package io.cpsng.cps.ri;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionDefinition;

/**
 * The application's transaction manager: a transaction begun by the store's data services is planned with generic
 * plans (ADR 0019), every other one with PostgreSQL's default. The data's single-entry statements spent most of
 * their time being planned again at each execution, and their generic plans were read to probe indexes whatever the
 * values (ADR 0018). NCMP's statements need their parameters' values (a {@code LIMIT ?} estimated at a tenth of the
 * table), so the mode is set per transaction ({@code SET LOCAL}, undone at its end), not per connection. The data
 * services' statements are bounded by cps.store.statement-timeout the same way.
 */
@Component
@EnableConfigurationProperties(StoreStatementProperties.class)
public class StoreTransactionManager extends JdbcTransactionManager {

    /**
     * The services whose transactions run the data's statements: a transaction's name is its class and method.
     * Named, not imported: the store's implementation does not depend on its services.
     */
    public static final List<String> DATA_SERVICES = List.of("io.cpsng.cps.impl.DataService",
        "io.cpsng.cps.impl.QueryService");

    // the settings of a data transaction, in one statement: generic plans and the statement timeout
    private final String setDataSettings;

    public StoreTransactionManager(final DataSource dataSource,
                                   final StoreStatementProperties storeStatementProperties) {
        super(dataSource);
        this.setDataSettings = "SELECT set_config('plan_cache_mode', 'force_generic_plan', true), "
            + "set_config('statement_timeout', '" + storeStatementProperties.statementTimeout().toMillis()
            + "ms', true)";
    }

    @Override
    protected void prepareTransactionalConnection(final Connection connection, final TransactionDefinition definition)
            throws SQLException {
        super.prepareTransactionalConnection(connection, definition);
        if (isBegunByADataService(definition)) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(setDataSettings);
            }
        }
    }

    private static boolean isBegunByADataService(final TransactionDefinition definition) {
        final String name = definition.getName();
        return name != null && DATA_SERVICES.stream().anyMatch(service -> name.startsWith(service + "."));
    }
}
