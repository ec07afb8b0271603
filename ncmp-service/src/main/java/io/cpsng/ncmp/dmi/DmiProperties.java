package io.cpsng.ncmp.dmi;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How NCMP calls DMI plugins: timeouts, how many calls at once, and what it authenticates with (never logged).
 *
 * @param connectTimeout        how long to wait for a connection to a plugin
 * @param readTimeout           how long to wait for a plugin's whole answer, its body included
 * @param maxConcurrentRequests calls this instance has open at once; more wait for a free one (module sync of
 *                              untagged handles would otherwise open one per handle of every batch in flight)
 * @param username              basic-auth user for every plugin, or empty for none
 * @param password              basic-auth password
 * @param healthCheckInterval   how often each plugin's health is checked (its handles' trust level follows it);
 *                              0 = never
 * @param healthCheckTimeout    how long a health check waits for an answer before the plugin counts as down
 * @param auth                  which credentials a call carries
 * @param maxResponseSize       the largest answer taken from a plugin (held whole in memory); a larger one fails the
 *                              call as a plugin's error (the reference's maximumInMemorySizeInMegabytes: 64)
 * @param maxInFlightResponseSize the most bytes the answers being read hold together, all calls of this instance;
 *                              an answer that would pass it fails its call (a plugin's error saying so). Unset: a
 *                              quarter of the JVM's largest heap
 */
@ConfigurationProperties("ncmp.dmi")
public record DmiProperties(@DefaultValue("2s") Duration connectTimeout,
                            @DefaultValue("30s") Duration readTimeout,
                            @DefaultValue("200") int maxConcurrentRequests,
                            @DefaultValue("") String username,
                            @DefaultValue("") String password,
                            @DefaultValue("10s") Duration healthCheckInterval,
                            @DefaultValue("5s") Duration healthCheckTimeout,
                            @DefaultValue Auth auth,
                            @DefaultValue("64MB") DataSize maxResponseSize,
                            DataSize maxInFlightResponseSize) {

    public DmiProperties {
        if (maxConcurrentRequests < 1) {
            throw new IllegalArgumentException("ncmp.dmi.max-concurrent-requests must be at least 1");
        }
        if (maxResponseSize.toBytes() < 1) {
            throw new IllegalArgumentException("ncmp.dmi.max-response-size must be at least 1 byte");
        }
        if (maxInFlightResponseSize != null && maxInFlightResponseSize.toBytes() < 1) {
            throw new IllegalArgumentException("ncmp.dmi.max-in-flight-response-size must be at least 1 byte");
        }
    }

    /** ncmp.dmi.max-in-flight-response-size in bytes, its default when unset. */
    public long inFlightResponseBytes() {
        return maxInFlightResponseSize == null
            ? Runtime.getRuntime().maxMemory() / 4 : maxInFlightResponseSize.toBytes();
    }

    /**
     * The reference's ncmp.dmi.auth.enabled.
     *
     * @param enabled true: every call carries the configured basic credentials (if any); false: none, but a call
     *                made for a client carries the client's bearer token (its Authorization header as it came)
     */
    public record Auth(@DefaultValue("true") boolean enabled) {
    }

    @Override
    public String toString() {
        return "DmiProperties[connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
            + ", maxConcurrentRequests=" + maxConcurrentRequests + ", username=" + username
            + ", password=" + (password.isEmpty() ? "" : "****")
            + ", healthCheckInterval=" + healthCheckInterval + ", healthCheckTimeout=" + healthCheckTimeout
            + ", auth=" + auth + ", maxResponseSize=" + maxResponseSize + ", maxInFlightResponseSize="
            + maxInFlightResponseSize + "]";
    }
}
