package io.cpsng.rest.error;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a query parameter holding a NUL character (%00) with 400 naming it, before any work: PostgreSQL stores
 * no NUL in text, and an xpath, a name or an id reaching it would fail as a 500. (The container already refuses a
 * NUL in the path.) The query string is decoded here rather than through getParameter, which would read a
 * multipart body.
 */
public class NulCharacterFilter extends OncePerRequestFilter {

    private static final char NUL = '\u0000';

    @Override
    protected void doFilterInternal(final HttpServletRequest request, final HttpServletResponse response,
                                    final FilterChain filterChain) throws ServletException, IOException {
        final String parameterWithNul = parameterWithNul(request.getQueryString());
        if (parameterWithNul != null) {
            response.sendError(HttpStatus.BAD_REQUEST.value(), "Parameter " + parameterWithNul
                + " holds a NUL character (%00), which cannot be stored");
            return;
        }
        filterChain.doFilter(request, response);
    }

    private static String parameterWithNul(final String queryString) {
        if (queryString == null || !queryString.contains("%00")) {
            return null;
        }
        for (final String parameter : queryString.split("&")) {
            final int equals = parameter.indexOf('=');
            final String name = decoded(equals < 0 ? parameter : parameter.substring(0, equals));
            if (decoded(parameter).indexOf(NUL) >= 0) {
                return name.replace(NUL, '?');
            }
        }
        return null;
    }

    /** A broken escape is left for the container to refuse: it answers 400 for it itself. */
    private static String decoded(final String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (final IllegalArgumentException brokenEscape) {
            return text;
        }
    }
}
