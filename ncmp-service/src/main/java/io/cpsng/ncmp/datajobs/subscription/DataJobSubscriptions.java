package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.datajobs.DataNodeSelectors;
import io.cpsng.ncmp.datajobs.subscription.SubscriptionStore.Entry;
import io.cpsng.ncmp.routing.CmHandleRouter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.JsonNode;

/**
 * CM data job subscriptions, as the reference keeps them and closes its gaps (docs/events.md): a data job's
 * selectors are stored with the job (a selector shared by jobs once), each routed to the handle owning its FDN and
 * sent to that handle's DMI plugin, one request per plugin; the plugin's answer makes each of its selectors ACCEPTED
 * or REJECTED. A selector no handle owns is REJECTED at once; an answer from a plugin that was not asked changes
 * nothing; a selector still PENDING after the answer timeout is sent again. A selector is sent only while it is not
 * ACCEPTED, and deleted at its plugin only with the last job that has it.
 */
public class DataJobSubscriptions {

    static final String PENDING = "PENDING";
    static final String ACCEPTED = "ACCEPTED";
    static final String REJECTED = "REJECTED";
    private static final String CREATE_RESPONSE = "subscriptionCreateResponse";
    private static final Logger LOGGER = LoggerFactory.getLogger(DataJobSubscriptions.class);

    private final SubscriptionStore subscriptionStore;
    private final CmHandleRouter cmHandleRouter;
    private final NcmpCmHandleService ncmpCmHandleService;
    private final KafkaTemplate<String, String> kafkaTemplate;
    private final SubscriptionProperties subscriptionProperties;
    // a job's data selector, sent with its selectors again when they are resent; a restart forgets it
    private final Map<String, JsonNode> dataSelectorByJob = new ConcurrentHashMap<>();
    // since when this instance knows each selector PENDING: it is sent again a whole timeout later
    private final Map<String, Instant> pendingSince = new ConcurrentHashMap<>();

    DataJobSubscriptions(final SubscriptionStore subscriptionStore, final CmHandleRouter cmHandleRouter,
                         final NcmpCmHandleService ncmpCmHandleService,
                         final KafkaTemplate<String, String> kafkaTemplate,
                         final SubscriptionProperties subscriptionProperties) {
        this.subscriptionStore = subscriptionStore;
        this.cmHandleRouter = cmHandleRouter;
        this.ncmpCmHandleService = ncmpCmHandleService;
        this.kafkaTemplate = kafkaTemplate;
        this.subscriptionProperties = subscriptionProperties;
    }

    /** A client's dataJobCreated: its selectors stored and sent to their plugins; a job already there is left. */
    public void created(final String dataJobId, final String dataNodeSelector, final JsonNode dataSelector) {
        final Set<String> selectors = DataNodeSelectors.split(dataNodeSelector);
        final Map<String, CmHandleRoute> routes = routesOf(selectors);
        final List<String> toSend = subscriptionStore.change(entries -> {
            if (!SubscriptionStore.ofDataJob(entries, dataJobId).isEmpty()) {
                return null;
            }
            final List<String> send = new ArrayList<>();
            for (final String selector : selectors) {
                final Entry existing = entries.get(selector);
                final Set<String> dataJobIds = existing == null ? new LinkedHashSet<>()
                    : new LinkedHashSet<>(existing.dataJobIds());
                dataJobIds.add(dataJobId);
                final String status;
                if (!routes.containsKey(selector)) {
                    status = REJECTED;
                } else if (existing == null || REJECTED.equals(existing.status())) {
                    status = PENDING;
                    send.add(selector);
                } else {
                    status = existing.status();
                }
                entries.put(selector, new Entry(selector, dataJobIds, status));
            }
            return send;
        });
        if (toSend == null) {
            LOGGER.warn("Data job {} is subscribed already: its dataJobCreated is ignored", dataJobId);
            return;
        }
        if (dataSelector != null) {
            dataSelectorByJob.put(dataJobId, dataSelector);
        }
        LOGGER.info("Data job {} subscribed: {} selectors, {} sent to their DMI plugins, {} owned by no handle",
            dataJobId, selectors.size(), toSend.size(), selectors.stream().filter(s -> !routes.containsKey(s)).count());
        send(DmiSubscriptionRequests.CREATE, dataJobId, toSend, routes);
    }

    /** A client's dataJobDeleted: the job's selectors no other job has are removed, and deleted at their plugins. */
    public void deleted(final String dataJobId) {
        final List<String> removed = subscriptionStore.change(entries -> {
            final List<String> gone = new ArrayList<>();
            for (final Entry entry : SubscriptionStore.ofDataJob(entries, dataJobId)) {
                final Set<String> dataJobIds = new LinkedHashSet<>(entry.dataJobIds());
                dataJobIds.remove(dataJobId);
                if (dataJobIds.isEmpty()) {
                    entries.remove(entry.dataNodeSelector());
                    gone.add(entry.dataNodeSelector());
                } else {
                    entries.put(entry.dataNodeSelector(), new Entry(entry.dataNodeSelector(), dataJobIds,
                        entry.status()));
                }
            }
            return gone;
        });
        dataSelectorByJob.remove(dataJobId);
        removed.forEach(pendingSince::remove);
        LOGGER.info("Data job {} unsubscribed: {} selectors no other job has deleted", dataJobId, removed.size());
        send(DmiSubscriptionRequests.DELETE, dataJobId, removed, routesOf(removed));
    }

