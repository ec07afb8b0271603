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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
                                      final FetchDescendantsOption fetchDescendantsOption) {
        NameValidator.validateNames(dataspaceName, sourceAnchorName, targetAnchorName);
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        return compare(read(dataspaceName, sourceAnchorName, canonicalXpath, fetchDescendantsOption),
            read(dataspaceName, targetAnchorName, canonicalXpath, fetchDescendantsOption));
    }

    @Override
    @Transactional(readOnly = true)
    public List<DeltaReport> getDeltaToData(final String dataspaceName, final String sourceAnchorName,
                                            final String xpath, final String targetJson) {
        NameValidator.validateNames(dataspaceName, sourceAnchorName);
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        final List<DataNode> target = anchorModels.yangModelOf(dataspaceName, sourceAnchorName)
            .parseData(Xpaths.isRoot(canonicalXpath) ? Xpaths.ROOT : Xpaths.parentXpath(canonicalXpath), targetJson,
                ContentType.JSON);
        if (!Xpaths.isRoot(canonicalXpath) && target.stream().noneMatch(node -> node.xpath().equals(canonicalXpath))) {
            throw new DataValidationException("Invalid target data", "The target data hold no node at "
                + canonicalXpath + ": they should name it, as its parent holds it");
        }
        return compare(read(dataspaceName, sourceAnchorName, canonicalXpath,
            FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS), anchorModels.withModules(dataspaceName, sourceAnchorName,
            target));
    }

    @Override
    @Transactional
    public void applyDelta(final String dataspaceName, final String anchorName, final List<DeltaChange> deltaChanges) {
        deltaChanges.stream().filter(change -> !List.of(DeltaReport.CREATE, DeltaReport.REMOVE, DeltaReport.REPLACE)
            .contains(change.action()) || change.xpath() == null).findFirst().ifPresent(change -> {
                throw new DataValidationException("Invalid delta report", "Action " + change.action() + " of "
                    + change.xpath() + ": each entry needs an xpath and the action create, remove or replace");
            });
        final Comparator<DeltaChange> byDepth = Comparator.comparingInt(change -> depthOf(change.xpath()));
        deltaChanges.stream().filter(change -> DeltaReport.REMOVE.equals(change.action()))
            .sorted(byDepth.reversed())
            .forEach(change -> cpsDataService.deleteDataNode(dataspaceName, anchorName, change.xpath()));
        deltaChanges.stream().filter(change -> DeltaReport.REPLACE.equals(change.action()))
            .forEach(change -> cpsDataService.updateNodeLeaves(dataspaceName, anchorName,
                parentOf(change.xpath()), requireData(change), ContentType.JSON));
        deltaChanges.stream().filter(change -> DeltaReport.CREATE.equals(change.action()))
            .sorted(byDepth)
            .forEach(change -> cpsDataService.saveData(dataspaceName, anchorName, parentOf(change.xpath()),
                requireData(change), ContentType.JSON));
    }

    /** The nodes at the xpath, none if it has none: a read that throws would doom the surrounding transaction. */
    private Collection<DataNode> read(final String dataspaceName, final String anchorName, final String xpath,
                                      final FetchDescendantsOption fetchDescendantsOption) {
        return cpsDataService.getDataNodesForMultipleXpaths(dataspaceName, anchorName, List.of(xpath),
            fetchDescendantsOption);
    }

    private static List<DeltaReport> compare(final Collection<DataNode> source, final Collection<DataNode> target) {
        final Map<String, DataNode> sourceNodes = flatten(source);
        final Map<String, DataNode> targetNodes = flatten(target);
        final List<DeltaReport> deltaReports = new ArrayList<>();
        sourceNodes.forEach((xpath, sourceNode) -> {
            final DataNode targetNode = targetNodes.get(xpath);
            if (targetNode == null) {
                deltaReports.add(new DeltaReport(DeltaReport.REMOVE, xpath, sourceNode, null));
            } else {
                replacement(xpath, sourceNode, targetNode).ifPresent(deltaReports::add);
            }
        });
        targetNodes.forEach((xpath, targetNode) -> {
            if (!sourceNodes.containsKey(xpath)) {
                deltaReports.add(new DeltaReport(DeltaReport.CREATE, xpath, null, targetNode));
            }
        });
        return deltaReports;
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
            sourceLeaves.isEmpty() ? null : new DataNode(xpath, sourceNode.module(), sourceLeaves, List.of()),
            targetLeaves.isEmpty() ? null : new DataNode(xpath, targetNode.module(), targetLeaves, List.of())));
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
        if (leaves.isEmpty() || !xpath.endsWith("]")) {
            return;
        }
        final Matcher keyName = KEY_NAME.matcher(Xpaths.lastStep(xpath));
        final Map<String, Object> withKeys = new LinkedHashMap<>();
        while (keyName.find()) {
            final Object keyValue = node.leaves().get(keyName.group(1));
            if (keyValue != null) {
                withKeys.put(keyName.group(1), keyValue);
            }
        }
        withKeys.putAll(leaves);
        leaves.clear();
        leaves.putAll(withKeys);
    }

    /** Each node by xpath, without its children; the module of the top nodes kept. */
    private static Map<String, DataNode> flatten(final Collection<DataNode> dataNodes) {
        final Map<String, DataNode> flat = new LinkedHashMap<>();
        addFlat(dataNodes, flat);
        return flat;
    }

    private static void addFlat(final Collection<DataNode> dataNodes, final Map<String, DataNode> flat) {
        for (final DataNode dataNode : dataNodes) {
            flat.put(dataNode.xpath(), new DataNode(dataNode.xpath(), dataNode.module(), dataNode.leaves(),
                List.of()));
            addFlat(dataNode.childDataNodes(), flat);
        }
    }

    private static String requireData(final DeltaChange change) {
        if (change.targetDataJson() == null) {
            throw new DataValidationException("Invalid delta report", change.action() + " of " + change.xpath()
                + " has no target-data");
        }
        return change.targetDataJson();
    }

    private static String parentOf(final String xpath) {
        return Xpaths.parentXpath(CpsPathParser.canonicalXpath(xpath));
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
