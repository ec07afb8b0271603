package io.cpsng.dmistub;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.common.Json;
import com.github.tomakehurst.wiremock.common.Metadata;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dynamic part of the stub, as a WireMock extension so that the same class serves the embedded stub and the
 * wiremock/wiremock image (--extensions io.cpsng.dmistub.DmiStubExtension). It acts on the mappings that name a
 * {@link DmiEndpoint} in their metadata: counts the call, answers 503 while unavailable or at the failure rate,
 * adds the latency, and cuts the module resources down to the modules the request asked for.
 */
public final class DmiStubExtension implements ResponseDefinitionTransformerV2, ResponseTransformerV2 {

    public static final String NAME = "dmi-stub";

    private static final int CM_HANDLE_SEGMENT = 4; // "", "dmi", "v1", "ch", cm handle id
    private static final String NO_CM_HANDLE = "";
    private static final String HEALTH_DOWN = "{\"status\":\"DOWN\"}";
    // the first occurrence: NCMP sends it before the operations, and a value can not hold it unescaped
    private static final Pattern DATA_PRODUCER_ID = Pattern.compile("\"dataProducerId\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|null)");

    private final Map<RequestKey, LongAdder> requestCounts = new ConcurrentHashMap<>();
    private final Map<DmiEndpoint, LongAdder> requestCountsByEndpoint = new EnumMap<>(DmiEndpoint.class);
    private final DmiStubKafka.Publisher kafka;
    private volatile AppliedSettings appliedSettings;

    /** Takes the knobs from the DMI_STUB_* environment variables: this is how WireMock creates it by class name. */
    public DmiStubExtension() {
        this(DmiStubSettings.fromEnvironment(System.getenv()), DmiStubKafka.fromEnvironment(System.getenv()));
    }

    DmiStubExtension(final DmiStubSettings settings, final DmiStubKafka kafka) {
        this.kafka = kafka.start();
        for (final DmiEndpoint endpoint : DmiEndpoint.values()) {
            requestCountsByEndpoint.put(endpoint, new LongAdder());
        }
        apply(settings);
    }

    @Override
    public String getName() {
        return NAME;
    }

    /** Global, so that the mappings need no transformer entry for it; mappings without an endpoint are left alone. */
    @Override
    public boolean applyGlobally() {
        return true;
    }

