package io.cpsng.ncmp.provmns;

import io.cpsng.ncmp.api.NcmpProvMnsService;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.DmiTimeoutException;
import io.cpsng.ncmp.api.exceptions.PolicyDeniedException;
import io.cpsng.ncmp.api.exceptions.ProvMnsException;
import io.cpsng.ncmp.api.exceptions.ProvMnsException.Problem;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.policy.PolicyExecutor;
import io.cpsng.ncmp.routing.CmHandleRouter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * ProvMnS requests routed by FDN to the owning handle's DMI plugin (the reference's ProvMnS of NCMP): the FDN's
 * handle must exist, have a data producer (its plugin serves ProvMnS) and be READY; writes pass the policy executor
 * first when it is enabled (each patch operation on its own); the plugin's answer is the client's.
 */
@Service
@EnableConfigurationProperties(ProvMnsProperties.class)
class ProvMnsOperations implements NcmpProvMnsService {

    static final Set<String> JSON_PATCH_TYPES = Set.of("application/json-patch+json",
        "application/3gpp-json-patch+json");
    /** The query of a GET, in the order it is forwarded. */
    static final List<String> READ_PARAMETERS = List.of("scopeType", "scopeLevel", "filter", "attributes", "fields",
        "dataNodeSelector");
    private static final Set<String> SCOPE_TYPES = Set.of("BASE_ONLY", "BASE_NTH_LEVEL", "BASE_SUBTREE",
        "BASE_ALL");
    private static final Map<String, String> POLICY_OPERATION_OF_PATCH = Map.of("add", "create", "replace", "update",
        "remove", "delete");
    private static final JsonMapper JSON = JsonMapper.shared();

    private final CmHandleRouter cmHandleRouter;
    private final DmiClient dmiClient;
    private final PolicyExecutor policyExecutor;
    private final ProvMnsProperties provMnsProperties;

    ProvMnsOperations(final CmHandleRouter cmHandleRouter, final DmiClient dmiClient,
                      final PolicyExecutor policyExecutor, final ProvMnsProperties provMnsProperties) {
        this.cmHandleRouter = cmHandleRouter;
        this.dmiClient = dmiClient;
        this.policyExecutor = policyExecutor;
        this.provMnsProperties = provMnsProperties;
    }

    @Override
    public DmiResponse read(final String fdn, final Map<String, String> query, final String authorization) {
        final Map<String, String> forwardedQuery = readQuery(query);
        final CmHandleRoute route = readyRoute(fdn);
        return forward("GET", route, fdn, forwardedQuery, null, null, authorization);
    }

    @Override
    public DmiResponse put(final String fdn, final String body, final String authorization) {
        final JsonNode resource = parse(body, "The body of a PUT is the managed object's JSON");
        if (!resource.isObject()) {
            throw new ProvMnsException(Problem.INVALID_REQUEST,
                "The body of a PUT is the managed object's JSON object");
        }
        final CmHandleRoute route = readyRoute(fdn);
        checkPermission(route, "create", fdn, () -> attributesOf(resource, null), authorization, null);
        return forward("PUT", route, fdn, Map.of(), "application/json", body, authorization);
    }

