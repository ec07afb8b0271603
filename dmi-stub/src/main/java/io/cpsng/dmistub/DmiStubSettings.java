package io.cpsng.dmistub;

import java.util.Locale;
import java.util.Map;

/**
 * The knobs of the stub: latency per kind of call (a fixed part plus a random spread), a failure rate and a
 * window after start (or after the settings were applied) in which every call is answered 503. Immutable: a
 * running stub is changed by applying a new instance.
 *
 * @param modulesDelayMs     fixed delay of module references (POST .../modules)
 * @param resourcesDelayMs   fixed delay of module resources (POST .../moduleResources)
 * @param dataDelayMs        fixed delay of data pass-through calls (POST .../data/ds/...)
 * @param delaySpreadMs      up to this much more, uniformly at random, on each of the three calls above
 * @param failureRate        fraction (0 to 1) of those calls answered 503
 * @param unavailableSeconds every call, health included, is answered 503 for this long
 */
public record DmiStubSettings(long modulesDelayMs, long resourcesDelayMs, long dataDelayMs, long delaySpreadMs,
                              double failureRate, long unavailableSeconds) {

    /** No latency, no failures, available at once. */
    public static final DmiStubSettings DEFAULTS = new DmiStubSettings(0, 0, 0, 0, 0, 0);

    public DmiStubSettings {
        requireNotNegative(Knob.MODULES_DELAY_MS, modulesDelayMs);
        requireNotNegative(Knob.RESOURCES_DELAY_MS, resourcesDelayMs);
        requireNotNegative(Knob.DATA_DELAY_MS, dataDelayMs);
        requireNotNegative(Knob.DELAY_SPREAD_MS, delaySpreadMs);
        requireNotNegative(Knob.UNAVAILABLE_SECONDS, unavailableSeconds);
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new IllegalArgumentException(Knob.FAILURE_RATE.flag() + " must be between 0 and 1: " + failureRate);
        }
    }

    /** The defaults overridden by the DMI_STUB_* variables present in the environment. */
    public static DmiStubSettings fromEnvironment(final Map<String, String> environment) {
        DmiStubSettings settings = DEFAULTS;
        for (final Knob knob : Knob.values()) {
            final String value = environment.get(knob.environmentVariable());
            if (value != null && !value.isBlank()) {
                settings = settings.with(knob, value);
            }
        }
        return settings;
    }

    /** These settings with the knob named by a launcher flag ("--modules-delay-ms") set to the value. */
    DmiStubSettings withFlag(final String flag, final String value) {
        for (final Knob knob : Knob.values()) {
            if (knob.flag().equals(flag)) {
                return with(knob, value);
            }
        }
        throw new IllegalArgumentException("Unknown option " + flag);
    }

    public DmiStubSettings withModulesDelayMs(final long delayMs) {
        return new DmiStubSettings(delayMs, resourcesDelayMs, dataDelayMs, delaySpreadMs, failureRate,
            unavailableSeconds);
    }

    public DmiStubSettings withResourcesDelayMs(final long delayMs) {
        return new DmiStubSettings(modulesDelayMs, delayMs, dataDelayMs, delaySpreadMs, failureRate,
            unavailableSeconds);
    }

    public DmiStubSettings withDataDelayMs(final long delayMs) {
        return new DmiStubSettings(modulesDelayMs, resourcesDelayMs, delayMs, delaySpreadMs, failureRate,
            unavailableSeconds);
    }

    public DmiStubSettings withDelaySpreadMs(final long spreadMs) {
        return new DmiStubSettings(modulesDelayMs, resourcesDelayMs, dataDelayMs, spreadMs, failureRate,
            unavailableSeconds);
    }

    public DmiStubSettings withFailureRate(final double rate) {
        return new DmiStubSettings(modulesDelayMs, resourcesDelayMs, dataDelayMs, delaySpreadMs, rate,
            unavailableSeconds);
    }

    public DmiStubSettings withUnavailableSeconds(final long seconds) {
        return new DmiStubSettings(modulesDelayMs, resourcesDelayMs, dataDelayMs, delaySpreadMs, failureRate,
            seconds);
    }

    /** The launcher's usage lines for the knobs: flag, environment variable and meaning. */
    static String usage() {
        final StringBuilder usage = new StringBuilder();
        for (final Knob knob : Knob.values()) {
            usage.append(String.format("  %-26s %-30s %s%n", knob.flag() + "=N", knob.environmentVariable(),
                knob.meaning));
        }
        return usage.toString();
    }

    private DmiStubSettings with(final Knob knob, final String value) {
        try {
            return switch (knob) {
                case MODULES_DELAY_MS -> withModulesDelayMs(Long.parseLong(value.trim()));
                case RESOURCES_DELAY_MS -> withResourcesDelayMs(Long.parseLong(value.trim()));
                case DATA_DELAY_MS -> withDataDelayMs(Long.parseLong(value.trim()));
                case DELAY_SPREAD_MS -> withDelaySpreadMs(Long.parseLong(value.trim()));
                case FAILURE_RATE -> withFailureRate(Double.parseDouble(value.trim()));
                case UNAVAILABLE_SECONDS -> withUnavailableSeconds(Long.parseLong(value.trim()));
            };
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException(knob.flag() + " (" + knob.environmentVariable() + ") is not a number: "
                + value, notANumber);
        }
    }

    private static void requireNotNegative(final Knob knob, final long value) {
        if (value < 0) {
            throw new IllegalArgumentException(knob.flag() + " must not be negative: " + value);
        }
    }

    /** One row per knob: its flag and environment variable are derived from the name so they cannot drift apart. */
    private enum Knob {
        MODULES_DELAY_MS("delay of module references"),
        RESOURCES_DELAY_MS("delay of module resources"),
        DATA_DELAY_MS("delay of data pass-through calls"),
        DELAY_SPREAD_MS("random extra delay, 0 to N ms, on each of those calls"),
        FAILURE_RATE("fraction of those calls answered 503 (0 to 1)"),
        UNAVAILABLE_SECONDS("answer everything 503 for the first N seconds");

        private final String meaning;

        Knob(final String meaning) {
            this.meaning = meaning;
        }

        String environmentVariable() {
            return "DMI_STUB_" + name();
        }

        String flag() {
            return "--" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
