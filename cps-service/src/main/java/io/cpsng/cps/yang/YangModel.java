package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.ModuleIdentity;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.yang.SchemaTree.SchemaParent;
import io.cpsng.cps.yang.YangSources.ParsedSources;
import java.util.List;
import java.util.Map;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A parsed set of YANG modules (a schema set) and the data parsing it enables. Immutable and thread-safe, so
 * one instance is cached per schema set and shared by all requests; lookups it needs on every write (codecs,
 * schema parents by path, modules by namespace) are built once and kept here.
 */
public final class YangModel {

    private final List<YangResource> yangResources;
    private final SchemaTree schemaTree;
    private final DataParser dataParser;

    private YangModel(final EffectiveModelContext modelContext, final List<YangResource> yangResources) {
        this.yangResources = yangResources;
        final ModuleIdentities moduleIdentities = new ModuleIdentities(modelContext);
        this.schemaTree = new SchemaTree(modelContext, moduleIdentities);
        this.dataParser = new DataParser(modelContext, schemaTree, moduleIdentities);
    }

    /** Parses and links the sources (file name to YANG text); any problem is a DataValidationException. */
    public static YangModel parse(final Map<String, String> yangSourcesByFileName) {
        final ParsedSources parsedSources = YangSources.parse(yangSourcesByFileName);
        return new YangModel(parsedSources.modelContext(), parsedSources.yangResources());
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
        if (data == null || data.isBlank()) {
            throw new DataValidationException(DataParser.INVALID_DATA, "No data were given");
        }
        final String parent = Xpaths.isRoot(parentXpath) ? Xpaths.ROOT : parentXpath;
        final SchemaParent schemaParent = schemaTree.parentOf(parent);
        final List<DataNode> dataNodes = contentType == ContentType.XML
            ? dataParser.parseXml(parent, schemaParent, data)
            : dataParser.parseJson(parent, schemaParent, data);
        if (dataNodes.isEmpty()) {
            throw new DataValidationException(DataParser.INVALID_DATA, "The data contain no data nodes");
        }
        return dataNodes;
    }

    /** The module of the top-level node the xpath starts with; null if the model has no such node. */
    public ModuleIdentity topLevelModuleOf(final String xpath) {
        return schemaTree.topLevelModuleOf(xpath);
    }
}
