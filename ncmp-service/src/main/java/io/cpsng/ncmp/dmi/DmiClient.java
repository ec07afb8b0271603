package io.cpsng.ncmp.dmi;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.DmiTimeoutException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Semaphore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls the DMI plugin API (/dmi/v1) with the JDK HTTP client: blocking calls with connect and read
 * timeouts, cheap on virtual threads, so callers run many of them at once. Every call is timed by
 * endpoint and outcome.
 */
@Component
@EnableConfigurationProperties(DmiProperties.class)
public class DmiClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient httpClient;
    private final DmiProperties dmiProperties;
    private final MeterRegistry meterRegistry;
    private final String authorization;
    private final Semaphore openCalls;

    DmiClient(final DmiProperties dmiProperties, final MeterRegistry meterRegistry) {
        this.dmiProperties = dmiProperties;
        this.meterRegistry = meterRegistry;
        this.openCalls = new Semaphore(dmiProperties.maxConcurrentRequests());
        this.httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(dmiProperties.connectTimeout()).build();
        this.authorization = dmiProperties.username().isEmpty() ? null : "Basic " + Base64.getEncoder()
            .encodeToString((dmiProperties.username() + ":" + dmiProperties.password())
                .getBytes(StandardCharsets.UTF_8));
    }

    /** The modules the plugin says the handle has. */
    public List<ModuleReference> getModuleReferences(final CmHandle cmHandle) {
        final Map<String, Object> body = new LinkedHashMap<>();
        body.put("cmHandleProperties", cmHandle.additionalProperties());
        body.put("moduleSetTag", cmHandle.moduleSetTag());
        final JsonNode answer = callForJson("modules", cmHandle.modelPlugin(), cmHandle.id(), "modules", body);
        final List<ModuleReference> moduleReferences = new ArrayList<>();
        for (final JsonNode schema : answer.path("schemas")) {
            moduleReferences.add(new ModuleReference(schema.path("moduleName").asString(),
                schema.path("namespace").asString(null), emptyToNull(schema.path("revision").asString(null))));
        }
        return moduleReferences;
    }

    /** The YANG sources of the given modules of the handle, keyed by a file name made of name and revision. */
    public Map<String, String> getModuleSources(final CmHandle cmHandle,
                                                final Collection<ModuleReference> moduleReferences) {
        final List<Map<String, String>> modules = moduleReferences.stream()
            .map(moduleReference -> Map.of("name", moduleReference.name(),
                "revision", moduleReference.revision() == null ? "" : moduleReference.revision()))
            .toList();
        final Map<String, Object> body = new LinkedHashMap<>();
        body.put("moduleSetTag", cmHandle.moduleSetTag());
        body.put("data", Map.of("modules", modules));
        body.put("cmHandleProperties", cmHandle.additionalProperties());
        final JsonNode answer = callForJson("moduleResources", cmHandle.modelPlugin(), cmHandle.id(),
            "moduleResources", body);
        final Map<String, String> sourcesByFileName = new LinkedHashMap<>();
        for (final JsonNode module : answer) {
            final String revision = emptyToNull(module.path("revision").asString(null));
            sourcesByFileName.put(module.path("moduleName").asString()
                + (revision == null ? "" : "@" + revision) + ".yang", module.path("yangSource").asString());
        }
        return sourcesByFileName;
    }

    /** A data operation passed through to the handle's data plugin; the plugin's answer whatever its status. */
    public DmiResponse passThrough(final CmHandle cmHandle, final String datastore, final String resourceIdentifier,
                                   final String options, final String operation, final String dataType,
                                   final String data) {
        final Map<String, Object> body = new LinkedHashMap<>();
        body.put("operation", operation);
        body.put("dataType", dataType);
        body.put("data", data);
        body.put("cmHandleProperties", cmHandle.additionalProperties());
        body.put("moduleSetTag", cmHandle.moduleSetTag());
        return call("data", cmHandle.dataPlugin(), cmHandle.id(), passThroughPath(datastore, resourceIdentifier,
            options, null), body);
    }

    /**
     * A read the plugin answers at once and whose result it sends to the topic itself, as the reference asks it:
     * the topic in the query, the request id in the body. The plugin's answer whatever its status.
     */
    public DmiResponse passThroughReadToTopic(final CmHandle cmHandle, final String datastore,
                                              final String resourceIdentifier, final String options,
                                              final String topic, final String requestId) {
        final Map<String, Object> body = new LinkedHashMap<>();
        body.put("operation", "read");
        body.put("cmHandleProperties", cmHandle.additionalProperties());
        body.put("requestId", requestId);
        body.put("moduleSetTag", cmHandle.moduleSetTag());
        return call("data", cmHandle.dataPlugin(), cmHandle.id(), passThroughPath(datastore, resourceIdentifier,
            options, topic), body);
    }

    private static String passThroughPath(final String datastore, final String resourceIdentifier,
                                          final String options, final String topic) {
        final StringBuilder path = new StringBuilder("data/ds/").append(encode(datastore))
            .append("?resourceIdentifier=").append(encode(resourceIdentifier == null ? "" : resourceIdentifier));
        if (options != null && !options.isEmpty()) {
            path.append("&options=").append(encode(options));
        }
        if (topic != null) {
            path.append("&topic=").append(encode(topic));
        }
        return path.toString();
    }

    /**
     * Hands a batch of data operations to the plugin (POST /dmi/v1/data), which answers at once and sends the
     * results to the topic itself; the plugin's answer whatever its status.
     */
    public DmiResponse startDataOperations(final String plugin, final String topic, final String requestId,
                                           final Object body) {
        final URI uri = URI.create(stripTrailingSlash(plugin) + "/dmi/v1/data?requestId=" + encode(requestId)
            + "&topic=" + encode(topic));
        return send("dataOperations", uri, body, "request " + requestId);
    }

    /**
     * Hands a write sub-job to the plugin (POST /dmi/v1/cmwriteJob?destination=); the id it gave the sub-job, or
     * a DmiException with the plugin's answer.
     */
    public String startWriteJob(final String plugin, final String destination, final String dataJobId,
                                final Object body) {
        final URI uri = URI.create(stripTrailingSlash(plugin) + "/dmi/v1/cmwriteJob?destination="
            + encode(destination));
        final DmiResponse dmiResponse = send("cmwriteJob", uri, body, "data job " + dataJobId);
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("Unable to start a write sub-job", "POST cmwriteJob for data job " + dataJobId
                + " at " + plugin + " answered " + dmiResponse.status(), dmiResponse);
        }
        final String subJobId = subJobIdIn(dmiResponse.body());
        if (subJobId == null) {
            throw new DmiException("Unable to start a write sub-job", "POST cmwriteJob for data job " + dataJobId
                + " at " + plugin + " answered " + dmiResponse.status() + " without a subJobId", dmiResponse);
        }
        return subJobId;
    }

    private static String subJobIdIn(final String body) {
        try {
            final String subJobId = JSON.readTree(body == null ? "" : body).path("subJobId").asString(null);
            return subJobId == null || subJobId.isEmpty() ? null : subJobId;
        } catch (final JacksonException notJson) {
            return null;
        }
    }

    /**
     * A ProvMnS call forwarded to the plugin's /ProvMnS/v1 (not under /dmi, as the reference calls it): the FDN as
     * the path, the query parameters in their order, the body with its content type; the plugin's answer whatever
     * its status.
     */
    public DmiResponse provMns(final String method, final String plugin, final String fdn,
                               final Map<String, String> query, final String contentType, final String body) {
        final StringJoiner encodedQuery = new StringJoiner("&", "?", "").setEmptyValue("");
        query.forEach((name, value) -> encodedQuery.add(encode(name) + "=" + encode(value)));
        final URI uri = URI.create(stripTrailingSlash(plugin) + "/ProvMnS/v1" + encodePath(fdn) + encodedQuery);
        return sendText("provMns", uri, method, contentType, body, fdn);
    }

    /**
     * A write sub-job's status or result (GET /dmi/v1/cmwriteJob/dataProducer/{id}/dataProducerJob/{id}/{what},
     * the result with ?destination=); the plugin's answer whatever its status.
     */
    public DmiResponse writeJobQuery(final String plugin, final String dataProducerId, final String dataProducerJobId,
                                     final String what, final String destination) {
        final URI uri = URI.create(stripTrailingSlash(plugin) + "/dmi/v1/cmwriteJob/dataProducer/"
            + encode(dataProducerId) + "/dataProducerJob/" + encode(dataProducerJobId) + "/" + what
            + (destination == null ? "" : "?destination=" + encode(destination)));
        return sendText("cmwriteJob-" + what, uri, "GET", null, null, "sub-job " + dataProducerJobId);
    }

    /** Whether the plugin answers its health check (GET /actuator/health) with success within the timeout. */
    public boolean isHealthy(final String plugin, final Duration timeout) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stripTrailingSlash(plugin)
            + "/actuator/health")).timeout(timeout).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            final int status = httpClient.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            return status >= 200 && status < 300;
        } catch (final IOException | IllegalArgumentException unreachable) {
            return false;
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private JsonNode callForJson(final String endpoint, final String plugin, final String cmHandleId,
                                 final String path, final Object body) {
        final DmiResponse dmiResponse = call(endpoint, plugin, cmHandleId, path, body);
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("DMI plugin answered " + dmiResponse.status(),
                "POST " + endpoint + " for cm handle " + cmHandleId + " at " + plugin + " answered "
                    + dmiResponse.status(), dmiResponse);
        }
        return JSON.readTree(dmiResponse.body());
    }

    private DmiResponse call(final String endpoint, final String plugin, final String cmHandleId,
                             final String path, final Object body) {
        final URI uri = URI.create(stripTrailingSlash(plugin) + "/dmi/v1/ch/" + encode(cmHandleId) + "/" + path);
        return send(endpoint, uri, body, "cm handle " + cmHandleId);
    }

    private DmiResponse send(final String endpoint, final URI uri, final Object body, final String subject) {
        // as bytes: a write job's sub-job can be megabytes, not worth a String copy on the way
        return send(endpoint, uri, "POST", "application/json",
            HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)), subject);
    }

    private DmiResponse sendText(final String endpoint, final URI uri, final String method, final String contentType,
                                 final String body, final String subject) {
        return send(endpoint, uri, method, contentType, body == null ? null : HttpRequest.BodyPublishers.ofString(body),
            subject);
    }

    /** One call; the plugin's answer whatever its status. A body of null sends none. */
    private DmiResponse send(final String endpoint, final URI uri, final String method, final String contentType,
                             final HttpRequest.BodyPublisher body, final String subject) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(dmiProperties.readTimeout())
            .header("Accept", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
        if (body != null) {
            request.header("Content-Type", contentType);
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            openCalls.acquire();
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw interrupted(method, endpoint, subject);
        }
        final Timer.Sample sample = Timer.start(meterRegistry);
        String outcome = "error";
        try {
            final HttpResponse<String> response = httpClient.send(request.build(),
                HttpResponse.BodyHandlers.ofString());
            outcome = String.valueOf(response.statusCode());
            return new DmiResponse(response.statusCode(), response.body());
        } catch (final HttpConnectTimeoutException unreachable) {
            throw new DmiException("DMI plugin unreachable", method + " " + endpoint + " for " + subject + " at "
                + uri.getScheme() + "://" + uri.getAuthority() + " failed: no connection within "
                + dmiProperties.connectTimeout(), null);
        } catch (final HttpTimeoutException silent) {
            throw new DmiTimeoutException(method + " " + endpoint + " for " + subject + " at " + uri.getScheme() + "://"
                + uri.getAuthority() + " got no answer within " + dmiProperties.readTimeout());
        } catch (final IOException unreachable) {
            throw new DmiException("DMI plugin unreachable", method + " " + endpoint + " for " + subject
                + " at " + uri.getScheme() + "://" + uri.getAuthority() + " failed: "
                + unreachable.getClass().getSimpleName(), null);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw interrupted(method, endpoint, subject);
        } finally {
            openCalls.release();
            sample.stop(Timer.builder("ncmp.dmi.call").tag("endpoint", endpoint).tag("outcome", outcome)
                .register(meterRegistry));
        }
    }

    private static DmiException interrupted(final String method, final String endpoint, final String subject) {
        return new DmiException("Interrupted", method + " " + endpoint + " for " + subject + " was interrupted", null);
    }

    /** Each segment of the path percent-encoded where a path needs it; '/', '=' and ',' kept. */
    private static String encodePath(final String path) {
        final StringJoiner encoded = new StringJoiner("/");
        for (final String segment : path.split("/", -1)) {
            encoded.add(encode(segment).replace("%3D", "=").replace("%2C", ","));
        }
        return encoded.toString();
    }

    private static String encode(final String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String stripTrailingSlash(final String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static String emptyToNull(final String text) {
        return text == null || text.isEmpty() ? null : text;
    }
}
