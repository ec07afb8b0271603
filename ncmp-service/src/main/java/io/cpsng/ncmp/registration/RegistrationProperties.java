package io.cpsng.ncmp.registration;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Bounds on one registration request, so that no single request can run the heap out: it is held in memory
 * and written in one transaction.
 *
 * @param maxHandlesPerRequest   created, updated, removed and upgraded handles of one request, added up
 * @param maxPropertyValueLength characters of one property value, private or public, and of an alternate id
 * @param deletionRetryAfter     how long a removed handle stays DELETING after its delete failed before it is
 *                               deleted again (longer than any removal request takes)
 */
@ConfigurationProperties("ncmp.registration")
public record RegistrationProperties(@DefaultValue("50000") int maxHandlesPerRequest,
                                     @DefaultValue("4096") int maxPropertyValueLength,
                                     @DefaultValue("30s") Duration deletionRetryAfter) {

    public RegistrationProperties {
        if (maxHandlesPerRequest < 1 || maxPropertyValueLength < 1) {
            throw new IllegalArgumentException("ncmp.registration limits must be at least 1");
        }
    }
}
