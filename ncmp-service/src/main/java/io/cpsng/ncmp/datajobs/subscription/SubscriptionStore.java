package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.CpsDataspaceService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The subscriptions where the reference keeps them: dataspace NCMP-Admin, anchor cm-data-job-subscriptions of the
 * reference's model, one entry per selector with the data jobs that subscribed to it and its status. A change reads
 * every entry and writes them back in one transaction, holding a lock for its length, so that instances taking
 * events at once do not lose each other's changes.
 */
@Component
class SubscriptionStore {

    static final String DATASPACE = "NCMP-Admin";
    static final String ANCHOR = "cm-data-job-subscriptions";
    private static final String MODEL = "cm-data-job-subscriptions@2025-09-03.yang";
    private static final JsonMapper JSON = JsonMapper.shared();
    // any number unique to this lock among the application's advisory locks
    private static final long LOCK = 0x636d646a73L;

    /** One selector: the data jobs subscribed to it, and its status. */
    record Entry(String dataNodeSelector, Set<String> dataJobIds, String status) {

        Entry withStatus(final String newStatus) {
            return new Entry(dataNodeSelector, dataJobIds, newStatus);
        }
    }

    private final CpsDataspaceService cpsDataspaceService;
    private final CpsModuleService cpsModuleService;
    private final CpsAnchorService cpsAnchorService;
    private final CpsDataService cpsDataService;
    private final JdbcTemplate jdbcTemplate;
    private final TransactionTemplate transactionTemplate;

    SubscriptionStore(final CpsDataspaceService cpsDataspaceService, final CpsModuleService cpsModuleService,
                      final CpsAnchorService cpsAnchorService, final CpsDataService cpsDataService,
                      final JdbcTemplate jdbcTemplate, final PlatformTransactionManager transactionManager) {
        this.cpsDataspaceService = cpsDataspaceService;
        this.cpsModuleService = cpsModuleService;
        this.cpsAnchorService = cpsAnchorService;
        this.cpsDataService = cpsDataService;
        this.jdbcTemplate = jdbcTemplate;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    /** Creates the dataspace, schema set and anchor unless they exist: safe for instances starting together. */
    void createModel() {
        alreadyDefinedIsDone(() -> cpsDataspaceService.createDataspace(DATASPACE));
        alreadyDefinedIsDone(() -> cpsModuleService.createSchemaSet(DATASPACE, ANCHOR, Map.of(MODEL, modelText())));
        alreadyDefinedIsDone(() -> cpsAnchorService.createAnchor(DATASPACE, ANCHOR, ANCHOR));
    }

    /** Every entry by selector, in one transaction with the change, which returns what the caller needs after. */
    <T> T change(final Function<Map<String, Entry>, T> change) {
        return transactionTemplate.execute(status -> {
            jdbcTemplate.queryForObject("SELECT pg_advisory_xact_lock(?)", Object.class, LOCK);
            final Map<String, Entry> entries = read();
            final Map<String, Entry> before = new LinkedHashMap<>(entries);
            final T result = change.apply(entries);
            if (!entries.equals(before)) {
                cpsDataService.replaceData(DATASPACE, Map.of(ANCHOR, toJson(entries.values())));
            }
            return result;
        });
    }

    /** Every entry by selector; none when the model was never created (subscriptions never on). */
    Map<String, Entry> read() {
        final Map<String, Entry> entries = new LinkedHashMap<>();
        final Collection<DataNode> dataJob;
        try {
            // a read of what is not there answers nothing rather than throwing, which would doom the transaction
            dataJob = cpsDataService.getDataNodesForMultipleXpaths(DATASPACE, ANCHOR, List.of("/dataJob"),
                FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS);
        } catch (final NotFoundException noModel) {
            return entries;
        }
        dataJob.forEach(container -> container.childDataNodes().forEach(subscription -> {
            final Map<String, Object> leaves = subscription.leaves();
            final Set<String> dataJobIds = new LinkedHashSet<>();
            if (leaves.get("dataJobId") instanceof Collection<?> ids) {
                ids.forEach(id -> dataJobIds.add(String.valueOf(id)));
            }
            final String selector = String.valueOf(leaves.get("dataNodeSelector"));
            entries.put(selector, new Entry(selector, dataJobIds, String.valueOf(leaves.get("status"))));
        }));
        return entries;
    }

    private static String toJson(final Collection<Entry> entries) {
        final ObjectNode document = JSON.createObjectNode();
        final ArrayNode subscriptions = document.putObject("cps-data-job-subscriptions:dataJob").putArray("subscription");
        entries.forEach(entry -> {
            final ObjectNode subscription = subscriptions.addObject().put("dataNodeSelector", entry.dataNodeSelector())
                .put("status", entry.status());
            final ArrayNode dataJobIds = subscription.putArray("dataJobId");
            entry.dataJobIds().forEach(dataJobIds::add);
        });
        return document.toString();
    }

    private static String modelText() {
        try {
            return new ClassPathResource("yang/" + MODEL).getContentAsString(StandardCharsets.UTF_8);
        } catch (final IOException missing) {
            throw new UncheckedIOException(missing);
        }
    }

    private static void alreadyDefinedIsDone(final Runnable creation) {
        try {
            creation.run();
        } catch (final AlreadyDefinedException alreadyThere) {
            // created by an earlier start or another instance
        }
    }

    /** The selectors of the data job, in their stored order. */
    static List<Entry> ofDataJob(final Map<String, Entry> entries, final String dataJobId) {
        final List<Entry> ofDataJob = new ArrayList<>();
        entries.values().forEach(entry -> {
            if (entry.dataJobIds().contains(dataJobId)) {
                ofDataJob.add(entry);
            }
        });
        return ofDataJob;
    }
}