    /** Applies the settings; the unavailable window starts now. */
    void apply(final DmiStubSettings settings) {
        final long availableAtNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.unavailableSeconds());
        appliedSettings = new AppliedSettings(Objects.requireNonNull(settings), availableAtNanos);
    }

    DmiStubSettings settings() {
        return appliedSettings.settings();
    }

    long requestCount(final DmiEndpoint endpoint) {
        return requestCountsByEndpoint.get(endpoint).sum();
    }

    long requestCount(final DmiEndpoint endpoint, final String cmHandleId) {
        final LongAdder requestCount = requestCounts.get(new RequestKey(endpoint, cmHandleId));
        return requestCount == null ? 0 : requestCount.sum();
    }

    void clearRequestCounts() {
        requestCounts.clear();
        requestCountsByEndpoint.values().forEach(LongAdder::reset);
    }

    @Override
    public ResponseDefinition transform(final ServeEvent serveEvent) {
        final ResponseDefinition responseDefinition = serveEvent.getResponseDefinition();
        final DmiEndpoint endpoint = endpointOf(serveEvent.getStubMapping());
        if (endpoint == null) {
            return responseDefinition;
        }
        countRequest(endpoint, serveEvent.getRequest());
        final AppliedSettings applied = appliedSettings;
        if (applied.isUnavailable()) {
            return serviceUnavailable(endpoint, "the DMI stub is starting up");
        }
        if (!endpoint.isDmiCall()) {
            return responseDefinition;
        }
        final DmiStubSettings settings = applied.settings();
        if (settings.failureRate() > 0 && ThreadLocalRandom.current().nextDouble() < settings.failureRate()) {
            return serviceUnavailable(endpoint, "the DMI stub fails this share of calls: " + settings.failureRate());
        }
        final long delayMs = delayMs(endpoint, settings);
        if (endpoint == DmiEndpoint.DATA_OPERATIONS) {
            final Request request = serveEvent.getRequest();
            kafka.publishResults(request.getBodyAsString(), queryParameter(request, "topic"),
                queryParameter(request, "requestId"), delayMs);
        }
        if (endpoint == DmiEndpoint.WRITE_JOB && RequestMethod.POST.equals(serveEvent.getRequest().getMethod())) {
            return withDelay(writeSubJobTaken(serveEvent.getRequest()), delayMs);
        }
        return withDelay(responseDefinition, delayMs);
    }

    /**
     * A sub-job id of its own, the stub's address and the data producer named in the request. Built here: WireMock's
     * response template took ~3 ms a job, most of a small job's time (the reference's stub answers at once).
     */
    private static ResponseDefinition writeSubJobTaken(final Request request) {
        final Matcher dataProducer = DATA_PRODUCER_ID.matcher(request.getBodyAsString());
        final String dataProducerJson = dataProducer.find() ? dataProducer.group(1) : "null";
        return ResponseDefinitionBuilder.responseDefinition()
            .withStatus(200)
            .withHeader("Content-Type", "application/json")
            .withBody("{\"subJobId\":\"" + UUID.randomUUID() + "\",\"dmiServiceName\":\"" + request.getScheme() + "://"
                + request.getHost() + ":" + request.getPort() + "\",\"dataProducerId\":" + dataProducerJson + "}")
            .build();
    }

    /** Stops sending to Kafka. */
    void close() {
        kafka.close();
    }

    long avcEventsSent() {
        return kafka.avcEventsSent();
    }

    @Override
    public Response transform(final Response response, final ServeEvent serveEvent) {
        if (response.getStatus() != 200
            || endpointOf(serveEvent.getStubMapping()) != DmiEndpoint.MODULE_RESOURCES) {
            return response;
        }
        final String requestedResources = ModuleResourceFilter.onlyRequested(response.getBodyAsString(),
            serveEvent.getRequest().getBodyAsString());
        return Response.Builder.like(response).body(requestedResources).build();
    }

    private void countRequest(final DmiEndpoint endpoint, final Request request) {
        requestCountsByEndpoint.get(endpoint).increment();
        requestCounts.computeIfAbsent(new RequestKey(endpoint, cmHandleIdOf(request)), key -> new LongAdder())
            .increment();
    }

    private static DmiEndpoint endpointOf(final StubMapping stubMapping) {
        final Metadata metadata = stubMapping == null ? null : stubMapping.getMetadata();
        final String endpointName = metadata == null ? null : metadata.getString(DmiEndpoint.METADATA_KEY, null);
        return endpointName == null ? null : DmiEndpoint.valueOf(endpointName);
    }

    /** The path is /dmi/v1/ch/{cmHandleId}/...; parsed here rather than by the mapping so any mapping can count. */
    private static String cmHandleIdOf(final Request request) {
        final String path = request.getUrl().split("\\?", 2)[0];
        final String[] segments = path.split("/");
        if (segments.length <= CM_HANDLE_SEGMENT || !"ch".equals(segments[CM_HANDLE_SEGMENT - 1])) {
            return NO_CM_HANDLE;
        }
        // URLDecoder decodes form encoding: keep a literal '+' in a path segment as it is
        return URLDecoder.decode(segments[CM_HANDLE_SEGMENT].replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String queryParameter(final Request request, final String name) {
        final QueryParameter parameter = request.queryParameter(name);
        return parameter.isPresent() ? parameter.firstValue() : "";
    }

    private static long delayMs(final DmiEndpoint endpoint, final DmiStubSettings settings) {
        final long spreadMs = settings.delaySpreadMs() == 0
            ? 0 : ThreadLocalRandom.current().nextLong(settings.delaySpreadMs() + 1);
        return endpoint.fixedDelayMs(settings) + spreadMs;
    }

    private static ResponseDefinition withDelay(final ResponseDefinition responseDefinition, final long delayMs) {
        if (delayMs == 0) {
            return responseDefinition;
        }
        final int mappingDelayMs = Objects.requireNonNullElse(responseDefinition.getFixedDelayMilliseconds(), 0);
        return ResponseDefinitionBuilder.like(responseDefinition)
            .withFixedDelay(Math.toIntExact(mappingDelayMs + delayMs))
            .build();
    }

    private static ResponseDefinition serviceUnavailable(final DmiEndpoint endpoint, final String details) {
        final String body = endpoint.isDmiCall()
            ? Json.write(new ErrorMessage("503", "Service Unavailable", details))
            : HEALTH_DOWN;
        return ResponseDefinitionBuilder.responseDefinition()
            .withStatus(503)
            .withHeader("Content-Type", "application/json")
            .withBody(body)
            .build();
    }

    private record AppliedSettings(DmiStubSettings settings, long availableAtNanos) {

        boolean isUnavailable() {
            return System.nanoTime() - availableAtNanos < 0;
        }
    }

    private record RequestKey(DmiEndpoint endpoint, String cmHandleId) {
    }

    /** The DMI plugin's error body. */
    record ErrorMessage(String status, String message, String details) {
    }

    /** Keeps the resources of the module set that the request's data.modules name; all of them if it names none. */
    static final class ModuleResourceFilter {

        private ModuleResourceFilter() {
        }

        static String onlyRequested(final String moduleResourcesJson, final String requestBody) {
            final List<?> requestedModules = requestedModules(requestBody);
            if (requestedModules.isEmpty()) {
                return moduleResourcesJson;
            }
            final List<?> moduleResources = Json.read(moduleResourcesJson, List.class);
            return Json.write(moduleResources.stream()
                .filter(moduleResource -> requestedModules.stream()
                    .anyMatch(requestedModule -> isRequested(moduleResource, requestedModule)))
                .toList());
        }

        private static List<?> requestedModules(final String requestBody) {
            try {
                final Object data = Json.read(requestBody, Map.class).get("data");
                final Object modules = data instanceof Map<?, ?> dataMap ? dataMap.get("modules") : null;
                return modules instanceof List<?> moduleList ? moduleList : List.of();
            } catch (final RuntimeException notJson) {
                return List.of();
            }
        }

        /** A module requested without a revision matches any revision of that name. */
        private static boolean isRequested(final Object moduleResource, final Object requestedModule) {
            if (!(moduleResource instanceof Map<?, ?> resource) || !(requestedModule instanceof Map<?, ?> requested)) {
                return false;
            }
            final Object requestedRevision = requested.get("revision");
            return Objects.equals(resource.get("moduleName"), requested.get("name"))
                && (requestedRevision == null || "".equals(requestedRevision)
                    || requestedRevision.equals(resource.get("revision")));
        }
    }
}
