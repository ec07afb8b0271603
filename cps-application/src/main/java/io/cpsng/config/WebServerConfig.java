package io.cpsng.config;

import io.cpsng.database.DatabaseAvailability;
import io.cpsng.rest.error.ContainerErrorValve;
import io.cpsng.rest.error.DatabaseUnavailableFilter;
import io.cpsng.rest.error.RequestTextFilter;
import io.cpsng.rest.error.RequestBodyLimitFilter;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * What the embedded Tomcat does before the application sees a request: keep %2F and %5C in paths (alternate
 * ids are FDNs full of slashes), answer its own errors in JSON, bound request bodies, and refuse API requests
 * at once while the database is away.
 */
@Configuration(proxyBeanMethods = false)
class WebServerConfig {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> tomcatForAlternateIdsAndJsonErrors() {
        return new TomcatCustomizer();
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(final HttpLimitsProperties httpLimits) {
        final FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(
            new RequestBodyLimitFilter(httpLimits.maxRequestBodySize(), "cps.http.max-request-body-size"));
        // before security and everything else, so an oversized body is refused before any work is done
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    @Bean
    FilterRegistrationBean<RequestTextFilter> requestTextFilter() {
        final FilterRegistrationBean<RequestTextFilter> registration = new FilterRegistrationBean<>(
            new RequestTextFilter());
        // right after the body limit: text the database cannot store is refused before any work
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }

    @Bean
    FilterRegistrationBean<DatabaseUnavailableFilter> databaseUnavailableFilter(
        final DatabaseAvailability databaseAvailability) {
        final FilterRegistrationBean<DatabaseUnavailableFilter> registration = new FilterRegistrationBean<>(
            new DatabaseUnavailableFilter(databaseAvailability));
        registration.addUrlPatterns("/cps/api/*", "/ncmp/*", "/ncmpInventory/*", "/do-not-use/*", "/ProvMnS/*");
        // after security (the default order): the reason is for clients with credentials only
        return registration;
    }

    /** Runs after Spring Boot's own customizer, which adds a plain ErrorReportValve that this one replaces. */
    private static final class TomcatCustomizer
        implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

        @Override
        public void customize(final TomcatServletWebServerFactory factory) {
            factory.addConnectorCustomizers(connector -> {
                connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue());
                connector.setEncodedReverseSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue());
            });
            factory.addContextCustomizers(context -> {
                if (context.getParent() instanceof StandardHost host) {
                    for (final Valve valve : host.getPipeline().getValves()) {
                        if (valve instanceof ErrorReportValve) {
                            host.getPipeline().removeValve(valve);
                        }
                    }
                    host.setErrorReportValveClass(ContainerErrorValve.class.getName());
                }
            });
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE;
        }
    }
}
