package io.cpsng.measure;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The service's REST operations a run uses: NCMP registration and searches, and a few actuator endpoints. */
public final class ServiceClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);
    private static final String READY_HANDLES_PATH = "//state[@cm-handle-state='READY']";

    private final URI serviceUrl;
    private final String authorization;
    private final HttpClient httpClient;

    public ServiceClient(final URI serviceUrl, final String username, final String password) {
        this.serviceUrl = serviceUrl;
        this.authorization = password == null || password.isEmpty() ? null : "Basic " + Base64.getEncoder()
            .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        this.httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** An answer: its status and body. */
    public record Answer(int status, String body) {

        public boolean isSuccess() {
            return status >= 200 && status < 300;
        }
    }

    /** Registers the handles with the DMI plugin; returns how many of them the service refused. */
    public int register(final URI dmiUrl, final List<Map<String, Object>> cmHandles) {
        return countRefused(post("/ncmpInventory/v1/ch", Map.of("dmiPlugin", dmiUrl.toString(),
            "createdCmHandles", cmHandles)), cmHandles.size());
    }

    /** Deregisters the handles; returns how many of them the service refused. */
    public int deregister(final URI dmiUrl, final List<String> cmHandleIds) {
        return countRefused(post("/ncmpInventory/v1/ch", Map.of("dmiPlugin", dmiUrl.toString(),
            "removedCmHandles", cmHandleIds)), cmHandleIds.size());
    }

    /** The ids of every READY handle, by a cps-path id-search (as any NCMP client can ask). */
    public Set<String> readyCmHandleIds() {
        final Answer answer = post("/ncmp/v1/ch/id-searches", Map.of("cmHandleQueryParameters", List.of(Map.of(
            "conditionName", "cmHandleWithCpsPath", "conditionParameters", List.of(Map.of("cpsPath",
                READY_HANDLES_PATH))))));
        requireSuccess(answer, "id-search of READY handles");
        final Set<String> ids = new HashSet<>();
        JSON.readTree(answer.body()).forEach(id -> ids.add(id.asString()));
        return ids;
    }

    /** A metric's value from the actuator (its first measurement), empty when the service has no such metric. */
    public OptionalDouble metric(final String name, final String tag) {
        final Answer answer = get("/actuator/metrics/" + name + (tag == null ? "" : "?tag=" + encode(tag)));
        if (!answer.isSuccess()) {
            return OptionalDouble.empty();
        }
        final JsonNode measurements = JSON.readTree(answer.body()).path("measurements");
        return measurements.isEmpty() ? OptionalDouble.empty()
            : OptionalDouble.of(measurements.get(0).path("value").asDouble());
    }

    /** CPU time the service's process has used so far, in seconds; empty when it does not tell. */
    public OptionalDouble processCpuSeconds() {
        final Answer answer = get("/actuator/metrics/process.cpu.time");
        if (!answer.isSuccess()) {
            return OptionalDouble.empty();
        }
        final JsonNode metric = JSON.readTree(answer.body());
        final double value = metric.path("measurements").path(0).path("value").asDouble();
        return switch (metric.path("baseUnit").asString("")) {
            case "ns", "nanoseconds" -> OptionalDouble.of(value / 1e9);
            case "ms", "milliseconds" -> OptionalDouble.of(value / 1e3);
            case "s", "seconds" -> OptionalDouble.of(value);
            default -> OptionalDouble.empty();
        };
    }

    /** The service's module-sync parallelism, or null when it does not tell. */
    public Integer moduleSyncParallelism() {
        final Answer answer = get("/actuator/modulesync");
        return answer.isSuccess() ? JSON.readTree(answer.body()).path("parallelism").asInt() : null;
    }

    public void setModuleSyncParallelism(final int parallelism) {
        requireSuccess(post("/actuator/modulesync", Map.of("parallelism", parallelism)),
            "setting the module-sync parallelism");
    }

    /** The service's module-sync trace rows that ended at or after the instant. */
    public List<TraceRow> trace(final Instant since) {
        final Answer answer = get("/actuator/modulesynctrace?since=" + since.toEpochMilli());
        requireSuccess(answer, "reading the module-sync trace");
        final List<TraceRow> rows = new ArrayList<>();
        final List<String> lines = answer.body().lines().skip(1).toList();
        for (final String line : lines) {
            rows.add(TraceCsv.parseLine(line));
        }
        return rows;
    }

    public Answer get(final String path) {
        return send(request(path).GET().build());
    }

    public Answer post(final String path, final Object body) {
        return send(request(path).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build());
    }

    private HttpRequest.Builder request(final String path) {
        final HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(serviceUrl + path))
            .timeout(REQUEST_TIMEOUT);
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    private Answer send(final HttpRequest request) {
        try {
            final HttpResponse<String> response = httpClient.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (final IOException unreachable) {
            throw new MeasureException("The service at " + serviceUrl + " did not answer " + request.method() + " "
                + request.uri().getPath() + ": " + unreachable.getMessage(), unreachable);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new MeasureException("Interrupted while waiting for the service", interrupted);
        }
    }

    /**
     * Handles a registration answer refused: none for a success; for an error with per-handle failures
     * (the reference's shape) those; all of them for any other error.
     */
    private static int countRefused(final Answer answer, final int requested) {
        if (answer.isSuccess()) {
            return 0;
        }
        try {
            final JsonNode body = JSON.readTree(answer.body());
            int refused = 0;
            for (final String list : List.of("failedCreatedCmHandles", "failedUpdatedCmHandles",
                "failedRemovedCmHandles", "failedUpgradeCmHandles")) {
                refused += body.path(list).size();
            }
            return refused > 0 ? refused : requested;
        } catch (final RuntimeException notJson) {
            return requested;
        }
    }

    private void requireSuccess(final Answer answer, final String what) {
        if (answer.status() == 401) {
            throw new MeasureException(what + " was refused (401): give the service's password with --password "
                + "or CPS_PASSWORD");
        }
        if (!answer.isSuccess()) {
            throw new MeasureException(what + " failed with " + answer.status() + ": " + answer.body());
        }
    }

    private static String encode(final String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