    @Override
    public DmiResponse patch(final String fdn, final String contentType, final String body,
                             final String authorization) {
        final JsonNode patch = parse(body, "The body of a PATCH is a JSON Patch or a merge patch");
        if (JSON_PATCH_TYPES.contains(contentType)) {
            if (!patch.isArray()) {
                throw new ProvMnsException(Problem.INVALID_REQUEST, "A JSON Patch is an array of operations");
            }
            if (patch.size() > provMnsProperties.maxPatchOperations()) {
                throw new ProvMnsException(Problem.TOO_MANY_OPERATIONS, patch.size() + " operations in request, this"
                    + " exceeds the maximum of " + provMnsProperties.maxPatchOperations());
            }
            for (int index = 0; index < patch.size(); index++) {
                validatePatchOperation(patch.get(index), index);
            }
            final CmHandleRoute route = readyRoute(fdn);
            for (int index = 0; index < patch.size(); index++) {
                checkPatchOperation(route, fdn, patch.get(index), index, authorization);
            }
            return forward("PATCH", route, fdn, Map.of(), contentType, body, authorization);
        }
        if (!patch.isObject()) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, "A merge patch is a JSON object");
        }
        final CmHandleRoute route = readyRoute(fdn);
        checkPermission(route, "update", fdn, () -> attributesOf(patch, null), authorization, null);
        return forward("PATCH", route, fdn, Map.of(), contentType, body, authorization);
    }

    @Override
    public DmiResponse delete(final String fdn, final String authorization) {
        final CmHandleRoute route = readyRoute(fdn);
        checkPermission(route, "delete", fdn, () -> null, authorization, null);
        return forward("DELETE", route, fdn, Map.of(), null, null, authorization);
    }

    /** An operation is an object whose op is add, replace or remove and whose path is below the FDN or a fragment. */
    private static void validatePatchOperation(final JsonNode operation, final int index) {
        if (!operation.isObject() || !operation.path("op").isString() || !operation.path("path").isString()) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, "Patch operation " + index + " is not an object with"
                + " an op and a path", "/" + index);
        }
        final String op = operation.path("op").asString();
        if (!POLICY_OPERATION_OF_PATCH.containsKey(op)) {
            throw new ProvMnsException(Problem.NOT_SUPPORTED, "Unsupported Patch Operation Type: " + op,
                "/" + index);
        }
        final String path = operation.path("path").asString();
        if (!path.isEmpty() && !path.startsWith("/") && !path.startsWith("#")) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, "Patch operation " + index + ": the path " + path
                + " starts with neither '/' nor '#'", "/" + index);
        }
    }

    private void checkPatchOperation(final CmHandleRoute route, final String fdn, final JsonNode operation,
                                     final int index, final String authorization) {
        final String policyOperation = POLICY_OPERATION_OF_PATCH.get(operation.path("op").asString());
        final String path = operation.path("path").asString("");
        final int fragment = path.indexOf('#');
        final String target = fdn + (fragment < 0 ? path : path.substring(0, fragment));
        final String attributePath = fragment < 0 ? null : path.substring(fragment + 1);
        checkPermission(route, policyOperation, target,
            () -> "delete".equals(policyOperation) ? null : attributesOf(operation.get("value"), attributePath),
            authorization, "/" + index);
    }

    /**
     * The policy executor's check, when enabled: the change as the reference describes it, {class: [{id,
     * attributes}]} of the target managed object, the resource its parent below the handle's alternate id.
     */
    private void checkPermission(final CmHandleRoute route, final String operation, final String target,
                                 final Supplier<Object> attributesOfChange, final String authorization,
                                 final String badOp) {
        if (!policyExecutor.isEnabled()) {
            return;
        }
        final Object attributes = attributesOfChange.get();
        // the FDN is under the alternate id, or under the id when it was routed by the id
        final String handleRoot = route.alternateId() != null && target.startsWith(route.alternateId())
            ? route.alternateId() : route.cmHandleId();
        final int lastSlash = target.lastIndexOf('/');
        final String parent = lastSlash <= 0 ? "" : target.substring(0, lastSlash);
        if (parent.length() < handleRoot.length() || !parent.startsWith(handleRoot)) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, "Data manipulation operations are not supported on "
                + target, badOp);
        }
        final String lastSegment = target.substring(lastSlash + 1);
        final int equals = lastSegment.indexOf('=');
        final Map<String, Object> managedObject = new LinkedHashMap<>();
        managedObject.put("id", equals < 0 ? lastSegment : lastSegment.substring(equals + 1));
        managedObject.put("attributes", attributes == null ? Map.of() : attributes);
        final Object changeRequest = attributes == null ? null
            : Map.of(equals < 0 ? lastSegment : lastSegment.substring(0, equals), List.of(managedObject));
        try {
            policyExecutor.checkPermission(operation, route.cmHandleId(), target,
                parent.substring(handleRoot.length()), changeRequest, authorization);
        } catch (final PolicyDeniedException denied) {
            throw new ProvMnsException(Problem.POLICY_DENIED, denied.getMessage(), badOp);
        }
    }

    /** The attributes of a value: its "attributes" if it has them, nested under a fragment's attribute path. */
    private static Object attributesOf(final JsonNode value, final String attributePath) {
        if (value == null) {
            return Map.of();
        }
        Object attributes = JSON.treeToValue(value.has("attributes") ? value.get("attributes") : value, Object.class);
        if (attributePath != null && attributePath.startsWith("/attributes/")) {
            final String[] names = attributePath.substring("/attributes/".length()).split("/");
            for (int index = names.length - 1; index >= 0; index--) {
                attributes = Map.of(names[index], attributes);
            }
        }
        return attributes;
    }

    private CmHandleRoute readyRoute(final String fdn) {
        final String lastSegment = fdn.substring(fdn.lastIndexOf('/') + 1);
        if (!lastSegment.contains("=")) {
            throw new ProvMnsException(Problem.NOT_SUPPORTED, fdn + " not a valid path");
        }
        final CmHandleRoute route = cmHandleRouter.route(fdn)
            .orElseThrow(() -> new ProvMnsException(Problem.NO_HANDLE_OWNS_FDN, fdn + " not found"));
        if (route.dataProducerIdentifier() == null || route.dataProducerIdentifier().isBlank()) {
            throw new ProvMnsException(Problem.NOT_SUPPORTED, "Registered DMI does not support the ProvMnS interface.");
        }
        if (route.cmHandleState() != CmHandleState.READY) {
            throw new ProvMnsException(Problem.HANDLE_NOT_READY, (route.alternateId() == null
                ? route.cmHandleId() : route.alternateId()) + " is not in READY state. Current state: "
                + route.cmHandleState());
        }
        return route;
    }

    private DmiResponse forward(final String method, final CmHandleRoute route, final String fdn,
                                final Map<String, String> query, final String contentType, final String body,
                                final String authorization) {
        try {
            return dmiClient.provMns(method, route.dataPlugin(), fdn, query, contentType, body, authorization);
        } catch (final DmiTimeoutException silent) {
            throw new ProvMnsException(Problem.PLUGIN_SILENT,
                "Southbound system did not respond in a timely manner");
        } catch (final DmiException unreachable) {
            throw new ProvMnsException(Problem.PLUGIN_UNREACHABLE, unreachable.getDetails());
        }
    }

    /** The read parameters forwarded to the plugin, in the order ProvMnS lists them. */
    private static Map<String, String> readQuery(final Map<String, String> query) {
        for (final String name : query.keySet()) {
            if (!READ_PARAMETERS.contains(name)) {
                throw new ProvMnsException(Problem.INVALID_REQUEST, "Parameter " + name + " is not served: only "
                    + String.join(", ", READ_PARAMETERS));
            }
        }
        final String scopeType = query.get("scopeType");
        if (scopeType != null && !SCOPE_TYPES.contains(scopeType)) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, "scopeType " + scopeType + " is not one of "
                + String.join(", ", SCOPE_TYPES));
        }
        final String scopeLevel = query.get("scopeLevel");
        if (scopeLevel != null && !scopeLevel.matches("\\d{1,9}")) {
            throw new ProvMnsException(Problem.INVALID_REQUEST,
                "scopeLevel " + scopeLevel + " is not a level (0, 1, ...)");
        }
        final Map<String, String> forwarded = new LinkedHashMap<>();
        for (final String name : READ_PARAMETERS) {
            if (query.containsKey(name)) {
                forwarded.put(name, query.get(name));
            }
        }
        return forwarded;
    }

    private static JsonNode parse(final String body, final String what) {
        try {
            return JSON.readTree(body == null ? "" : body);
        } catch (final JacksonException notJson) {
            throw new ProvMnsException(Problem.INVALID_REQUEST, what + ": the body is not JSON");
        }
    }
}
