package io.cpsng.config;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * Whether clients authenticate with bearer tokens (JWT) instead of HTTP Basic: when an issuer or a JWK set is
 * configured, the two settings from which Spring Boot makes the JwtDecoder. Without either it makes none, and no
 * call to an issuer is ever made.
 */
final class BearerTokens {

    static final String ISSUER_URI = "spring.security.oauth2.resourceserver.jwt.issuer-uri";
    static final String JWK_SET_URI = "spring.security.oauth2.resourceserver.jwt.jwk-set-uri";

    private BearerTokens() {
    }

    static boolean areConfigured(final PropertyResolver properties) {
        return StringUtils.hasText(properties.getProperty(ISSUER_URI))
            || StringUtils.hasText(properties.getProperty(JWK_SET_URI));
    }

    /** Matches when bearer tokens are not configured: the basic user exists only then. */
    static final class NotConfigured implements Condition {

        @Override
        public boolean matches(final ConditionContext context, final AnnotatedTypeMetadata metadata) {
            return !areConfigured(context.getEnvironment());
        }
    }
}
