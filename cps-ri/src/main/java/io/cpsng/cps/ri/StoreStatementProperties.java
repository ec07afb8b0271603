package io.cpsng.cps.ri;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long one statement of the data services may run.
 *
 * @param statementTimeout the longest a statement of a data read, write or cps-path query may run before PostgreSQL
 *                         stops it (the request then answers 422, nothing written): a query of 500 OR conditions
 *                         over a large anchor ran for minutes, holding a core and its connection after its client
 *                         had given up
 */
@ConfigurationProperties("cps.store")
public record StoreStatementProperties(@DefaultValue("60s") Duration statementTimeout) {

    public StoreStatementProperties {
        if (statementTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("cps.store.statement-timeout must be at least 1ms");
        }
    }
}
