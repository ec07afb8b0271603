package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.AnchorLeavesUpdate;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.spi.AnchorOfWrite;
import io.cpsng.cps.spi.DataPersistence;
import io.cpsng.cps.spi.DataUpdate;
import io.cpsng.cps.yang.NodeContent;
import io.cpsng.cps.yang.YangModel;
import io.micrometer.core.annotation.Timed;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
@Timed("cps.store.operation")
class DataService implements CpsDataService {

    private final DataPersistence dataPersistence;
    private final AnchorModels anchorModels;
    private final NotificationSubscriptions notificationSubscriptions;

    DataService(final DataPersistence dataPersistence, final AnchorModels anchorModels,
                final NotificationSubscriptions notificationSubscriptions) {
        this.dataPersistence = dataPersistence;
        this.anchorModels = anchorModels;
        this.notificationSubscriptions = notificationSubscriptions;
    }

    @Override
    public void saveData(final String dataspaceName, final String anchorName, final String parentXpath,
                         final String data, final ContentType contentType, final String observedTimestamp) {
        final String parent = CpsPathParser.canonicalXpath(parentXpath);
        final List<DataNode> dataNodes = parse(dataspaceName, anchorName, parent, data, contentType);
        recordUpdate(dataspaceName, anchorName, parent, DataUpdatedEvent.CREATE, observedTimestamp);
        dataPersistence.storeDataNodes(dataspaceName, anchorName, parent, dataNodes);
    }

    @Override
    public void replaceData(final String dataspaceName, final Map<String, String> jsonDataByAnchorName) {
        final Map<String, Collection<DataNode>> dataNodesByAnchorName = new LinkedHashMap<>();
        jsonDataByAnchorName.forEach((anchorName, json) -> {
            try {
                dataNodesByAnchorName.put(anchorName, json == null ? List.of()
                    : parse(dataspaceName, anchorName, Xpaths.ROOT, json, ContentType.JSON));
            } catch (final DataValidationException invalid) {
                throw new DataValidationException(invalid.getMessage(), "Anchor " + anchorName + ": "
                    + invalid.getDetails());
            }
        });
        notificationSubscriptions.recordUpdates(dataspaceName, jsonDataByAnchorName.entrySet().stream()
            .map(anchorData -> new DataUpdate(anchorData.getKey(), Xpaths.ROOT,
                anchorData.getValue() == null ? DataUpdatedEvent.REMOVE : DataUpdatedEvent.REPLACE, null))
            .toList());
        dataPersistence.replaceAllData(dataspaceName, dataNodesByAnchorName);
    }

    @Override
    public void saveListElements(final String dataspaceName, final String anchorName, final String parentXpath,
                                 final String data, final ContentType contentType, final String observedTimestamp) {
        saveData(dataspaceName, anchorName, parentXpath, data, contentType, observedTimestamp);
    }

