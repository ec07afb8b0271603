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
import java.io.StringReader;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.opendaylight.yangtools.util.xml.UntrustedXML;

/**
 * A delta report's entry resolved against the anchor's model: the parent its data hang below and the nodes they
 * hold. An entry's data name either the node at its xpath (each node reported on its own) or children of it (a
 * condensed report's created or removed subtrees): the name of the data's first member tells which.
 */
record AppliedChange(String action, String parentXpath, List<DataNode> sourceNodes, List<DataNode> targetNodes,
                     String targetData, ContentType contentType) {

    private static final String INVALID_REPORT = "Invalid delta report";

    static AppliedChange of(final YangModel yangModel, final DeltaChange deltaChange) {
        final String action = deltaChange.action();
        if (action == null || !List.of(DeltaReport.CREATE, DeltaReport.REMOVE, DeltaReport.REPLACE).contains(action)
            || deltaChange.xpath() == null) {
            throw invalid("Action " + action + " of " + deltaChange.xpath() + ": each entry needs an xpath and the"
                + " action create, remove or replace");
        }
        final String xpath = CpsPathParser.canonicalXpath(deltaChange.xpath());
        final String sourceData = deltaChange.sourceData();
        final String targetData = deltaChange.targetData();
        final ContentType contentType = deltaChange.contentType();
        requireData(action, xpath, DeltaReport.CREATE.equals(action) ? targetData : sourceData, targetData);
        final String data = targetData == null ? sourceData : targetData;
        final String parentXpath = parentXpathOf(xpath, contentType == ContentType.XML
            ? firstElementName(data, xpath) : firstMemberName(data, xpath));
        final List<DataNode> sourceNodes = sourceData == null ? List.of()
            : yangModel.parseData(parentXpath, sourceData, contentType);
        final List<DataNode> targetNodes = targetData == null ? List.of()
            : yangModel.parseData(parentXpath, targetData, contentType);
        if (DeltaReport.REPLACE.equals(action)) {
            requireOneNodeAt(xpath, sourceNodes);
            requireOneNodeAt(xpath, targetNodes);
        }
        return new AppliedChange(action, parentXpath, sourceNodes, targetNodes, targetData, contentType);
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

    /** The first node's name of XML data: the first element inside the data's {@code <data>} element. */
    private static String firstElementName(final String xml, final String xpath) {
        try {
            final XMLStreamReader xmlReader = UntrustedXML.createXMLStreamReader(new StringReader(xml));
            int depth = 0;
            while (xmlReader.hasNext()) {
                if (xmlReader.next() == XMLStreamConstants.START_ELEMENT && ++depth == 2) {
                    return xmlReader.getLocalName();
                }
            }
        } catch (final XMLStreamException notXml) {
            throw invalid("The data of " + xpath + " are not XML");
        }
        throw invalid("The data of " + xpath + " must hold the node(s) as elements, e.g. <name>...</name>");
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
