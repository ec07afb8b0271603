package io.cpsng.rest.cps;

import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.ModuleIdentity;
import io.cpsng.cps.path.Xpaths;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Renders data nodes as the reference does. JSON: each node is {"prefix:name": {leaves, lists as arrays,
 * containers as objects}} where only the top key carries the module prefix. XML: the same tree as
 * elements, the top one declaring its module's namespace (the reference writes "prefix:name" instead,
 * which no XML parser accepts back), several top nodes concatenated without a wrapper or declaration.
 */
public final class DataNodeFormatter {

    private static final JsonMapper JSON = JsonMapper.shared();
    // shared because the lookup is slow; never reconfigured, it only creates new writers (reuse-instance is off)
    private static final XMLOutputFactory XML_OUTPUT_FACTORY = XMLOutputFactory.newFactory();

    private DataNodeFormatter() {
    }

    /** One node as a one-key object, e.g. {"book-store:bookstore": {...}}. */
    static ObjectNode toJson(final DataNode dataNode) {
        final ObjectNode json = JSON.createObjectNode();
        json.set(topLevelName(dataNode), contentOf(dataNode));
        return json;
    }

    /** The first node as a one-key object, {} if there is none (v1 reads answer one object). */
    static ObjectNode firstToJson(final Collection<DataNode> dataNodes) {
        return dataNodes.isEmpty() ? JSON.createObjectNode() : toJson(dataNodes.iterator().next());
    }

    /**
     * The nodes as one object, the reference's v3 shape: each under its module-prefixed name, entries of the same
     * list together in an array, e.g. {"stores:bookstore": {...}} or {"stores:book": [{...}, {...}]}.
     */
    public static ObjectNode toJsonObject(final Collection<DataNode> dataNodes) {
        final ObjectNode json = JSON.createObjectNode();
        for (final DataNode dataNode : dataNodes) {
            final String name = topLevelName(dataNode);
            if (dataNode.xpath().endsWith("]")) {
                (json.get(name) instanceof ArrayNode list ? list : json.putArray(name)).add(contentOf(dataNode));
            } else {
                json.set(name, contentOf(dataNode));
            }
        }
        return json;
    }

    /** Each node as a one-key object, in the given order. */
    static ArrayNode toJson(final Collection<DataNode> dataNodes) {
        final ArrayNode json = JSON.createArrayNode();
        dataNodes.forEach(dataNode -> json.add(toJson(dataNode)));
        return json;
    }

    /** The nodes a query found per anchor: [{"anchorName": "a", "dataNodes": [{...}, ...]}, ...]. */
    static ArrayNode anchorsToJson(final Collection<AnchorDataNodes> anchorsDataNodes) {
        final ArrayNode json = JSON.createArrayNode();
        for (final AnchorDataNodes anchorDataNodes : anchorsDataNodes) {
            json.addObject()
                .put("anchorName", anchorDataNodes.anchorName())
                .set("dataNodes", toJson(anchorDataNodes.dataNodes()));
        }
        return json;
    }

    /** The values of one leaf, each as {"leaf": value}, in the given order. */
    static ArrayNode leavesToJson(final String leafName, final Collection<Object> leafValues) {
        final ArrayNode json = JSON.createArrayNode();
        leafValues.forEach(leafValue -> json.addObject().set(leafName, JSON.valueToTree(leafValue)));
        return json;
    }

    static String toXml(final Collection<DataNode> dataNodes) {
        return writeXml(xmlWriter -> {
            for (final DataNode dataNode : dataNodes) {
                writeElement(xmlWriter, dataNode, dataNode.module());
            }
        });
    }

    /** The values of one leaf as repeated elements, e.g. <title>A</title><title>B</title>. */
    static String leavesToXml(final String leafName, final Collection<Object> leafValues) {
        return writeXml(xmlWriter -> {
            for (final Object leafValue : leafValues) {
                writeLeaf(xmlWriter, leafName, leafValue);
            }
        });
    }

