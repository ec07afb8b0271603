package io.cpsng.database;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The embedded PostgreSQL, used when no spring.datasource.url is set.
 *
 * @param dataDirectory   where it keeps its data, so that a restart keeps it too
 * @param port            its port on 127.0.0.1; 0 takes a free one at start (and keeps it for restarts)
 * @param durable         fsync and synchronous_commit on: an answered write survives a power loss. Tests and
 *                        benchmarks turn it off, never the product
 * @param startTimeout    how long a start (with crash recovery) may take
 * @param restartDelay    the first wait before starting it again when it stopped; doubled on each failed attempt
 * @param restartDelayCap the longest wait between two attempts (the delay to notice a freed disk, say)
 * @param sharedBuffers   PostgreSQL's own cache (docs/operations.md "Sizing": 2GB for 1,000,000 handles)
 */
@ConfigurationProperties("cps.embedded-postgres")
public record EmbeddedPostgresProperties(@DefaultValue("data/postgres") String dataDirectory,
                                         @DefaultValue("0") int port,
                                         @DefaultValue("true") boolean durable,
                                         @DefaultValue("5m") Duration startTimeout,
                                         @DefaultValue("1s") Duration restartDelay,
                                         @DefaultValue("10s") Duration restartDelayCap,
                                         @DefaultValue("256MB") String sharedBuffers) {

    /** The product's settings on the folder given. */
    public static EmbeddedPostgresProperties durableIn(final String dataDirectory) {
        return new EmbeddedPostgresProperties(dataDirectory, 0, true, Duration.ofMinutes(5), Duration.ofSeconds(1),
            Duration.ofSeconds(10), "256MB");
    }

    /** The same, without fsync: for test and benchmark databases, which no one needs after a crash. */
    public EmbeddedPostgresProperties notDurable() {
        return new EmbeddedPostgresProperties(dataDirectory, port, false, startTimeout, restartDelay, restartDelayCap,
            sharedBuffers);
    }

    /** The same with another size of PostgreSQL's cache. */
    public EmbeddedPostgresProperties withSharedBuffers(final String size) {
        return new EmbeddedPostgresProperties(dataDirectory, port, durable, startTimeout, restartDelay, restartDelayCap,
            size);
    }
}
