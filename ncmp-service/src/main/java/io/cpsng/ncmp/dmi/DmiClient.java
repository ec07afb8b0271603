package io.cpsng.ncmp.dmi;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The DMI plugin API (/dmi/v1, ProvMnS and health), one method per endpoint: each builds its URL ({@link DmiUrls})
 * and request record, and reads the answer; {@link DmiSender} does the sending. A call made for a client takes the
 * client's Authorization header (null if it sent none), which the plugin gets with ncmp.dmi.auth.enabled=false
 * ({@link DmiAuthorization}); NCMP's own calls (module sync, health) have none to give.
 */
@Component
@EnableConfigurationProperties(DmiProperties.class)
public class DmiClient {

    /** The caller's Authorization of NCMP's own calls (module sync, data sync): there is no client to speak for. */
    public static final String NO_CALLER = null;

    private final DmiSender dmiSender;

    DmiClient(final DmiProperties dmiProperties, final MeterRegistry meterRegistry) {
        this.dmiSender = new DmiSender(dmiProperties, meterRegistry);
    }

    /** The modules the plugin says the handle has. */
    public List<ModuleReference> getModuleReferences(final CmHandle cmHandle) {
        final JsonNode answer = postForJson("modules", DmiUrls.moduleReferences(cmHandle.modelPlugin(), cmHandle.id()),
            ModuleReferencesRequest.of(cmHandle), cmHandle);
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
        final JsonNode answer = postForJson("moduleResources",
            DmiUrls.moduleResources(cmHandle.modelPlugin(), cmHandle.id()),
            ModuleResourcesRequest.of(cmHandle, moduleReferences), cmHandle);
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
                                   final String data, final String callerAuthorization) {
        return dmiSender.postJson("data", DmiUrls.passThrough(cmHandle.dataPlugin(), cmHandle.id(), datastore,
                resourceIdentifier, options, null), DataAccessRequest.of(cmHandle, operation, dataType, data),
            "cm handle " + cmHandle.id(), callerAuthorization);
    }

    /**
     * A read the plugin answers at once and whose result it sends to the topic itself, as the reference asks it:
     * the topic in the query, the request id in the body. The plugin's answer whatever its status.
     */
    public DmiResponse passThroughReadToTopic(final CmHandle cmHandle, final String datastore,
                                              final String resourceIdentifier, final String options,
                                              final String topic, final String requestId,
                                              final String callerAuthorization) {
        return dmiSender.postJson("data", DmiUrls.passThrough(cmHandle.dataPlugin(), cmHandle.id(), datastore,
                resourceIdentifier, options, topic), TopicReadRequest.of(cmHandle, requestId),
            "cm handle " + cmHandle.id(), callerAuthorization);
    }

    /**
     * Hands a batch of data operations to the plugin (POST /dmi/v1/data), which answers at once and sends the
     * results to the topic itself; the plugin's answer whatever its status.
     */
    public DmiResponse startDataOperations(final String plugin, final String topic, final String requestId,
                                           final DataOperationsRequest request, final String callerAuthorization) {
        return dmiSender.postJson("dataOperations", DmiUrls.dataOperations(plugin, requestId, topic), request,
            "request " + requestId, callerAuthorization);
    }

    /**
     * Hands a write sub-job to the plugin (POST /dmi/v1/cmwriteJob?destination=, the request's destination); the id
     * it gave the sub-job, or a DmiException with the plugin's answer.
     */
    public String startWriteJob(final String plugin, final SubJobWriteRequest request,
                                final String callerAuthorization) {
        final String dataJobId = request.dataJobId();
        final DmiResponse dmiResponse = dmiSender.postJson("cmwriteJob",
            DmiUrls.writeJob(plugin, request.destination()), request, "data job " + dataJobId, callerAuthorization);
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

    /**
     * A write sub-job's status or result (GET /dmi/v1/cmwriteJob/dataProducer/{id}/dataProducerJob/{id}/{what},
     * the result with ?destination=); the plugin's answer whatever its status.
     */
    public DmiResponse writeJobQuery(final String plugin, final String dataProducerId, final String dataProducerJobId,
                                     final String what, final String destination, final String callerAuthorization) {
        return dmiSender.sendText("cmwriteJob-" + what,
            DmiUrls.writeJobQuery(plugin, dataProducerId, dataProducerJobId, what, destination), "GET", null, null,
            "sub-job " + dataProducerJobId, callerAuthorization);
    }

    /**
     * A ProvMnS call forwarded to the plugin's /ProvMnS/v1 (not under /dmi, as the reference calls it): the FDN as
     * the path, the query parameters in their order, the client's body as it came with its content type (not
     * parsed and written again, so the plugin gets it byte for byte); the plugin's answer whatever its status.
     */
    public DmiResponse provMns(final String method, final String plugin, final String fdn,
                               final Map<String, String> query, final String contentType, final String body,
                               final String callerAuthorization) {
        return dmiSender.sendText("provMns", DmiUrls.provMns(plugin, fdn, query), method, contentType, body, fdn,
            callerAuthorization);
    }

    /** Whether the plugin answers its health check (GET /actuator/health) with success within the timeout. */
    public boolean isHealthy(final String plugin, final Duration timeout) {
        return dmiSender.isHealthy(DmiUrls.health(plugin), timeout);
    }

    /** The answer of a POST that must succeed for there to be anything to read: else a DmiException. */
    private JsonNode postForJson(final String endpoint, final URI uri, final Object request,
                                 final CmHandle cmHandle) {
        final DmiResponse dmiResponse = dmiSender.postJson(endpoint, uri, request, "cm handle " + cmHandle.id(),
            NO_CALLER);
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("DMI plugin answered " + dmiResponse.status(),
                "POST " + endpoint + " for cm handle " + cmHandle.id() + " at " + cmHandle.modelPlugin()
                    + " answered " + dmiResponse.status(), dmiResponse);
        }
        return DmiSender.JSON.readTree(dmiResponse.body());
    }

    private static String subJobIdIn(final String body) {
        try {
            final String subJobId = DmiSender.JSON.readTree(body == null ? "" : body).path("subJobId").asString(null);
            return subJobId == null || subJobId.isEmpty() ? null : subJobId;
        } catch (final JacksonException notJson) {
            return null;
        }
    }

    private static String emptyToNull(final String text) {
        return text == null || text.isEmpty() ? null : text;
    }
}
