package io.cpsng.config;

import io.cpsng.rest.error.ErrorMessage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.web.BearerTokenAuthenticationEntryPoint;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP Basic on the REST API and the actuator, except health and info, which probes and load balancers call
 * without credentials; bearer tokens (JWT) instead when an issuer or a JWK set is configured ({@link BearerTokens}).
 * Stateless: no session, no CSRF token (no browser forms).
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

    private static final Logger LOGGER = LoggerFactory.getLogger(SecurityConfig.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    @Bean
    SecurityFilterChain securityFilterChain(final HttpSecurity http, final AuthProperties authProperties,
                                            final Environment environment) throws Exception {
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
        http.authorizeHttpRequests(requests -> requests
            .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
            .requestMatchers("/cps/api/**", "/ncmp/**", "/ncmpInventory/**", "/do-not-use/**", "/ProvMnS/**", "/actuator/**").authenticated()
            .anyRequest().permitAll());
        if (BearerTokens.areConfigured(environment)) {
            // as the reference's 3.8.0: with tokens on, a token is the only way in. A shared password beside the
            // identity provider would outlive every token it revokes
            final AuthenticationEntryPoint bearerChallenge = jsonUnauthorized(new BearerTokenAuthenticationEntryPoint(),
                "This endpoint needs a bearer token.");
            return http
                .oauth2ResourceServer(resourceServer -> resourceServer.jwt(Customizer.withDefaults())
                    .authenticationEntryPoint(bearerChallenge))
                .addFilterBefore(new TokenKeysUnavailableFilter(), BearerTokenAuthenticationFilter.class)
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(bearerChallenge))
                .build();
        }
        final AuthenticationEntryPoint basicChallenge = jsonUnauthorized(SecurityConfig::challengeBasic,
            "This endpoint needs HTTP Basic credentials.");
        return http
            .httpBasic(basic -> basic.authenticationEntryPoint(basicChallenge))
            .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(basicChallenge))
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
    @Conditional(BearerTokens.NotConfigured.class)
    PasswordEncoder passwordEncoder() {
        return new ConfiguredPasswordEncoder();
    }

    /** The one basic user; with bearer tokens there is none, and no password is generated and logged. */
    @Bean
    @Conditional(BearerTokens.NotConfigured.class)
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

    /**
     * The challenge's status and WWW-Authenticate header with the same JSON error shape as every other error. It
     * never quotes the credentials that were sent; why a token was refused (expired, wrong issuer...) it does, as
     * RFC 6750's error_description in the header does.
     */
    private static AuthenticationEntryPoint jsonUnauthorized(final AuthenticationEntryPoint challenge,
                                                             final String whatItNeeds) {
        return (request, response, authenticationException) -> {
            challenge.commence(request, response, authenticationException);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            JSON.writeValue(response.getOutputStream(), ErrorMessage.of(HttpStatus.valueOf(response.getStatus()),
                "Unauthorized", detailsOf(authenticationException, whatItNeeds)));
        };
    }

    private static void challengeBasic(final HttpServletRequest request, final HttpServletResponse response,
                                       final AuthenticationException authenticationException) {
        response.setStatus(HttpStatus.UNAUTHORIZED.value());
        response.setHeader("WWW-Authenticate", "Basic realm=\"cps-ng\"");
    }

    private static String detailsOf(final AuthenticationException authenticationException, final String whatItNeeds) {
        if (authenticationException instanceof OAuth2AuthenticationException refused
            && refused.getError().getDescription() != null) {
            return "The bearer token was refused: " + refused.getError().getDescription();
        }
        return whatItNeeds;
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
