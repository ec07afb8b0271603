package io.cpsng;

import io.cpsng.database.EmbeddedPostgresEarlyStart;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class Application {

    public static void main(final String[] args) {
        final SpringApplication application = new SpringApplication(Application.class);
        // here and not in spring.factories: test contexts and slices must never start a database of their own
        application.addInitializers(new EmbeddedPostgresEarlyStart());
        application.run(args);
    }
}
