package io.cpsng.cps.impl;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.DeltaChange;
import io.cpsng.cps.api.model.DeltaReport;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.yang.YangModel;
import java.util.List;

/**
 * A delta report's entry resolved against the anchor's model: the parent its data hang below and the nodes they
 * hold. An entry's data name either the node at its xpath (each node reported on its own) or children of it (a
 * condensed report's created or removed subtrees): the name of the data's first member tells which.
 */
record AppliedChange(String action, String parentXpath, List<DataNode> sourceNodes, List<DataNode> targetNodes,
                     String targetDataJson) {

    private static final String INVALID_REPORT = "Invalid delta report";

    static AppliedChange of(final YangModel yangModel, final DeltaChange deltaChange) {
        final String action = deltaChange.action();
        if (action == null || !List.of(DeltaReport.CREATE, DeltaReport.REMOVE, DeltaReport.REPLACE).contains(action)
            || deltaChange.xpath() == null) {
            throw invalid("Action " + action + " of " + deltaChange.xpath() + ": each entry needs an xpath and the"
                + " action create, remove or replace");
        }
        final String xpath = CpsPathParser.canonicalXpath(deltaChange.xpath());
        final String sourceJson = deltaChange.sourceDataJson();
        final String targetJson = deltaChange.targetDataJson();
        requireData(action, xpath, DeltaReport.CREATE.equals(action) ? targetJson : sourceJson, targetJson);
        final String parentXpath = parentXpathOf(xpath, firstMemberName(targetJson == null ? sourceJson : targetJson,
            xpath));
        final List<DataNode> sourceNodes = sourceJson == null ? List.of()
            : yangModel.parseData(parentXpath, sourceJson, ContentType.JSON);
        final List<DataNode> targetNodes = targetJson == null ? List.of()
            : yangModel.parseData(parentXpath, targetJson, ContentType.JSON);
        if (DeltaReport.REPLACE.equals(action)) {
            requireOneNodeAt(xpath, sourceNodes);
            requireOneNodeAt(xpath, targetNodes);
        }
        return new AppliedChange(action, parentXpath, sourceNodes, targetNodes, targetJson);
    }

    private static void requireData(final String action, final String xpath, final String requiredData,
                                    final String targetJson) {
        final boolean replaceWithoutData = DeltaReport.REPLACE.equals(action) && requiredData == null
            && targetJson == null;
        if (replaceWithoutData || !DeltaReport.REPLACE.equals(action) && requiredData == null) {
            final String missing = DeltaReport.CREATE.equals(action) ? "targetData"
                : DeltaReport.REMOVE.equals(action) ? "sourceData" : "sourceData or targetData";
            throw invalid(action + " of " + xpath + " has no " + missing);
        }
    }

    /** The xpath itself when the data name one of its children, else its parent. */
    private static String parentXpathOf(final String xpath, final String firstMemberName) {
        if (Xpaths.isRoot(xpath)) {
            return Xpaths.ROOT;
        }
        final String nodeName = Xpaths.lastStepName(xpath);
        final String localNodeName = nodeName.substring(nodeName.indexOf(':') + 1);
        return localNodeName.equals(firstMemberName) ? Xpaths.parentXpath(xpath) : xpath;
    }

    private static String firstMemberName(final String json, final String xpath) {
        final JsonElement data;
        try {
            data = JsonParser.parseString(json);
        } catch (final JsonParseException notJson) {
            throw invalid("The data of " + xpath + " are not JSON");
        }
        if (!data.isJsonObject() || data.getAsJsonObject().isEmpty()) {
            throw invalid("The data of " + xpath + " must be an object naming the node(s), e.g. {\"name\": {...}}");
        }
        final String memberName = data.getAsJsonObject().keySet().iterator().next();
        return memberName.substring(memberName.indexOf(':') + 1);
    }

    private static void requireOneNodeAt(final String xpath, final List<DataNode> dataNodes) {
        if (dataNodes.size() > 1 || dataNodes.size() == 1 && !dataNodes.getFirst().xpath().equals(xpath)) {
            throw invalid("A replacement's data hold the node at its xpath, " + xpath + ", and nothing else");
        }
    }

    private static DataValidationException invalid(final String details) {
        return new DataValidationException(INVALID_REPORT, details);
    }
}
