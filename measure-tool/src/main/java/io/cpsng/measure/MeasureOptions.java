package io.cpsng.measure;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * What one run does: how many handles it registers in which batches from how many clients, with how many module
 * set tags, against which DMI plugin (its own stub with the latencies given, unless a URL is given).
 *
 * @param serviceUrl          the service's base URL
 * @param username            Basic-auth user of the service
 * @param password            Basic-auth password; empty when the service runs without authentication
 * @param handles             handles registered
 * @param batchSize           handles per registration (and deregistration) request
 * @param clients             threads sending requests at once
 * @param tags                module set tags shared round-robin by the handles (0 to 5; 0: no tags)
 * @param dmiDelayMs          the stub's latency of module references
 * @param dmiResourcesDelayMs the stub's latency of module resources
 * @param parallelism         module-sync parallelism set on the service for the run; null keeps the service's
 * @param dmiUrl              a running DMI plugin to register the handles with; null starts the tool's own stub
 * @param dmiPort             port of the tool's own stub (0: any free port)
 * @param outputDirectory     where trace.csv, progress.csv and timeline.png go
 * @param handlePrefix        handle ids are this prefix, a dash and a number
 * @param deregister          whether the handles are deregistered (and that timed) at the end
 * @param timeout             how long to wait for every handle to be READY
 * @param sampledHandles      handles drawn in the timeline chart
 */
