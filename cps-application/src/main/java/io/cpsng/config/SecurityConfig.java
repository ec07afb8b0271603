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
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
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
        // stateless: no session to log out of, no request to save for after a login page; each filter left out is
        // work saved on every request (a write data job's median fell by ~0.3 ms)
        http.csrf(csrf -> csrf.disable())
            .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
            .requestCache(cache -> cache.disable())
            .logout(logout -> logout.disable());
        if (!authProperties.enabled()) {
            LOGGER.warn("Authentication is off (security.auth.enabled=false): every endpoint is open");
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll()).build();
        }
        return http
            .authorizeHttpRequests(requests -> requests
                .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
                .requestMatchers("/cps/api/**", "/ncmp/**", "/ncmpInventory/**", "/do-not-use/**", "/ProvMnS/**", "/actuator/**").authenticated()
                .anyRequest().permitAll())
            .httpBasic(basic -> basic.authenticationEntryPoint(jsonUnauthorized()))
            .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(jsonUnauthorized()))
            .build();
    }

    /**
     * Alternate ids are free text, often paths: a handle's id arrives URL-encoded with slashes, semicolons,
     * percent signs or dots in it, and must be readable back. What the firewall still refuses is answered in
     * the JSON error shape.
     */
    @Bean
    WebSecurityCustomizer firewallForAlternateIds() {
        final StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowUrlEncodedSlash(true);
        firewall.setAllowUrlEncodedDoubleSlash(true);
        firewall.setAllowSemicolon(true);
        firewall.setAllowUrlEncodedPercent(true);
        firewall.setAllowUrlEncodedPeriod(true);
        firewall.setAllowBackSlash(true);
        return web -> web.httpFirewall(firewall).requestRejectedHandler(jsonRequestRejected());
    }

    /** The configured password checked by digest: see {@link ConfiguredPasswordEncoder} for why not bcrypt. */
    @Bean
    PasswordEncoder passwordEncoder() {
        return new ConfiguredPasswordEncoder();
    }

    @Bean
    UserDetailsService userDetailsService(final AuthProperties authProperties, final PasswordEncoder passwordEncoder) {
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

    private static RequestRejectedHandler jsonRequestRejected() {
        return (request, response, requestRejectedException) -> response.sendError(HttpStatus.BAD_REQUEST.value(),
            "The URL was refused: " + requestRejectedException.getMessage());
    }

    private static String generatedPassword() {
        final byte[] randomBytes = new byte[12];
        new SecureRandom().nextBytes(randomBytes);
        return HexFormat.of().formatHex(randomBytes);
    }
}
