package io.cpsng.config;

import io.cpsng.rest.ServedParametersInterceptor;
import java.util.Locale;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

/**
 * How every endpoint takes its input: only the query parameters it serves, each once, flags as true or false, and
 * JSON values of the type its fields have.
 */
@Configuration(proxyBeanMethods = false)
class WebMvcConfig implements WebMvcConfigurer {

    /** Jackson would read {"name": 5} as the name "5", and a list of numbers as a list of names. */
    @Bean
    JsonMapperBuilderCustomizer textOnlyFromJsonStrings() {
        return builder -> builder.withCoercionConfig(LogicalType.Textual, coercion -> coercion
            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }

    @Override
    public void addInterceptors(final InterceptorRegistry registry) {
        registry.addInterceptor(new ServedParametersInterceptor());
    }

    /** Spring would also take yes, on and 1 for true (docs/api.md promises 400 for anything but a boolean). */
    @Override
    public void addFormatters(final FormatterRegistry registry) {
        registry.addConverter(String.class, Boolean.class, new StrictBooleanConverter());
    }

    private static final class StrictBooleanConverter implements Converter<String, Boolean> {

        @Override
        public Boolean convert(final String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                case "" -> null;
                default -> throw new IllegalArgumentException("'" + text + "' is not a boolean (true or false)");
            };
        }
    }
}
