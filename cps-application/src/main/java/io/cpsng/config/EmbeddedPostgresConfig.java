package io.cpsng.config;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without a configured spring.datasource.url the service brings its own PostgreSQL, so the demo
 * needs nothing but a JDK. With a URL configured, nothing here starts.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.datasource.url:}'.isEmpty()")
class EmbeddedPostgresConfig {

    /** The database started early by {@link EmbeddedPostgresEarlyStart}, or started here without it. */
    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(final EmbeddedPostgresProperties embeddedPostgresProperties,
                                      final ObjectProvider<EmbeddedPostgresEarlyStart.StartingPostgres> startingPostgres) {
        final EmbeddedPostgresEarlyStart.StartingPostgres startedEarly = startingPostgres.getIfAvailable();
        return startedEarly != null ? startedEarly.awaitStarted()
            : EmbeddedPostgresLauncher.start(Path.of(embeddedPostgresProperties.dataDirectory()));
    }

    @Bean
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(final EmbeddedPostgres embeddedPostgres) {
        final HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(embeddedPostgres.getJdbcUrl("postgres", "postgres"));
        dataSource.setUsername("postgres");
        return dataSource;
    }
}
