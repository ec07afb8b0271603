package io.cpsng.database;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the service watches its database (embedded or not): a query this often, failing after the timeout.
 * Health says DOWN, and requests answer 503, at most about interval + timeout after the database went away.
 */
@ConfigurationProperties("cps.database.check")
public record DatabaseCheckProperties(@DefaultValue("500ms") Duration interval,
                                      @DefaultValue("1s") Duration timeout) {
}
