package io.cpsng.cps.impl;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.DeltaReport;
import io.cpsng.cps.path.Xpaths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The condensed report's created and removed subtrees: one entry per action and parent, holding every subtree of
 * that parent, in the place of its first subtree among the other entries.
 */
final class GroupedReports {

    private final Map<String, Integer> positionByActionAndParent = new HashMap<>();
    private final Map<Integer, Group> groupByPosition = new LinkedHashMap<>();

    void add(final List<DeltaReport> deltaReports, final String action, final DataNode subtree) {
        final String parentXpath = Xpaths.parentXpath(subtree.xpath());
        final Integer position = positionByActionAndParent.computeIfAbsent(action + ' ' + parentXpath, key -> {
            deltaReports.add(null);
            groupByPosition.put(deltaReports.size() - 1, new Group(action, parentXpath, new ArrayList<>()));
            return deltaReports.size() - 1;
        });
        groupByPosition.get(position).subtrees().add(subtree);
    }

    /** The reports with each group's entry in its place. */
    List<DeltaReport> filledIn(final List<DeltaReport> deltaReports) {
        groupByPosition.forEach((position, group) -> deltaReports.set(position,
            DeltaReport.REMOVE.equals(group.action())
                ? new DeltaReport(DeltaReport.REMOVE, group.parentXpath(), group.subtrees(), null)
                : new DeltaReport(DeltaReport.CREATE, group.parentXpath(), null, group.subtrees())));
        return deltaReports;
    }

    private record Group(String action, String parentXpath, List<DataNode> subtrees) {
    }
}
