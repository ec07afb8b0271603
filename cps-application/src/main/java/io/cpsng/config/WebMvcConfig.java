package io.cpsng.config;

import io.cpsng.rest.ServedParametersInterceptor;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** How every endpoint takes its query parameters: only those it serves, each once. */
@Configuration(proxyBeanMethods = false)
class WebMvcConfig implements WebMvcConfigurer {

    @Override
    public void addInterceptors(final InterceptorRegistry registry) {
        registry.addInterceptor(new ServedParametersInterceptor());
    }
}
