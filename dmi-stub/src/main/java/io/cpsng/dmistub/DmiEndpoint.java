package io.cpsng.dmistub;

/**
 * The calls the stub serves. A mapping names its endpoint in its metadata ({@code "dmiEndpoint": "MODULES"}),
 * which is how the extension knows which delay applies and what to count.
 */
public enum DmiEndpoint {
    HEALTH,
    MODULES,
    MODULE_RESOURCES,
    DATA,
    /** POST /dmi/v1/data: answered 202, results sent to Kafka after the data delay (DmiStubKafka). */
    DATA_OPERATIONS,
    /** POST /dmi/v1/cmwriteJob and its status and result: answered at once, as the reference's stub does. */
    WRITE_JOB,
    /** /ProvMnS/v1/{FDN}, every verb, after the data delay. */
    PROVMNS;

    static final String METADATA_KEY = "dmiEndpoint";

    long fixedDelayMs(final DmiStubSettings settings) {
        return switch (this) {
            case HEALTH, WRITE_JOB -> 0;
            case MODULES -> settings.modulesDelayMs();
            case MODULE_RESOURCES -> settings.resourcesDelayMs();
            case DATA, DATA_OPERATIONS, PROVMNS -> settings.dataDelayMs();
        };
    }

    /** Health reports availability only: no latency, no random failures. */
    boolean isDmiCall() {
        return this != HEALTH;
    }
}
