package io.cpsng.management;

import io.cpsng.ncmp.api.NcmpModuleSyncService;
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

    @ReadOperation(produces = TraceCsv.MEDIA_TYPE)
    String trace(@Nullable final Long since) {
        final Instant sinceInstant = since == null ? Instant.EPOCH : Instant.ofEpochMilli(since);
        return TraceCsv.format(ncmpModuleSyncService.trace(sinceInstant));
    }
}
