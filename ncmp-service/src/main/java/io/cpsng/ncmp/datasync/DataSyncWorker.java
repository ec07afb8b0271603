package io.cpsng.ncmp.datasync;

import io.cpsng.cps.api.exceptions.CpsException;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.NcmpException;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.datasync.DataSyncWork.ClaimedHandle;
import io.cpsng.ncmp.dmi.DmiClient;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Syncs one claimed batch, handle by handle: the top-level nodes of its module set are looked up (its cache anchor
 * made if missing); if there are any, its whole operational tree is read from its plugin (passthrough-operational,
 * resource identifier /) and, in one transaction, what of it the module set defines is stored in place of what was
 * cached and the handle marked SYNCHRONIZED. A module set without data nodes has nothing to ask for: the handle is SYNCHRONIZED with nothing
 * cached, as in the reference. A plugin that fails or data the module set refuses leave the handle UNSYNCHRONIZED,
 * retried with back-off; the reference marked such a handle SYNCHRONIZED with nothing stored.
 */
@Component
class DataSyncWorker {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataSyncWorker.class);
    private static final String PASSTHROUGH_OPERATIONAL = "ncmp-datastore:passthrough-operational";
    private static final JsonMapper JSON_MAPPER = JsonMapper.shared();

    private final DataSyncWork dataSyncWork;
    private final OperationalDataCache operationalDataCache;
    private final DmiClient dmiClient;
    private final DataSyncProperties dataSyncProperties;
    private final TransactionTemplate transactionTemplate;

    DataSyncWorker(final DataSyncWork dataSyncWork, final OperationalDataCache operationalDataCache,
                   final DmiClient dmiClient, final DataSyncProperties dataSyncProperties,
                   final PlatformTransactionManager transactionManager) {
        this.dataSyncWork = dataSyncWork;
        this.operationalDataCache = operationalDataCache;
        this.dmiClient = dmiClient;
        this.dataSyncProperties = dataSyncProperties;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /** Syncs the batch the owner claimed; returns how many handles it stored. */
    int sync(final String owner, final List<ClaimedHandle> claimed) {
        final long startNanos = System.nanoTime();
        final List<String> failed = new ArrayList<>();
        int synchronizedHandles = 0;
        for (final ClaimedHandle handle : claimed) {
            try {
                if (sync(owner, handle)) {
                    synchronizedHandles++;
                }
            } catch (final RuntimeException failure) {
                LOGGER.warn("Data sync of cm handle {} failed, retried later: {}", handle.id(), reasonOf(failure));
                failed.add(handle.id());
            }
        }
        dataSyncWork.retryLater(owner, failed, dataSyncProperties.backoffBase(), dataSyncProperties.backoffCap());
        final long millis = (System.nanoTime() - startNanos) / 1_000_000;
        LOGGER.info("Data sync: {} handles ({} SYNCHRONIZED, {} to retry) in {} ms", claimed.size(),
            synchronizedHandles, failed.size(), millis);
        return synchronizedHandles;
    }

    /** False if the claim was lost meanwhile (sync turned off, the handle deleted): nothing is stored then. */
    private boolean sync(final String owner, final ClaimedHandle handle) {
        final List<String> topLevelNodes = transactionTemplate.execute(status ->
            dataSyncWork.hold(handle.id(), owner) ? operationalDataCache.prepare(handle.id(), handle.schemaSetName())
                : null);
        if (topLevelNodes == null) {
            return false;
        }
        final String data = topLevelNodes.isEmpty() ? null : readOperationalTree(handle, topLevelNodes);
        return Boolean.TRUE.equals(transactionTemplate.execute(status -> {
            if (!dataSyncWork.hold(handle.id(), owner)) {
                return false;
            }
            operationalDataCache.replace(handle.id(), handle.schemaSetName(), data);
            return dataSyncWork.markSynchronized(handle.id(), owner);
        }));
    }

    /**
     * The members of the plugin's answer the module set defines, as one JSON object; null if there are none. A member
     * it does not define has no place in the cache: it is left out and named in a WARN line (the reference's DMI
     * stub answers every read with an ietf-network sample its own module set does not define).
     */
    private String readOperationalTree(final ClaimedHandle handle, final List<String> topLevelNodes) {
        final DmiResponse dmiResponse = dmiClient.passThrough(handle.cmHandle(), PASSTHROUGH_OPERATIONAL, "/", null,
            "read", null, null);
        if (!dmiResponse.isSuccess()) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered " + dmiResponse.status(), dmiResponse);
        }
        final String body = dmiResponse.body();
        if (body == null || body.isBlank()) {
            return null;
        }
        final JsonNode tree;
        try {
            tree = JSON_MAPPER.readTree(body);
        } catch (final JacksonException notJson) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered with a body that is not JSON", dmiResponse);
        }
        if (!(tree instanceof ObjectNode members)) {
            throw new DmiException("Unable to read operational data", "The DMI plugin of cm handle " + handle.id()
                + " answered with JSON that is not an object", dmiResponse);
        }
        final ObjectNode defined = JSON_MAPPER.createObjectNode();
        final List<String> undefined = new ArrayList<>();
        for (final String name : members.propertyNames()) {
            if (topLevelNodes.contains(name)) {
                defined.set(name, members.get(name));
            } else {
                undefined.add(name);
            }
        }
        if (!undefined.isEmpty()) {
            LOGGER.warn("Data sync of cm handle {}: its plugin answered {}, which its module set does not define"
                + " (it defines {}); not cached", handle.id(), undefined, topLevelNodes);
        }
        return defined.isEmpty() ? null : defined.toString();
    }

    private static String reasonOf(final RuntimeException failure) {
        return switch (failure) {
            case NcmpException ncmpException -> ncmpException.getMessage() + ": " + ncmpException.getDetails();
            case CpsException cpsException -> cpsException.getMessage() + ": " + cpsException.getDetails();
            default -> failure.getClass().getSimpleName() + ": " + failure.getMessage();
        };
    }
}
