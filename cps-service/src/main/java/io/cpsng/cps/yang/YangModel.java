package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.ModuleIdentity;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.path.CpsPathQuery.And;
import io.cpsng.cps.path.CpsPathQuery.Comparison;
import io.cpsng.cps.path.CpsPathQuery.Condition;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.yang.SchemaTree.SchemaParent;
import io.cpsng.cps.yang.YangSources.ParsedSources;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * A parsed set of YANG modules (a schema set) and the data parsing it enables. Immutable and thread-safe, so
 * one instance is cached per schema set and shared by all requests; lookups it needs on every write (codecs,
 * schema parents by path, modules by namespace) are built once and kept here.
 */
public final class YangModel {

    private final List<YangResource> yangResources;
    private final SchemaTree schemaTree;
    private final DataParser dataParser;
    private final PlainJsonData plainJsonData;
    private final List<String> topLevelNodeNames;
    private final EffectiveModelContext modelContext;

    private YangModel(final EffectiveModelContext modelContext, final List<YangResource> yangResources,
                      final int maxDataNodes) {
        this.yangResources = yangResources;
        this.modelContext = modelContext;
        this.topLevelNodeNames = modelContext.getChildNodes().stream()
            .filter(node -> node instanceof ContainerSchemaNode || node instanceof ListSchemaNode)
            .map(node -> modelContext.findModule(node.getQName().getModule()).orElseThrow().getName() + ":"
                + node.getQName().getLocalName())
            .sorted()
            .toList();
        final ModuleIdentities moduleIdentities = new ModuleIdentities(modelContext);
        this.schemaTree = new SchemaTree(modelContext, moduleIdentities);
        this.dataParser = new DataParser(modelContext, schemaTree, moduleIdentities, maxDataNodes);
        this.plainJsonData = new PlainJsonData(modelContext, moduleIdentities,
            JSONCodecFactorySupplier.RFC7951.getShared(modelContext));
    }

    /**
     * Parses and links the sources (file name to YANG text); any problem is a DataValidationException. Data parsed
     * with the model may hold at most maxDataNodes containers and list entries (cps.store.max-fragments-per-write),
     * counted before they are parsed ({@link DataNodeCount}): a parse holds them whole in memory, hundreds of bytes
     * each (yangtools' tree, then the nodes), and one write of 1,500,000 list entries (26 MB of JSON) ran a 1 GB heap
     * out.
     */
    public static YangModel parse(final Map<String, String> yangSourcesByFileName, final int maxDataNodes) {
        final ParsedSources parsedSources = YangSources.parse(yangSourcesByFileName);
        return new YangModel(parsedSources.modelContext(), parsedSources.yangResources(), maxDataNodes);
    }

    /** One resource per source given, with the module or submodule it defines, ordered by module name. */
    public List<YangResource> yangResources() {
        return yangResources;
    }

    /**
     * Validates JSON (also when no content type is given) or XML data against the model and returns its top
     * nodes (containers and list entries) with xpaths below the canonical parent xpath ("/" for the top level).
     */
    public List<DataNode> parseData(final String parentXpath, final String data, final ContentType contentType) {
        final List<DataNode> dataNodes = parse(parentXpath, data, contentType, false).dataNodes();
        if (dataNodes.isEmpty()) {
            throw new DataValidationException(DataParser.INVALID_DATA, "The data contain no data nodes");
        }
        return dataNodes;
    }

    /**
     * JSON of the nodes under the canonical parent xpath ("/": a whole document), validated as {@link #parseData}
     * validates it: data in plain shapes are read straight into data nodes, anything else by yangtools' parser
     * (PlainJsonData).
     */
    public List<DataNode> parseJson(final String parentXpath, final String json) {
        final List<DataNode> plain = parsePlainJson(parentXpath, json);
        return plain != null ? plain : parseData(parentXpath, json, ContentType.JSON);
    }

    /**
     * The nodes of JSON under the canonical parent xpath if it is all in plain shapes and all of it valid; null if
     * not (no nodes, other shapes, anything the model refuses or does not define): {@link #parseJson} says what.
     */
    public List<DataNode> parsePlainJson(final String parentXpath, final String json) {
        final String parent = Xpaths.isRoot(parentXpath) ? Xpaths.ROOT : parentXpath;
        final List<DataNode> plain = plainJsonData.read(parent, schemaTree.parentOf(parent).node(), json);
        return plain == null || plain.isEmpty() ? null : plain;
    }

