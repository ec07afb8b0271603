package io.cpsng.cps.impl;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.CpsNotificationService;
import io.cpsng.cps.api.NameRules;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.spi.AdminPersistence;
import io.cpsng.cps.spi.AnchorOfWrite;
import io.cpsng.cps.spi.DataPersistence;
import io.cpsng.cps.spi.DataUpdate;
import io.cpsng.cps.spi.DataUpdatedEventPersistence;
import io.cpsng.cps.spi.SubscriptionXpaths;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The subscriptions to data-updated events, kept as the reference keeps them (CpsNotificationService), and the
 * outbox writes of the changes of subscribed anchors, which every write of DataService makes in its transaction.
 * The model and its anchor are created at start-up and again whenever they are found missing; "already defined"
 * counts as done, so instances starting together are safe. Subscription data are written without events.
 */
@Service
class NotificationSubscriptions implements CpsNotificationService, SmartInitializingSingleton {

    static final String ADMIN_DATASPACE = "CPS-Admin";
    static final String SUBSCRIPTIONS_ANCHOR = "cps-notification-subscriptions";

    private static final Logger LOGGER = LoggerFactory.getLogger(NotificationSubscriptions.class);
    private static final String MODEL_FILE_NAME = "cps-notification-subscriptions@2024-07-03.yang";
    private static final String EMPTY_SUBSCRIPTIONS = "{\"cps-notification-subscriptions:dataspaces\":{}}";
    private static final String DATASPACES_XPATH = "/dataspaces";

    private final AdminPersistence adminPersistence;
    private final CpsModuleService cpsModuleService;
    private final DataPersistence dataPersistence;
    private final DataUpdatedEventPersistence dataUpdatedEventPersistence;
    private final AnchorModels anchorModels;
    private final TransactionTemplate transactionTemplate;

    // the store's persistence, not its services, for the dataspace and anchor: AnchorService deletes anchors with
    // their events through this class
    NotificationSubscriptions(final AdminPersistence adminPersistence, final CpsModuleService cpsModuleService,
                              final DataPersistence dataPersistence,
                              final DataUpdatedEventPersistence dataUpdatedEventPersistence,
                              final AnchorModels anchorModels, final PlatformTransactionManager transactionManager) {
        this.adminPersistence = adminPersistence;
        this.cpsModuleService = cpsModuleService;
        this.dataPersistence = dataPersistence;
        this.dataUpdatedEventPersistence = dataUpdatedEventPersistence;
        this.anchorModels = anchorModels;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
    }

    @Override
    public void afterSingletonsInstantiated() {
        loadModel();
    }

    @Override
    public void createNotificationSubscription(final String xpath, final String subscriptionJson) {
        final String parentXpath = CpsPathParser.canonicalXpath(xpath);
        checkNames(subscriptionJson);
        withModel(() -> transactionTemplate.execute(status -> {
            final List<DataNode> dataNodes = anchorModels.yangModelOf(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR)
                .parseData(parentXpath, subscriptionJson, ContentType.JSON);
            dataPersistence.storeDataNodes(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, parentXpath, dataNodes);
            return null;
        }));
    }

    @Override
    public void deleteNotificationSubscription(final String xpath) {
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        if (Xpaths.isRoot(canonicalXpath) || DATASPACES_XPATH.equals(canonicalXpath)) {
            throw new DataValidationException("Invalid subscription xpath", "xpath " + xpath
                + " is the container of all subscriptions: delete a dataspace's or an anchor's entry");
        }
        withModel(() -> transactionTemplate.execute(status -> {
            dataPersistence.deleteDataNodes(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, List.of(canonicalXpath));
            return null;
        }));
    }

    @Override
    public Collection<DataNode> getNotificationSubscription(final String xpath) {
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        final Collection<DataNode> dataNodes = withModel(() -> anchorModels.withModules(
            dataPersistence.getDataNodes(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, List.of(canonicalXpath),
                FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS)));
        if (dataNodes.isEmpty()) {
            throw new DataNodeNotFoundException(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, List.of(canonicalXpath));
        }
        return dataNodes;
    }

    /**
     * Refuses to delete the subscriptions' own anchor: it would drop every subscription at once, which a DELETE of
     * the subscriptions without an xpath is refused for too (docs/api.md).
     */
    void refuseDeletingItsAnchor(final String dataspaceName, final Collection<String> anchorNames) {
        if (ADMIN_DATASPACE.equals(dataspaceName) && anchorNames.contains(SUBSCRIPTIONS_ANCHOR)) {
            throw new InUseException("Anchor in use", "Anchor " + SUBSCRIPTIONS_ANCHOR + " of dataspace "
                + ADMIN_DATASPACE + " holds the notification subscriptions: delete subscriptions by xpath "
                + "(DELETE /v2/notification-subscription?xpath=...) instead");
        }
    }