    /**
     * A plugin's answer to a create request (ce_correlationid {@code <dataJobId>#<plugin>}): the job's PENDING
     * selectors routed to that plugin take its verdict. Returns whether any did: false for a plugin not asked.
     */
    public boolean answered(final String dataJobId, final String dmiServiceName, final String type,
                            final boolean accepted) {
        if (!CREATE_RESPONSE.equals(type)) {
            return true;
        }
        final int updated = subscriptionStore.change(entries -> {
            final List<Entry> pending = SubscriptionStore.ofDataJob(entries, dataJobId).stream()
                .filter(entry -> PENDING.equals(entry.status())).toList();
            final Map<String, CmHandleRoute> routes = routesOf(pending.stream().map(Entry::dataNodeSelector).toList());
            int count = 0;
            for (final Entry entry : pending) {
                final CmHandleRoute route = routes.get(entry.dataNodeSelector());
                if (route != null && dmiServiceName.equals(route.dataPlugin())) {
                    entries.put(entry.dataNodeSelector(), entry.withStatus(accepted ? ACCEPTED : REJECTED));
                    pendingSince.remove(entry.dataNodeSelector());
                    count++;
                }
            }
            return count;
        });
        if (updated > 0) {
            LOGGER.info("DMI plugin {} {} {} selectors of data job {}", dmiServiceName,
                accepted ? "accepted" : "rejected", updated, dataJobId);
        }
        return updated > 0;
    }

    /** Sends again, under one of their jobs, the selectors this instance has known PENDING for a whole timeout. */
    public boolean resendUnanswered() {
        final Instant now = Instant.now();
        final Instant due = now.minus(subscriptionProperties.answerTimeout());
        final Map<String, List<String>> dueByJob = new LinkedHashMap<>();
        final Set<String> stillPending = new LinkedHashSet<>();
        for (final Entry entry : subscriptionStore.read().values()) {
            if (!PENDING.equals(entry.status())) {
                continue;
            }
            stillPending.add(entry.dataNodeSelector());
            final Instant since = pendingSince.putIfAbsent(entry.dataNodeSelector(), now);
            if (since != null && since.isBefore(due) && !entry.dataJobIds().isEmpty()) {
                dueByJob.computeIfAbsent(entry.dataJobIds().iterator().next(), job -> new ArrayList<>())
                    .add(entry.dataNodeSelector());
            }
        }
        pendingSince.keySet().retainAll(stillPending);
        dueByJob.forEach((dataJobId, selectors) -> {
            LOGGER.warn("No DMI plugin answered for {} selectors of data job {} within {}: sent again",
                selectors.size(), dataJobId, subscriptionProperties.answerTimeout());
            send(DmiSubscriptionRequests.CREATE, dataJobId, selectors, routesOf(selectors));
        });
        return false;
    }

    private Map<String, CmHandleRoute> routesOf(final Collection<String> selectors) {
        final Map<String, String> fdnBySelector = new LinkedHashMap<>();
        selectors.forEach(selector -> DataNodeSelectors.fdnOf(selector)
            .ifPresent(fdn -> fdnBySelector.put(selector, fdn)));
        if (fdnBySelector.isEmpty()) {
            return Map.of();
        }
        final Map<String, CmHandleRoute> routesByFdn = cmHandleRouter.routeAll(Set.copyOf(fdnBySelector.values()));
        final Map<String, CmHandleRoute> routes = new LinkedHashMap<>();
        fdnBySelector.forEach((selector, fdn) -> {
            if (routesByFdn.get(fdn) != null) {
                routes.put(selector, routesByFdn.get(fdn));
            }
        });
        return routes;
    }

    /** One request per plugin, naming its handles and their selectors; a send that fails is sent again later. */
    private void send(final String type, final String dataJobId, final Collection<String> selectors,
                      final Map<String, CmHandleRoute> routes) {
        final Map<String, List<String>> selectorsByPlugin = new LinkedHashMap<>();
        final Map<String, Set<String>> handlesByPlugin = new LinkedHashMap<>();
        for (final String selector : selectors) {
            final CmHandleRoute route = routes.get(selector);
            if (route != null) {
                selectorsByPlugin.computeIfAbsent(route.dataPlugin(), plugin -> new ArrayList<>()).add(selector);
                handlesByPlugin.computeIfAbsent(route.dataPlugin(), plugin -> new LinkedHashSet<>())
                    .add(route.cmHandleId());
            }
        }
        if (selectorsByPlugin.isEmpty()) {
            return;
        }
        // one read of every handle the requests name, for their additional properties
        final Map<String, CmHandle> cmHandleById = ncmpCmHandleService.getCmHandles(handlesByPlugin.values().stream()
            .flatMap(Set::stream).collect(Collectors.toSet()));
        final Instant now = Instant.now();
        selectorsByPlugin.forEach((plugin, pluginSelectors) -> {
            final List<CmHandle> cmHandles = handlesByPlugin.get(plugin).stream().map(cmHandleById::get)
                .filter(Objects::nonNull).toList();
            kafkaTemplate.send(DmiSubscriptionRequests.request(subscriptionProperties.dmiInTopic(), type, dataJobId,
                plugin, cmHandles, pluginSelectors, dataSelectorByJob.get(dataJobId)))
                .whenComplete((sent, failure) -> {
                    if (failure != null) {
                        LOGGER.warn("A {} of data job {} for DMI plugin {} was not sent ({}): it is sent again after"
                            + " {}", type, dataJobId, plugin, failure.getMessage(), subscriptionProperties.answerTimeout());
                    }
                });
            if (DmiSubscriptionRequests.CREATE.equals(type)) {
                pluginSelectors.forEach(selector -> pendingSince.put(selector, now));
            }
        });
    }
}
