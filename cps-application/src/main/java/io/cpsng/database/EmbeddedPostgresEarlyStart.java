package io.cpsng.database;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Starts the embedded PostgreSQL on its own thread when the context begins to refresh, so that initdb and
 * the server start (about 1.3 s) run while Spring parses the configuration and creates the web server,
 * instead of before the first query. Only the application's main method registers it; in any other
 * context (specs) {@link EmbeddedPostgresConfig} starts the database itself when it needs one, and waits
 * for this start otherwise. If the context fails before taking it over, the database stops with the JVM
 * (the server's shutdown hook).
 */
public class EmbeddedPostgresEarlyStart implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(final ConfigurableApplicationContext context) {
        // registry post-processors added here run first in refresh, before the configuration classes are parsed
        context.addBeanFactoryPostProcessor(new StartOnRefresh(context));
    }

    /** The database being started, for the one bean that owns it. */
    public static final class StartingPostgres {

        private final CompletableFuture<EmbeddedPostgresServer> started;

        private StartingPostgres(final CompletableFuture<EmbeddedPostgresServer> started) {
            this.started = started;
        }

        EmbeddedPostgresServer awaitStarted() {
            try {
                return started.join();
            } catch (final CompletionException startFailure) {
                throw startFailure.getCause() instanceof RuntimeException cause ? cause : startFailure;
            }
        }
    }

    private record StartOnRefresh(ConfigurableApplicationContext context) implements BeanDefinitionRegistryPostProcessor {

        @Override
        public void postProcessBeanDefinitionRegistry(final BeanDefinitionRegistry registry) {
            final Environment environment = context.getEnvironment();
            if (!environment.getProperty("spring.datasource.url", "").isEmpty()) {
                return;
            }
            final EmbeddedPostgresProperties properties = Binder.get(environment)
                .bindOrCreate("cps.embedded-postgres", EmbeddedPostgresProperties.class);
            final CompletableFuture<EmbeddedPostgresServer> started = CompletableFuture.supplyAsync(
                () -> EmbeddedPostgresServer.start(properties),
                startTask -> Thread.ofPlatform().name("embedded-postgres-start").daemon().start(startTask));
            context.getBeanFactory().registerSingleton("startingPostgres", new StartingPostgres(started));
        }
    }
}
