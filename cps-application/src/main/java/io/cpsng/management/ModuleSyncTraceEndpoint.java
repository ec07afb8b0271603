package io.cpsng.management;

import io.cpsng.ncmp.api.NcmpModuleSyncService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * /actuator/modulesynctrace?since=(epoch milliseconds): this instance's module-sync trace as CSV, every row
 * whose phase ended at or after since (all rows without it), oldest first.
 */
@Component
@Endpoint(id = "modulesynctrace")
class ModuleSyncTraceEndpoint {

    private final NcmpModuleSyncService ncmpModuleSyncService;

    ModuleSyncTraceEndpoint(final NcmpModuleSyncService ncmpModuleSyncService) {
        this.ncmpModuleSyncService = ncmpModuleSyncService;
    }

    /** Takes since as text, as {@link ModuleSyncEndpoint} takes the parallelism: a refusal says what was wrong. */
    @ReadOperation(produces = TraceCsv.MEDIA_TYPE)
    String trace(@Nullable final String since) {
        return TraceCsv.format(ncmpModuleSyncService.trace(since == null ? Instant.EPOCH : epochMillis(since)));
    }

    private static Instant epochMillis(final String since) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(since.trim()));
        } catch (final NumberFormatException notANumber) {
            throw new InvalidInputException("Invalid since",
                "since must be milliseconds since the epoch, was " + since);
        }
    }
}