    @Override
    public void updateDataNodeAndDescendants(final String dataspaceName, final String anchorName,
                                             final String parentXpath, final String data,
                                             final ContentType contentType, final String observedTimestamp) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final AnchorOfWrite anchor = notificationSubscriptions.anchorOfWrite(dataspaceName, anchorName);
        final NodeContent nodeContent = anchorModels.yangModelOf(anchor.schemaSet())
            .parseNodeContent(CpsPathParser.canonicalXpath(parentXpath), data, contentType);
        if (isToBeTold(dataspaceName, anchorName, anchor, nodeContent.childNodes(), null, nodeContent.nodeLeaves())) {
            recordUpdate(dataspaceName, anchorName, nodeContent.xpath(), DataUpdatedEvent.REPLACE, observedTimestamp);
        }
        if (!nodeContent.childNodes().isEmpty()) {
            dataPersistence.replaceDataNodes(dataspaceName, anchorName, nodeContent.childNodes());
        }
        if (nodeContent.nodeLeaves() != null) {
            dataPersistence.updateLeaves(dataspaceName, anchorName, List.of(nodeContent.nodeLeaves()));
        }
    }

    @Override
    public void updateDataNodesAndDescendants(final String dataspaceName, final String anchorName,
                                              final Collection<DataNode> dataNodes) {
        NameValidator.validateNames(dataspaceName, anchorName);
        notificationSubscriptions.recordUpdates(dataspaceName, dataNodes.stream()
            .map(dataNode -> new DataUpdate(anchorName, dataNode.xpath(), DataUpdatedEvent.REPLACE, null)).toList());
        dataPersistence.replaceDataNodes(dataspaceName, anchorName, dataNodes);
    }

    @Override
    public void replaceListContent(final String dataspaceName, final String anchorName, final String parentXpath,
                                   final String data, final ContentType contentType,
                                   final String observedTimestamp) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final String parent = CpsPathParser.canonicalXpath(parentXpath);
        final AnchorOfWrite anchor = notificationSubscriptions.anchorOfWrite(dataspaceName, anchorName);
        final List<DataNode> listEntries = anchorModels.yangModelOf(anchor.schemaSet())
            .parseData(parent, data, contentType);
        if (isToBeTold(dataspaceName, anchorName, anchor, listEntries, parent, null)) {
            recordUpdate(dataspaceName, anchorName, parent, DataUpdatedEvent.REPLACE, observedTimestamp);
        }
        dataPersistence.replaceListContent(dataspaceName, anchorName, parent, listEntries);
    }

    @Override
    public void updateNodeLeaves(final String dataspaceName, final String anchorName, final String parentXpath,
                                 final String data, final ContentType contentType, final String observedTimestamp) {
        final NodeContent nodeContent = parseNodeContent(dataspaceName, anchorName, parentXpath, data, contentType);
        recordUpdate(dataspaceName, anchorName, nodeContent.xpath(), DataUpdatedEvent.REPLACE, observedTimestamp);
        dataPersistence.updateLeaves(dataspaceName, anchorName, nodesOf(nodeContent));
    }

    @Override
    public Set<String> updateNodeLeavesOfAnchors(final String dataspaceName,
                                                 final List<AnchorLeavesUpdate> updates) {
        NameValidator.validateNames(dataspaceName);
        final Set<String> anchorNames = new HashSet<>();
        updates.forEach(update -> {
            if (!anchorNames.add(update.anchorName())) {
                throw new DataValidationException("Invalid leaves updates", "Anchor " + update.anchorName()
                    + " has more than one update: at most one per anchor");
            }
        });
        final Map<String, YangModel> yangModels = anchorModels.yangModelsOf(dataspaceName, anchorNames);
        final Set<String> failedAnchors = new HashSet<>();
        final Map<String, Collection<DataNode>> dataNodesByAnchorName = new LinkedHashMap<>();
        final List<DataUpdate> dataUpdates = new ArrayList<>();
        for (final AnchorLeavesUpdate update : updates) {
            final NodeContent nodeContent = yangModels.containsKey(update.anchorName())
                ? nodeContentOf(update, yangModels.get(update.anchorName())) : null;
            if (nodeContent == null) {
                failedAnchors.add(update.anchorName());
            } else {
                dataNodesByAnchorName.put(update.anchorName(), nodesOf(nodeContent));
                dataUpdates.add(new DataUpdate(update.anchorName(), nodeContent.xpath(), DataUpdatedEvent.REPLACE,
                    null));
            }
        }
        if (!dataNodesByAnchorName.isEmpty()) {
            failedAnchors.addAll(dataPersistence.updateLeavesOfAnchors(dataspaceName, dataNodesByAnchorName));
            // the events after the rows, unlike a single write's: only the anchors merged in full have one. A write
            // of one of them holding its lock meanwhile may deadlock with this; PostgreSQL ends one of the two, and
            // a caller of many anchors applies them one by one then (CmNotificationsToCache)
            notificationSubscriptions.recordUpdates(dataspaceName, dataUpdates.stream()
                .filter(dataUpdate -> !failedAnchors.contains(dataUpdate.anchorName())).toList());
        }
        return failedAnchors;
    }

    /** The content the update names by its RESTCONF path; null when the path or the data do not fit the model. */
    private static NodeContent nodeContentOf(final AnchorLeavesUpdate update, final YangModel yangModel) {
        try {
            final String xpath = yangModel.xpathOfRestconfPath(update.restconfPath());
            final String parentXpath = Xpaths.isRoot(xpath) ? Xpaths.ROOT : Xpaths.parentXpath(xpath);
            return yangModel.parseNodeContent(parentXpath, update.json(), ContentType.JSON);
        } catch (final RuntimeException refused) {
            // a path or value the model refuses, however it says so: one anchor's update, not the others', fails
            return null;
        }
    }

    /** The nodes of the content whose leaves a merge writes: the child nodes, and the node itself if it has any. */
    private static List<DataNode> nodesOf(final NodeContent nodeContent) {
        final List<DataNode> dataNodes = new ArrayList<>(nodeContent.childNodes());
        if (nodeContent.nodeLeaves() != null) {
            dataNodes.add(nodeContent.nodeLeaves());
        }
        return dataNodes;
    }

    @Override
    @Transactional(readOnly = true)
    public void validateData(final String dataspaceName, final String anchorName, final String parentXpath,
                             final String data, final ContentType contentType) {
        parse(dataspaceName, anchorName, CpsPathParser.canonicalXpath(parentXpath), data, contentType);
    }

    @Override
    @Transactional(readOnly = true)
    public void validateNodeContent(final String dataspaceName, final String anchorName, final String xpath,
                                    final String data, final ContentType contentType) {
        parseNodeContent(dataspaceName, anchorName, xpath, data, contentType);
    }

    @Override
    public void deleteDataNode(final String dataspaceName, final String anchorName, final String xpath,
                               final String observedTimestamp) {
        delete(dataspaceName, anchorName, List.of(xpath), observedTimestamp);
    }

    @Override
    public void deleteDataNodes(final String dataspaceName, final String anchorName,
                                final Collection<String> xpaths) {
        delete(dataspaceName, anchorName, xpaths, null);
    }

    @Override
    @Transactional(readOnly = true)
    public String xpathOfRestconfPath(final String dataspaceName, final String anchorName,
                                      final String restconfPath) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return anchorModels.yangModelOf(dataspaceName, anchorName).xpathOfRestconfPath(restconfPath);
    }

    @Override
    @Transactional(readOnly = true)
    public List<String> getTopLevelNodeNames(final String dataspaceName, final String anchorName) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return anchorModels.yangModelOf(dataspaceName, anchorName).topLevelNodeNames();
    }

    /**
     * Reads run without a transaction of their own, their one statement in auto-commit (a read of descendants,
     * which needs a cursor, begins one in the store): the commit was one of a single-entry read's two round trips
     * (ADR 0025).
     */
    @Override
    @Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
    public Collection<DataNode> getDataNodes(final String dataspaceName, final String anchorName,
                                             final String xpath,
                                             final FetchDescendantsOption fetchDescendantsOption) {
        final Collection<DataNode> dataNodes = getDataNodesForMultipleXpaths(dataspaceName, anchorName,
            List.of(xpath), fetchDescendantsOption);
        // the root of an anchor without data too, as the reference answers it
        if (dataNodes.isEmpty()) {
            throw new DataNodeNotFoundException(dataspaceName, anchorName, List.of(xpath));
        }
        return dataNodes;
    }

    @Override
    @Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
    public Collection<DataNode> getDataNodesForMultipleXpaths(final String dataspaceName, final String anchorName,
                                                              final Collection<String> xpaths,
                                                              final FetchDescendantsOption fetchDescendantsOption) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final List<String> canonicalXpaths = xpaths.stream().map(CpsPathParser::canonicalXpath).toList();
        return anchorModels.withModules(dataPersistence.getDataNodes(dataspaceName, anchorName, canonicalXpaths,
            fetchDescendantsOption));
    }

    @Override
    public void saveDataNodes(final String dataspaceName, final String anchorName, final String parentXpath,
                              final Collection<DataNode> dataNodes) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final String parent = CpsPathParser.canonicalXpath(parentXpath);
        recordUpdate(dataspaceName, anchorName, parent, DataUpdatedEvent.CREATE, null);
        dataPersistence.storeDataNodes(dataspaceName, anchorName, parent, dataNodes);
    }

    private void delete(final String dataspaceName, final String anchorName, final Collection<String> xpaths,
                        final String observedTimestamp) {
        NameValidator.validateNames(dataspaceName, anchorName);
        final List<String> canonicalXpaths = xpaths.stream().map(CpsPathParser::canonicalXpath).toList();
        final List<String> deletedXpaths = canonicalXpaths.stream().anyMatch(Xpaths::isRoot)
            ? List.of(Xpaths.ROOT) : canonicalXpaths;
        notificationSubscriptions.recordUpdates(dataspaceName, deletedXpaths.stream()
            .map(xpath -> new DataUpdate(anchorName, xpath, DataUpdatedEvent.REMOVE, observedTimestamp)).toList());
        if (deletedXpaths.contains(Xpaths.ROOT)) {
            dataPersistence.deleteAllData(dataspaceName, anchorName);
        } else {
            dataPersistence.deleteDataNodes(dataspaceName, anchorName, canonicalXpaths);
        }
    }

    /**
     * A replacement is told when its anchor is subscribed and it changes what is stored: one that changes nothing
     * tells no event (the reference tells one), and the write of an anchor nobody subscribed to costs nothing beyond
     * the look-up of its schema set. Only a subscribed anchor's write compares, under its events lock: a write of
     * another transaction cannot come between the comparison and this write. The write still runs, since the
     * comparison leaves out the order of list entries.
     */
    private boolean isToBeTold(final String dataspaceName, final String anchorName, final AnchorOfWrite anchor,
                               final Collection<DataNode> dataNodes, final String listParentXpath,
                               final DataNode leavesToMerge) {
        return anchor.subscribed()
            && !dataPersistence.holdsAlready(dataspaceName, anchorName, dataNodes, listParentXpath, leavesToMerge);
    }

    /**
     * Events go into the outbox before the change is written (they roll back with it if it fails): a subscribed
     * anchor's lock is then taken before any of its rows, so a write never holds rows while waiting for the lock.
     */
    private void recordUpdate(final String dataspaceName, final String anchorName, final String xpath,
                              final String action, final String observedTimestamp) {
        notificationSubscriptions.recordUpdates(dataspaceName,
            List.of(new DataUpdate(anchorName, xpath, action, observedTimestamp)));
    }

    private NodeContent parseNodeContent(final String dataspaceName, final String anchorName, final String xpath,
                                         final String data, final ContentType contentType) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return anchorModels.yangModelOf(dataspaceName, anchorName)
            .parseNodeContent(CpsPathParser.canonicalXpath(xpath), data, contentType);
    }

    private List<DataNode> parse(final String dataspaceName, final String anchorName, final String parentXpath,
                                 final String data, final ContentType contentType) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return anchorModels.yangModelOf(dataspaceName, anchorName).parseData(parentXpath, data, contentType);
    }
}