public record MeasureOptions(URI serviceUrl, String username, String password, int handles, int batchSize,
                             int clients, int tags, long dmiDelayMs, long dmiResourcesDelayMs, Integer parallelism,
                             URI dmiUrl, int dmiPort, Path outputDirectory, String handlePrefix, boolean deregister,
                             Duration timeout, int sampledHandles) {

    /** The module set tags the DMI stub knows. */
    public static final int MAX_TAGS = 5;

    public MeasureOptions {
        requireAtLeast("--handles", handles, 1);
        requireAtLeast("--batch", batchSize, 1);
        requireAtLeast("--clients", clients, 1);
        requireAtLeast("--dmi-delay", dmiDelayMs, 0);
        requireAtLeast("--dmi-resources-delay", dmiResourcesDelayMs, 0);
        requireAtLeast("--dmi-port", dmiPort, 0);
        requireAtLeast("--sample", sampledHandles, 1);
        if (tags < 0 || tags > MAX_TAGS) {
            throw new IllegalArgumentException("--tags must be between 0 and " + MAX_TAGS + ": " + tags);
        }
        if (parallelism != null && parallelism < 1) {
            throw new IllegalArgumentException("--parallelism must be at least 1: " + parallelism);
        }
        if (!handlePrefix.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("--prefix may hold letters, digits, '_', '.' and '-' only: "
                + handlePrefix);
        }
    }

    /** The defaults: 1,000 handles in batches of 100 from 4 clients, 5 tags, stub latencies 100 ms and 1 s. */
    public static MeasureOptions defaults(final Map<String, String> environment) {
        return new MeasureOptions(URI.create("http://127.0.0.1:8080"),
            environment.getOrDefault("CPS_USERNAME", "cpsuser"), environment.getOrDefault("CPS_PASSWORD", ""),
            1_000, 100, 4, MAX_TAGS, 100, 1_000, null, null, 0, Path.of("measure-results"),
            "measure-" + LocalTime.now().format(DateTimeFormatter.ofPattern("HHmmss")), true, Duration.ofMinutes(10),
            40);
    }

    /** The defaults overridden by command-line options, as {@code --name value} or {@code --name=value}. */
    public static MeasureOptions parse(final String[] arguments, final Map<String, String> environment) {
        MeasureOptions options = defaults(environment);
        for (int index = 0; index < arguments.length; index++) {
            String name = arguments[index];
            String value = null;
            final int equals = name.indexOf('=');
            if (equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if ("--keep".equals(name)) {
                options = options.withDeregister(false);
                continue;
            }
            if (value == null) {
                if (index + 1 >= arguments.length) {
                    throw new IllegalArgumentException("Option " + name + " needs a value");
                }
                value = arguments[++index];
            }
            options = options.with(name, value);
        }
        return options;
    }

    public MeasureOptions withDeregister(final boolean newDeregister) {
        return new MeasureOptions(serviceUrl, username, password, handles, batchSize, clients, tags, dmiDelayMs,
            dmiResourcesDelayMs, parallelism, dmiUrl, dmiPort, outputDirectory, handlePrefix, newDeregister, timeout,
            sampledHandles);
    }

    private MeasureOptions with(final String name, final String value) {
        URI newServiceUrl = serviceUrl;
        String newUsername = username;
        String newPassword = password;
        int newHandles = handles;
        int newBatchSize = batchSize;
        int newClients = clients;
        int newTags = tags;
        long newDmiDelayMs = dmiDelayMs;
        long newDmiResourcesDelayMs = dmiResourcesDelayMs;
        Integer newParallelism = parallelism;
        URI newDmiUrl = dmiUrl;
        int newDmiPort = dmiPort;
        Path newOutputDirectory = outputDirectory;
        String newHandlePrefix = handlePrefix;
        Duration newTimeout = timeout;
        int newSampledHandles = sampledHandles;
        switch (name) {
            case "--url" -> newServiceUrl = uri(name, value);
            case "--user" -> newUsername = value;
            case "--password" -> newPassword = value;
            case "--handles" -> newHandles = integer(name, value);
            case "--batch" -> newBatchSize = integer(name, value);
            case "--clients" -> newClients = integer(name, value);
            case "--tags" -> newTags = integer(name, value);
            case "--dmi-delay" -> newDmiDelayMs = integer(name, value);
            case "--dmi-resources-delay" -> newDmiResourcesDelayMs = integer(name, value);
            case "--parallelism" -> newParallelism = integer(name, value);
            case "--dmi-url" -> newDmiUrl = uri(name, value);
            case "--dmi-port" -> newDmiPort = integer(name, value);
            case "--out" -> newOutputDirectory = Path.of(value);
            case "--prefix" -> newHandlePrefix = value;
            case "--timeout-seconds" -> newTimeout = Duration.ofSeconds(integer(name, value));
            case "--sample" -> newSampledHandles = integer(name, value);
            default -> throw new IllegalArgumentException("Unknown option " + name);
        }
        return new MeasureOptions(newServiceUrl, newUsername, newPassword, newHandles, newBatchSize, newClients,
            newTags, newDmiDelayMs, newDmiResourcesDelayMs, newParallelism, newDmiUrl, newDmiPort, newOutputDirectory,
            newHandlePrefix, deregister, newTimeout, newSampledHandles);
    }

    /** One line saying what the run does. */
    public String describe() {
        final String dmi = dmiUrl == null
            ? String.format(Locale.ROOT, "own DMI stub (module references %d ms, resources %d ms)", dmiDelayMs,
                dmiResourcesDelayMs)
            : "DMI plugin " + dmiUrl;
        return String.format(Locale.ROOT, "%,d handles, batches of %,d, %d clients, %s, %s, parallelism %s, "
                + "service %s", handles, batchSize, clients, tags == 0 ? "no tags" : tags + " tags", dmi,
            parallelism == null ? "as configured" : parallelism, serviceUrl);
    }

    private static int integer(final String name, final String value) {
        try {
            return Integer.parseInt(value.replace("_", "").replace(",", ""));
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException("Option " + name + " needs a whole number: " + value);
        }
    }

    private static URI uri(final String name, final String value) {
        final URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("Option " + name + " needs an http(s) URL: " + value);
        }
        return uri;
    }

    private static void requireAtLeast(final String name, final long value, final long minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be at least " + minimum + ": " + value);
        }
    }
}
