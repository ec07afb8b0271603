package io.cpsng.config;

import io.micrometer.core.aop.TimedAspect;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Makes @Timed on the store's services record a timer per operation (tags class and method). */
@Configuration(proxyBeanMethods = false)
class MetricsConfig {

    @Bean
    TimedAspect timedAspect(final MeterRegistry meterRegistry) {
        return new TimedAspect(meterRegistry);
    }
}
