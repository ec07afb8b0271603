package io.cpsng.config;

import io.cpsng.rest.error.ErrorMessage;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * A token that could not be checked because the identity provider's keys could not be read (its key set URL down,
 * slow or answering something else) is a 503 in the JSON error shape, logged in one line: Spring Security throws it
 * on, and each such request was a 500 with some 50 lines of stack trace. The token is not refused, nor let through.
 */
class TokenKeysUnavailableFilter extends OncePerRequestFilter {

    private static final Logger LOGGER = LoggerFactory.getLogger(TokenKeysUnavailableFilter.class);
    private static final JsonMapper JSON = JsonMapper.shared();

    @Override
    protected void doFilterInternal(final HttpServletRequest request, final HttpServletResponse response,
                                    final FilterChain filterChain) throws ServletException, IOException {
        try {
            filterChain.doFilter(request, response);
        } catch (final AuthenticationServiceException keysUnavailable) {
            LOGGER.warn("A bearer token could not be checked: {}", keysUnavailable.getMessage());
            if (response.isCommitted()) {
                throw keysUnavailable;
            }
            response.resetBuffer();
            response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            JSON.writeValue(response.getOutputStream(), ErrorMessage.of(HttpStatus.SERVICE_UNAVAILABLE,
                "Service Unavailable", "The bearer token could not be checked: the identity provider's keys could not"
                    + " be read. Try again later."));
        }
    }
}
