package io.cpsng.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Where the demo's embedded PostgreSQL keeps its data, so that a restart keeps it too. */
@ConfigurationProperties("cps.embedded-postgres")
public record EmbeddedPostgresProperties(@DefaultValue("data/postgres") String dataDirectory) {
}
