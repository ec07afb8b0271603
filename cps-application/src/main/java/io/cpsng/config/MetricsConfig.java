package io.cpsng.config;

import io.micrometer.core.annotation.Timed;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.aop.Advisor;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;

/**
 * Makes @Timed on the store's services record a timer per operation (tags class, method and exception, as
 * micrometer's TimedAspect names them). Matched by the class's annotation, not by TimedAspect's AspectJ pointcut:
 * parsing and matching that against every bean's methods was a tenth of the main thread's start-up.
 */
@Configuration(proxyBeanMethods = false)
class MetricsConfig {

    // static, and the registry looked up at the first call: advisors are created before other beans, and the
    // registry made that early would miss the post-processors that bind its meters; infrastructure, as the
    // transactions' advisor is: without AspectJ the proxy creator applies only those
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor timedOperations(final ObjectProvider<MeterRegistry> meterRegistry) {
        return new DefaultPointcutAdvisor(new AnnotationMatchingPointcut(Timed.class, true),
            new TimedOperations(meterRegistry));
    }
}
