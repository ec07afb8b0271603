package io.cpsng.database;

import com.zaxxer.hikari.HikariDataSource;
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
    EmbeddedPostgresServer embeddedPostgresServer(final EmbeddedPostgresProperties embeddedPostgresProperties,
                                      final ObjectProvider<EmbeddedPostgresEarlyStart.StartingPostgres> startingPostgres) {
        final EmbeddedPostgresEarlyStart.StartingPostgres startedEarly = startingPostgres.getIfAvailable();
        return startedEarly != null ? startedEarly.awaitStarted()
            : EmbeddedPostgresServer.start(embeddedPostgresProperties);
    }

    @Bean
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(final EmbeddedPostgresServer embeddedPostgresServer) {
        final HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(embeddedPostgresServer.jdbcUrl());
        dataSource.setUsername(embeddedPostgresServer.username());
        return dataSource;
    }
}