    private static String topLevelName(final DataNode dataNode) {
        final String name = Xpaths.lastStepName(dataNode.xpath());
        final ModuleIdentity module = dataNode.module();
        return module == null || module.prefix() == null || module.prefix().isEmpty()
            ? name : module.prefix() + ":" + name;
    }

    private static ObjectNode contentOf(final DataNode dataNode) {
        final ObjectNode content = JSON.createObjectNode();
        dataNode.leaves().forEach((leafName, leafValue) -> content.set(leafName, JSON.valueToTree(leafValue)));
        final ChildNodes childNodes = ChildNodes.of(dataNode);
        childNodes.listEntriesByName().forEach((listName, listEntries) -> {
            final ArrayNode list = content.putArray(listName);
            listEntries.forEach(listEntry -> list.add(contentOf(listEntry)));
        });
        childNodes.containers().forEach(container ->
            content.set(Xpaths.lastStepName(container.xpath()), contentOf(container)));
        return content;
    }

    private static void writeElement(final XMLStreamWriter xmlWriter, final DataNode dataNode,
                                     final ModuleIdentity module) throws XMLStreamException {
        xmlWriter.writeStartElement(Xpaths.lastStepName(dataNode.xpath()));
        if (module != null && module.namespace() != null) {
            xmlWriter.writeDefaultNamespace(module.namespace());
        }
        for (final Map.Entry<String, Object> leaf : dataNode.leaves().entrySet()) {
            writeLeaf(xmlWriter, leaf.getKey(), leaf.getValue());
        }
        final ChildNodes childNodes = ChildNodes.of(dataNode);
        for (final List<DataNode> listEntries : childNodes.listEntriesByName().values()) {
            for (final DataNode listEntry : listEntries) {
                writeElement(xmlWriter, listEntry, null);
            }
        }
        for (final DataNode container : childNodes.containers()) {
            writeElement(xmlWriter, container, null);
        }
        xmlWriter.writeEndElement();
    }

    private static void writeLeaf(final XMLStreamWriter xmlWriter, final String leafName, final Object leafValue)
        throws XMLStreamException {
        if (leafValue instanceof Collection<?> leafListValues) {
            for (final Object leafListValue : leafListValues) {
                writeLeaf(xmlWriter, leafName, leafListValue);
            }
            return;
        }
        if (leafValue == null) {
            xmlWriter.writeEmptyElement(leafName);
            return;
        }
        xmlWriter.writeStartElement(leafName);
        xmlWriter.writeCharacters(leafValue instanceof BigDecimal decimal ? decimal.toPlainString()
            : String.valueOf(leafValue));
        xmlWriter.writeEndElement();
    }

    private static String writeXml(final XmlContent xmlContent) {
        final StringWriter xml = new StringWriter();
        try {
            final XMLStreamWriter xmlWriter = XML_OUTPUT_FACTORY.createXMLStreamWriter(xml);
            xmlContent.writeTo(xmlWriter);
            xmlWriter.close();
        } catch (final XMLStreamException xmlStreamException) {
            throw new IllegalStateException("Cannot write data nodes as XML", xmlStreamException);
        }
        return xml.toString();
    }

    @FunctionalInterface
    private interface XmlContent {
        void writeTo(XMLStreamWriter xmlWriter) throws XMLStreamException;
    }

    /** A node's children in output order: list entries grouped by list name, then containers. */
    private record ChildNodes(Map<String, List<DataNode>> listEntriesByName, List<DataNode> containers) {

        static ChildNodes of(final DataNode dataNode) {
            final Map<String, List<DataNode>> listEntriesByName = new LinkedHashMap<>();
            final List<DataNode> containers = new ArrayList<>();
            for (final DataNode childDataNode : dataNode.childDataNodes()) {
                if (Xpaths.isListEntry(childDataNode.xpath())) {
                    listEntriesByName.computeIfAbsent(Xpaths.lastStepName(childDataNode.xpath()),
                        listName -> new ArrayList<>()).add(childDataNode);
                } else {
                    containers.add(childDataNode);
                }
            }
            return new ChildNodes(listEntriesByName, containers);
        }
    }
}
