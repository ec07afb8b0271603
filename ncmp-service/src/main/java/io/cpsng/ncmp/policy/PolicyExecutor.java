package io.cpsng.ncmp.policy;

import io.cpsng.ncmp.api.exceptions.PolicyDeniedException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks the policy executor whether a write may go ahead, as the reference does when ncmp.policy-executor.enabled:
 * POST {address}:{port}/operation-permission/v1/permissions with the operation, the handle, the resource and the
 * change, the client's Authorization passed on. Only "allow" lets the write go; another decision, or a 4xx answer,
 * is a PolicyDeniedException. When the executor fails (5xx) or does not answer, the configured default decision
 * applies, as in the reference (which also falls back on a 4xx).
 */
@Component
@EnableConfigurationProperties(PolicyExecutorProperties.class)
public class PolicyExecutor {

    private static final Logger LOGGER = LoggerFactory.getLogger(PolicyExecutor.class);
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final String ALLOW = "allow";

    private final PolicyExecutorProperties properties;
    private final HttpClient httpClient;
    private final URI permissions;

    PolicyExecutor(final PolicyExecutorProperties properties) {
        this.properties = properties;
        // checked at start: a malformed address is a configuration error, not a request's
        this.permissions = URI.create(properties.address() + ":" + properties.port()
            + "/operation-permission/v1/permissions");
        this.httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(properties.timeout()).build();
    }

    public boolean isEnabled() {
        return properties.enabled();
    }

    /**
     * Checks one operation (create, update, patch or delete) on the handle; returns if allowed.
     * changeRequest is null for a delete.
     */
    public void checkPermission(final String operation, final String cmHandleId, final String targetIdentifier,
                                final String resourceIdentifier, final Object changeRequest,
                                final String authorization) {
        if (!properties.enabled()) {
            return;
        }
        final Map<String, Object> permissionOperation = new LinkedHashMap<>();
        permissionOperation.put("operation", operation);
        permissionOperation.put("entityHandleId", cmHandleId);
        permissionOperation.put("resourceIdentifier", resourceIdentifier);
        permissionOperation.put("targetIdentifier", targetIdentifier);
        if (changeRequest != null) {
            permissionOperation.put("changeRequest", changeRequest);
        }
        final Map<String, Object> request = Map.of("changeRequestFormat", "cm-legacy",
            "operations", List.of(permissionOperation));
        final Decision decision = ask(JSON.writeValueAsString(request), authorization);
        if (!ALLOW.equals(decision.result())) {
            throw new PolicyDeniedException(decision.id(), decision.result(), decision.message());
        }
    }

    private record Decision(String id, String result, String message) {
    }

    private Decision ask(final String body, final String authorization) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(permissions)
            .timeout(properties.timeout())
            .header("Content-Type", "application/json").header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            final HttpResponse<String> response = httpClient.send(request.build(),
                HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 400 && response.statusCode() < 500) {
                // it answered, refusing the request (its credentials, say): not a failure to fall back from
                return new Decision("N/A", "refused (" + response.statusCode() + ")", response.body());
            }
            if (response.statusCode() < 200 || response.statusCode() >= 300) {
                return defaultDecision("the policy executor answered " + response.statusCode());
            }
            final JsonNode answer = JSON.readTree(response.body());
            return new Decision(answer.path("id").asString("N/A"), answer.path("permissionResult").asString(""),
                answer.path("message").asString(""));
        } catch (final IOException | JacksonException unreachable) {
            return defaultDecision("the policy executor failed: " + unreachable.getClass().getSimpleName());
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new Decision("N/A", "interrupted", "interrupted while asking the policy executor");
        }
    }

    private Decision defaultDecision(final String reason) {
        LOGGER.warn("Policy check: {}; the default decision applies: {}", reason, properties.defaultDecision());
        return new Decision("N/A", properties.defaultDecision(), reason + ". Falling back to configured default"
            + " decision: " + properties.defaultDecision());
    }
}
