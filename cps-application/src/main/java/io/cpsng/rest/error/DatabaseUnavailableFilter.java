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
 * waiting on a pool that cannot give a connection; 507 while it cannot start again because its disk is full.
 * Health, metrics and the API documentation are served as usual.
 */
public class DatabaseUnavailableFilter extends OncePerRequestFilter {

    static final String RETRY_AFTER_SECONDS = "1";
    /** The operating system's words for a full disk (ENOSPC), as PostgreSQL reports them. */
    private static final String NO_SPACE_LEFT = "No space left on device";

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
        // the server cannot start again for want of space (its WAL filled the disk): the client is told so, as
        // when a write fails on a full disk (507), not that the database is merely away
        final boolean diskFull = unavailableReason.get().contains(NO_SPACE_LEFT);
        final HttpStatus status = diskFull ? HttpStatus.INSUFFICIENT_STORAGE : HttpStatus.SERVICE_UNAVAILABLE;
        response.setStatus(status.value());
        response.setHeader("Retry-After", RETRY_AFTER_SECONDS);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        JSON.writeValue(response.getOutputStream(), ErrorMessage.of(status,
            diskFull ? "The database's disk is full" : "The database is unavailable", unavailableReason.get()));
    }
}