    /**
     * Writes the events of those changes whose anchors are subscribed into the outbox, in the caller's transaction
     * and before it writes the change: a write of an anchor nobody subscribed to costs one look-up.
     */
    void recordUpdates(final String dataspaceName, final List<DataUpdate> dataUpdates) {
        if (dataUpdates.isEmpty()) {
            return;
        }
        dataUpdatedEventPersistence.appendToOutbox(dataspaceName, dataUpdates, subscriptionXpaths(dataspaceName,
            dataUpdates.stream().map(DataUpdate::anchorName).distinct().toList()));
    }

    /**
     * The anchor's schema set and whether a write of it is told, its events lock taken if so: for writes that tell
     * nothing when they change nothing, which compare under the lock that orders the anchor's writes with their
     * events.
     */
    AnchorOfWrite anchorOfWrite(final String dataspaceName, final String anchorName) {
        return dataUpdatedEventPersistence.anchorOfWrite(dataspaceName, anchorName,
            subscriptionXpaths(dataspaceName, List.of(anchorName)));
    }

    private static SubscriptionXpaths subscriptionXpaths(final String dataspaceName,
                                                         final List<String> anchorNames) {
        final String dataspaceXpath = entryXpath(DATASPACES_XPATH, "dataspace", dataspaceName);
        final String anchorsXpath = Xpaths.childXpath(dataspaceXpath, "anchors");
        final Map<String, String> xpathByAnchorName = new HashMap<>();
        anchorNames.forEach(anchorName -> xpathByAnchorName.put(anchorName,
            entryXpath(anchorsXpath, "anchor", anchorName)));
        return new SubscriptionXpaths(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, dataspaceXpath, anchorsXpath,
            xpathByAnchorName);
    }

    /** Creates what is missing of the subscriptions' dataspace, schema set, anchor and top container. */
    void loadModel() {
        ignoreAlreadyDefined(() -> transactionTemplate.executeWithoutResult(status ->
            adminPersistence.createDataspace(ADMIN_DATASPACE)));
        ignoreAlreadyDefined(() -> cpsModuleService.createSchemaSet(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR,
            Map.of(MODEL_FILE_NAME, modelSource())));
        ignoreAlreadyDefined(() -> transactionTemplate.executeWithoutResult(status ->
            adminPersistence.createAnchor(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, SUBSCRIPTIONS_ANCHOR)));
        ignoreAlreadyDefined(() -> transactionTemplate.execute(status -> {
            dataPersistence.storeDataNodes(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR, Xpaths.ROOT,
                anchorModels.yangModelOf(ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR)
                    .parseData(Xpaths.ROOT, EMPTY_SUBSCRIPTIONS, ContentType.JSON));
            return null;
        }));
        LOGGER.info("Notification subscriptions model ready in {}/{}", ADMIN_DATASPACE, SUBSCRIPTIONS_ANCHOR);
    }

    // the store can be emptied under a running service (tests, a restore): the model comes back on first use
    private <T> T withModel(final Supplier<T> operation) {
        try {
            return operation.get();
        } catch (final NotFoundException modelMissing) {
            loadModel();
            return operation.get();
        }
    }

    /**
     * Every name of a subscription is a dataspace's or an anchor's: a JSON string (the model's string would take
     * {"name": 5} as "5") that is a valid name, so no control character or 5 MB name is stored.
     */
    private static void checkNames(final String subscriptionJson) {
        final JsonElement subscription;
        try {
            subscription = JsonParser.parseString(subscriptionJson);
        } catch (final JsonParseException notJson) {
            return; // the model's parser names what is wrong
        }
        checkNames(subscription);
    }

    private static void checkNames(final JsonElement element) {
        if (element.isJsonArray()) {
            element.getAsJsonArray().forEach(NotificationSubscriptions::checkNames);
        } else if (element.isJsonObject()) {
            element.getAsJsonObject().entrySet().forEach(member -> {
                if ("name".equals(member.getKey())) {
                    final JsonElement name = member.getValue();
                    if (!name.isJsonPrimitive() || !name.getAsJsonPrimitive().isString()
                        || !NameRules.isValid(name.getAsString())) {
                        throw new DataValidationException("Invalid subscription", "A subscription's name is a "
                            + "dataspace's or an anchor's name: a JSON string of at most "
                            + NameRules.MOST_CHARACTERS + " characters, without blanks, control characters or any of "
                            + NameRules.UNSUPPORTED_CHARACTERS);
                    }
                }
                checkNames(member.getValue());
            });
        }
    }

    private static String entryXpath(final String parentXpath, final String listName, final String name) {
        return Xpaths.listEntryXpath(parentXpath, listName, Map.of("name", name));
    }

    private static void ignoreAlreadyDefined(final Runnable creation) {
        try {
            creation.run();
        } catch (final AlreadyDefinedException alreadyThere) {
            LOGGER.debug("Already defined: {}", alreadyThere.getDetails());
        }
    }

    private static String modelSource() {
        try (InputStream model = NotificationSubscriptions.class.getResourceAsStream("/models/" + MODEL_FILE_NAME)) {
            return new String(model.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
