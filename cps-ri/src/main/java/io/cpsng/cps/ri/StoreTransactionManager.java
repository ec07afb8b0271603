package io.cpsng.cps.ri;

import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionDefinition;

/**
 * The application's transaction manager: a transaction begun by the store's data services runs with generic plans
 * (ADR 0019) and the statement timeout, every other one with PostgreSQL's defaults. The data's single-entry
 * statements spent most of their time being planned again at each execution, and their generic plans were read to
 * probe indexes whatever the values (ADR 0018). NCMP's statements need their parameters' values (a {@code LIMIT ?}
 * estimated at a tenth of the table). The connection comes with its session set (StoreSessionDataSource, ADR 0025).
 */
@Component
public class StoreTransactionManager extends JdbcTransactionManager {

    /**
     * The classes whose transactions run the data's statements: a transaction's name is its class and method. The
     * services named, not imported: the store's implementation does not depend on its services.
     */
    public static final List<String> DATA_SERVICES = List.of("io.cpsng.cps.impl.DataService",
        "io.cpsng.cps.impl.QueryService", FragmentReader.class.getName());

    public StoreTransactionManager(final DataSource dataSource) {
        super(dataSource);
    }

    @Override
    protected void doBegin(final Object transaction, final TransactionDefinition definition) {
        if (isDataWork(definition.getName())) {
            StoreSessionDataSource.withDataSessionRequested(() -> super.doBegin(transaction, definition));
        } else {
            super.doBegin(transaction, definition);
        }
    }

    /** Whether a transaction of the name, or a data service's method's scope without one, runs the data's work. */
    static boolean isDataWork(final String name) {
        return name != null && DATA_SERVICES.stream().anyMatch(service -> name.startsWith(service + "."));
    }
}