    /**
     * Parses data sent as the content of the node at a canonical xpath (a container or list entry), as PATCH and
     * PUT of a node accept it: leaves at the top of the data are that node's own, the rest are its child nodes.
     * A key leaf must have the value the xpath names.
     */
    public NodeContent parseNodeContent(final String xpath, final String data, final ContentType contentType) {
        if (Xpaths.isRoot(xpath)) {
            return new NodeContent(Xpaths.ROOT, Map.of(), parseData(xpath, data, contentType));
        }
        final DataNodeWriter dataNodeWriter = parse(xpath, data, contentType, true);
        final NodeContent nodeContent = new NodeContent(xpath, dataNodeWriter.parentLeaves(),
            dataNodeWriter.dataNodes());
        if (nodeContent.leaves().isEmpty() && nodeContent.childNodes().isEmpty()) {
            throw new DataValidationException(DataParser.INVALID_DATA, "The data contain no leaves or data nodes");
        }
        verifyKeyLeaves(nodeContent);
        return nodeContent;
    }

    /** A list entry's keys name it: content that changes them would be another entry under this one's xpath. */
    private static void verifyKeyLeaves(final NodeContent nodeContent) {
        final Condition keyPredicate = CpsPathParser.parse(nodeContent.xpath()).steps().getLast().predicate();
        final List<Condition> keyConditions = keyPredicate instanceof And and ? and.operands()
            : keyPredicate == null ? List.of() : List.of(keyPredicate);
        for (final Condition keyCondition : keyConditions) {
            final Comparison key = (Comparison) keyCondition;
            final Object value = nodeContent.leaves().get(key.leafName());
            if (value != null && !String.valueOf(value).equals(key.valueText())) {
                throw new DataValidationException(DataParser.INVALID_DATA, "Key leaf " + key.leafName() + " is '"
                    + value + "' in the data but the xpath " + nodeContent.xpath() + " names '" + key.valueText()
                    + "': a list entry's keys cannot be changed");
            }
        }
    }

    private DataNodeWriter parse(final String parentXpath, final String data, final ContentType contentType,
                                 final boolean parentLeavesAllowed) {
        if (data == null || data.isBlank()) {
            throw new DataValidationException(DataParser.INVALID_DATA, "No data were given");
        }
        final String parent = Xpaths.isRoot(parentXpath) ? Xpaths.ROOT : parentXpath;
        final SchemaParent schemaParent = schemaTree.parentOf(parent);
        final DataNodeWriter dataNodeWriter = dataParser.writerFor(parent, parentLeavesAllowed);
        if (contentType == ContentType.XML) {
            dataParser.parseXml(dataNodeWriter, parent, schemaParent, data);
        } else {
            dataParser.parseJson(dataNodeWriter, schemaParent, data);
        }
        return dataNodeWriter;
    }

    /** The containers and lists data can start with, as module:name, e.g. stores:bookstore; sorted. */
    public List<String> topLevelNodeNames() {
        return topLevelNodeNames;
    }

    /**
     * The xpath of a RESTCONF-style path (RFC 8040 3.5.3): /stores:bookstore/categories=01/books=Book%201 is
     * /bookstore/categories[@code='01']/books[@title='Book 1']; list keys in their order, comma-separated,
     * percent-decoded. "/" or empty is the root. A step the model does not have is a DataValidationException.
     */
    public String xpathOfRestconfPath(final String restconfPath) {
        if (restconfPath == null || restconfPath.isBlank() || Xpaths.isRoot(restconfPath)) {
            return Xpaths.ROOT;
        }
        final StringBuilder xpath = new StringBuilder();
        Collection<? extends DataSchemaNode> children = modelContext.getChildNodes();
        for (final String segment : restconfPath.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            final int equals = segment.indexOf('=');
            final String qualifiedName = equals < 0 ? segment : segment.substring(0, equals);
            final String name = qualifiedName.substring(qualifiedName.indexOf(':') + 1);
            final DataSchemaNode node = children.stream()
                .filter(child -> child.getQName().getLocalName().equals(name)).findFirst()
                .orElseThrow(() -> new DataValidationException(DataParser.INVALID_DATA, "No node " + name
                    + " in the model at " + (xpath.isEmpty() ? "the top level" : xpath) + " of " + restconfPath));
            xpath.append('/').append(name);
            if (equals >= 0 && node instanceof ListSchemaNode list) {
                final String[] values = segment.substring(equals + 1).split(",", -1);
                final List<QName> keys = list.getKeyDefinition();
                if (values.length != keys.size()) {
                    throw new DataValidationException(DataParser.INVALID_DATA, "List " + name + " has " + keys.size()
                        + " keys, " + restconfPath + " gives " + values.length);
                }
                xpath.append('[');
                for (int index = 0; index < keys.size(); index++) {
                    xpath.append(index == 0 ? "@" : " and @").append(keys.get(index).getLocalName()).append('=')
                        .append(Xpaths.quote(percentDecoded(values[index])));
                }
                xpath.append(']');
            }
            children = node instanceof DataNodeContainer container ? container.getChildNodes() : List.of();
        }
        return xpath.toString();
    }

    /** RFC 3986 percent-decoding: unlike a form's, a '+' is a '+'. */
    private static String percentDecoded(final String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The module of the top-level node the xpath starts with; null if the model has no such node. */
    public ModuleIdentity topLevelModuleOf(final String xpath) {
        return schemaTree.topLevelModuleOf(xpath);
    }
}
