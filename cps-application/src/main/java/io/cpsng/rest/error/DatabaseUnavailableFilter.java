package io.cpsng.rest.error;

import io.cpsng.database.DatabaseAvailability;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * While the database does not answer, every API request is answered at once with 503 and the reason, instead of
 * waiting on a pool that cannot give a connection. Health, metrics and the API documentation are served as usual.
 */
public class DatabaseUnavailableFilter extends OncePerRequestFilter {

    static final String RETRY_AFTER_SECONDS = "1";

    private static final JsonMapper JSON = JsonMapper.shared();

    private final DatabaseAvailability databaseAvailability;

    public DatabaseUnavailableFilter(final DatabaseAvailability databaseAvailability) {
        this.databaseAvailability = databaseAvailability;
    }

    @Override
    protected void doFilterInternal(final HttpServletRequest request, final HttpServletResponse response,
                                    final FilterChain filterChain) throws ServletException, IOException {
        final Optional<String> unavailableReason = databaseAvailability.unavailableReason();
        if (unavailableReason.isEmpty()) {
            filterChain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
        response.setHeader("Retry-After", RETRY_AFTER_SECONDS);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        JSON.writeValue(response.getOutputStream(), ErrorMessage.of(HttpStatus.SERVICE_UNAVAILABLE,
            "The database is unavailable", unavailableReason.get()));
    }
}
