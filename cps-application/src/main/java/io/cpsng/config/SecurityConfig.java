package io.cpsng.config;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * HTTP Basic on the REST API and the actuator, except health and info, which probes and load
 * balancers call without credentials. Stateless: no session, no CSRF token (no browser forms).
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

    private static final Logger LOGGER = LoggerFactory.getLogger(SecurityConfig.class);
    private static final String UNAUTHORIZED_BODY = "{\"status\":\"401 UNAUTHORIZED\",\"message\":\"Unauthorized\","
        + "\"details\":\"This endpoint needs HTTP Basic credentials.\"}";

    @Bean
    SecurityFilterChain securityFilterChain(final HttpSecurity http, final AuthProperties authProperties)
        throws Exception {
        http.csrf(csrf -> csrf.disable())
            .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
        if (!authProperties.enabled()) {
            LOGGER.warn("Authentication is off (security.auth.enabled=false): every endpoint is open");
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll()).build();
        }
        return http
            .authorizeHttpRequests(requests -> requests
                .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
                .requestMatchers("/cps/api/**", "/ncmp/**", "/ncmpInventory/**", "/actuator/**").authenticated()
                .anyRequest().permitAll())
            .httpBasic(basic -> basic.authenticationEntryPoint(jsonUnauthorized()))
            .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(jsonUnauthorized()))
            .build();
    }

    /** Alternate ids are often paths: a handle's id may arrive URL-encoded with slashes in it. */
    @Bean
    WebSecurityCustomizer encodedSlashesAllowed() {
        final StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowUrlEncodedSlash(true);
        firewall.setAllowUrlEncodedDoubleSlash(true);
        return web -> web.httpFirewall(firewall);
    }

    @Bean
    UserDetailsService userDetailsService(final AuthProperties authProperties) {
        final PasswordEncoder passwordEncoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        String password = authProperties.password();
        if (authProperties.enabled() && password.isEmpty()) {
            password = generatedPassword();
            LOGGER.warn("No security.auth.password configured: user '{}' has the generated password {}",
                authProperties.username(), password);
        }
        return new InMemoryUserDetailsManager(User.withUsername(authProperties.username())
            .password(passwordEncoder.encode(password)).roles("USER").build());
    }

    /** The same JSON error shape as every other error, and never the credentials that were sent. */
    private static AuthenticationEntryPoint jsonUnauthorized() {
        return (request, response, authenticationException) -> {
            response.setStatus(HttpStatus.UNAUTHORIZED.value());
            response.setHeader("WWW-Authenticate", "Basic realm=\"cps-ng\"");
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.getOutputStream().write(UNAUTHORIZED_BODY.getBytes(StandardCharsets.UTF_8));
        };
    }

    private static String generatedPassword() {
        final byte[] randomBytes = new byte[12];
        new SecureRandom().nextBytes(randomBytes);
        return HexFormat.of().formatHex(randomBytes);
    }
}
