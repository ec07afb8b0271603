package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.CpsDeltaService;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.DeltaChange;
import io.cpsng.cps.api.model.DeltaReport;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.yang.YangModel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class DeltaService implements CpsDeltaService {

    // the key names in a list entry's last step, e.g. categories[@code='1' and @lang="en"]
    private static final Pattern KEY_NAME = Pattern.compile("@([\\w.-]+)\\s*=");

    private final CpsDataService cpsDataService;
    private final AnchorModels anchorModels;

    DeltaService(final CpsDataService cpsDataService, final AnchorModels anchorModels) {
        this.cpsDataService = cpsDataService;
        this.anchorModels = anchorModels;
    }

    @Override
    @Transactional(readOnly = true)
    public List<DeltaReport> getDelta(final String dataspaceName, final String sourceAnchorName,
                                      final String targetAnchorName, final String xpath,
                                      final FetchDescendantsOption fetchDescendantsOption, final boolean grouped) {
        NameValidator.validateNames(dataspaceName, sourceAnchorName, targetAnchorName);
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        return compare(read(dataspaceName, sourceAnchorName, canonicalXpath, fetchDescendantsOption),
            read(dataspaceName, targetAnchorName, canonicalXpath, fetchDescendantsOption), grouped);
    }

    @Override
    @Transactional(readOnly = true)
    public List<DeltaReport> getDeltaToData(final String dataspaceName, final String sourceAnchorName,
                                            final String xpath, final String targetData,
                                            final ContentType contentType, final boolean grouped) {
        NameValidator.validateNames(dataspaceName, sourceAnchorName);
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        final List<DataNode> target = anchorModels.yangModelOf(dataspaceName, sourceAnchorName)
            .parseData(Xpaths.isRoot(canonicalXpath) ? Xpaths.ROOT : Xpaths.parentXpath(canonicalXpath), targetData,
                contentType);
        if (!Xpaths.isRoot(canonicalXpath) && target.stream().noneMatch(node -> node.xpath().equals(canonicalXpath))) {
            throw new DataValidationException("Invalid target data", "The target data hold no node at "
                + canonicalXpath + ": they should name it, as its parent holds it");
        }
        return compare(read(dataspaceName, sourceAnchorName, canonicalXpath,
            FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS), anchorModels.withModules(dataspaceName, sourceAnchorName,
            target), grouped);
    }

    @Override
    @Transactional
    public void applyDelta(final String dataspaceName, final String anchorName, final List<DeltaChange> deltaChanges) {
        NameValidator.validateNames(dataspaceName, anchorName);
        // the anchor is looked up first, so that a report to one that does not exist is refused even when empty
        final YangModel yangModel = anchorModels.yangModelOf(dataspaceName, anchorName);
        final List<AppliedChange> changes = deltaChanges.stream()
            .map(deltaChange -> AppliedChange.of(yangModel, deltaChange)).toList();
        removeNodes(dataspaceName, anchorName, changes);
        replaceLeaves(dataspaceName, anchorName, changes);
        createNodes(dataspaceName, anchorName, changes);
    }

    /** Deepest first, so that a node and its removed descendant, reported apart, are removed in turn. */
    private void removeNodes(final String dataspaceName, final String anchorName, final List<AppliedChange> changes) {
        changes.stream().filter(change -> DeltaReport.REMOVE.equals(change.action()))
            .flatMap(change -> change.sourceNodes().stream().map(DataNode::xpath))
            .sorted(Comparator.comparingInt(DeltaService::depthOf).reversed())
            .forEach(xpath -> cpsDataService.deleteDataNode(dataspaceName, anchorName, xpath));
    }

    /** The node's leaves become the target's: those changed are set, those only the source has are removed. */
    private void replaceLeaves(final String dataspaceName, final String anchorName,
                               final List<AppliedChange> changes) {
        for (final AppliedChange change : changes) {
            if (!DeltaReport.REPLACE.equals(change.action())) {
                continue;
            }
            final DataNode target = change.targetNodes().isEmpty() ? null : change.targetNodes().getFirst();
            final DataNode source = change.sourceNodes().isEmpty() ? null : change.sourceNodes().getFirst();
            final String nodeXpath = target == null ? source.xpath() : target.xpath();
            final Collection<String> droppedLeaves = source == null ? List.of() : source.leaves().keySet().stream()
                .filter(leaf -> target == null || !target.leaves().containsKey(leaf))
                .filter(leaf -> !keyNamesOf(nodeXpath).contains(leaf)).toList();
            if (droppedLeaves.isEmpty()) {
                if (target != null) {
                    cpsDataService.updateNodeLeaves(dataspaceName, anchorName, change.parentXpath(),
                        change.targetData(), change.contentType());
                }
            } else {
                final DataNode current = cpsDataService.getDataNodes(dataspaceName, anchorName, nodeXpath,
                    FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS).iterator().next();
                final Map<String, Object> leaves = new LinkedHashMap<>(current.leaves());
                leaves.keySet().removeAll(droppedLeaves);
                if (target != null) {
                    leaves.putAll(target.leaves());
                }
                cpsDataService.updateDataNodesAndDescendants(dataspaceName, anchorName, List.of(
                    new DataNode(nodeXpath, current.module(), leaves, current.childDataNodes())));
            }
        }
    }

    /** Shallowest first, so that a node and its created descendant, reported apart, are created in turn. */
    private void createNodes(final String dataspaceName, final String anchorName, final List<AppliedChange> changes) {
        changes.stream().filter(change -> DeltaReport.CREATE.equals(change.action()))
            .sorted(Comparator.comparingInt(change -> depthOf(change.parentXpath())))
            .forEach(change -> cpsDataService.saveData(dataspaceName, anchorName, change.parentXpath(),
                change.targetData(), change.contentType()));
    }

    /** The nodes at the xpath, none if it has none: a read that throws would doom the surrounding transaction. */
    private Collection<DataNode> read(final String dataspaceName, final String anchorName, final String xpath,
                                      final FetchDescendantsOption fetchDescendantsOption) {
        return cpsDataService.getDataNodesForMultipleXpaths(dataspaceName, anchorName, List.of(xpath),
            fetchDescendantsOption);
    }

    private static List<DeltaReport> compare(final Collection<DataNode> source, final Collection<DataNode> target,
                                             final boolean grouped) {
        final Map<String, DataNode> sourceNodes = flatten(source);
        final Map<String, DataNode> targetNodes = flatten(target);
        final GroupedReports groupedReports = new GroupedReports();
        final List<DeltaReport> deltaReports = new ArrayList<>();
        sourceNodes.forEach((xpath, sourceNode) -> {
            final DataNode targetNode = targetNodes.get(xpath);
            if (targetNode != null) {
                replacement(xpath, sourceNode, targetNode).ifPresent(deltaReports::add);
            } else if (!grouped) {
                deltaReports.add(new DeltaReport(DeltaReport.REMOVE, xpath, List.of(withoutChildren(sourceNode)),
                    null));
            } else if (!isInside(xpath, sourceNodes, targetNodes)) {
                groupedReports.add(deltaReports, DeltaReport.REMOVE, sourceNode);
            }
        });
        targetNodes.forEach((xpath, targetNode) -> {
            if (sourceNodes.containsKey(xpath)) {
                return;
            }
            if (!grouped) {
                deltaReports.add(new DeltaReport(DeltaReport.CREATE, xpath, null, List.of(withoutChildren(targetNode))));
            } else if (!isInside(xpath, targetNodes, sourceNodes)) {
                groupedReports.add(deltaReports, DeltaReport.CREATE, targetNode);
            }
        });
        return groupedReports.filledIn(deltaReports);
    }

    /** Whether the node's parent is itself only on this side: the node is then reported with its parent's subtree. */
    private static boolean isInside(final String xpath, final Map<String, DataNode> thisSide,
                                    final Map<String, DataNode> otherSide) {
        final String parentXpath = Xpaths.parentXpath(xpath);
        return thisSide.containsKey(parentXpath) && !otherSide.containsKey(parentXpath);
    }

    /** The leaves that differ on either side, with the keys of a list entry; nothing if none differs. */
    private static Optional<DeltaReport> replacement(final String xpath, final DataNode sourceNode,
                                                               final DataNode targetNode) {
        final Map<String, Object> sourceLeaves = new LinkedHashMap<>();
        final Map<String, Object> targetLeaves = new LinkedHashMap<>();
        sourceNode.leaves().forEach((name, value) -> {
            if (!sameValue(value, targetNode.leaves().get(name))) {
                sourceLeaves.put(name, value);
                if (targetNode.leaves().containsKey(name)) {
                    targetLeaves.put(name, targetNode.leaves().get(name));
                }
            }
        });
        targetNode.leaves().forEach((name, value) -> {
            if (!sourceNode.leaves().containsKey(name)) {
                targetLeaves.put(name, value);
            }
        });
        if (sourceLeaves.isEmpty() && targetLeaves.isEmpty()) {
            return Optional.empty();
        }
        addKeys(xpath, sourceNode, sourceLeaves);
        addKeys(xpath, targetNode, targetLeaves);
        return Optional.of(new DeltaReport(DeltaReport.REPLACE, xpath,
            sourceLeaves.isEmpty() ? null : List.of(new DataNode(xpath, sourceNode.module(), sourceLeaves, List.of())),
            targetLeaves.isEmpty() ? null : List.of(new DataNode(xpath, targetNode.module(), targetLeaves, List.of()))));
    }

    /**
     * Equal leaf values, numbers by value: data read back from the store and data just parsed against the model
     * hold the same number in different types (a uint16 parsed is an Integer, read back a Long).
     */
    private static boolean sameValue(final Object source, final Object target) {
        if (source instanceof Number sourceNumber && target instanceof Number targetNumber) {
            return new BigDecimal(sourceNumber.toString()).compareTo(new BigDecimal(targetNumber.toString())) == 0;
        }
        if (source instanceof List<?> sourceList && target instanceof List<?> targetList) {
            if (sourceList.size() != targetList.size()) {
                return false;
            }
            for (int index = 0; index < sourceList.size(); index++) {
                if (!sameValue(sourceList.get(index), targetList.get(index))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(source, target);
    }

    private static void addKeys(final String xpath, final DataNode node, final Map<String, Object> leaves) {
        if (leaves.isEmpty()) {
            return;
        }
        final Map<String, Object> withKeys = new LinkedHashMap<>();
        for (final String keyName : keyNamesOf(xpath)) {
            final Object keyValue = node.leaves().get(keyName);
            if (keyValue != null) {
                withKeys.put(keyName, keyValue);
            }
        }
        withKeys.putAll(leaves);
        leaves.clear();
        leaves.putAll(withKeys);
    }

    /** Each node by xpath, with its children (a grouped report holds whole subtrees); the top nodes' modules kept. */
    private static Map<String, DataNode> flatten(final Collection<DataNode> dataNodes) {
        final Map<String, DataNode> flat = new LinkedHashMap<>();
        addFlat(dataNodes, flat);
        return flat;
    }

    private static void addFlat(final Collection<DataNode> dataNodes, final Map<String, DataNode> flat) {
        for (final DataNode dataNode : dataNodes) {
            flat.put(dataNode.xpath(), dataNode);
            addFlat(dataNode.childDataNodes(), flat);
        }
    }

    private static DataNode withoutChildren(final DataNode dataNode) {
        return new DataNode(dataNode.xpath(), dataNode.module(), dataNode.leaves(), List.of());
    }

    /** The key names in a list entry's last step, in their order; none for a container. */
    private static Set<String> keyNamesOf(final String xpath) {
        final Set<String> keyNames = new LinkedHashSet<>();
        if (Xpaths.isListEntry(xpath)) {
            final Matcher keyName = KEY_NAME.matcher(Xpaths.lastStep(xpath));
            while (keyName.find()) {
                keyNames.add(keyName.group(1));
            }
        }
        return keyNames;
    }

    private static int depthOf(final String xpath) {
        int depth = 0;
        String current = CpsPathParser.canonicalXpath(xpath);
        while (!Xpaths.isRoot(current)) {
            current = Xpaths.parentXpath(current);
            depth++;
        }
        return depth;
    }
}
