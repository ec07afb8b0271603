package io.cpsng.cps.tree;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.yang.YangModel;
import java.util.List;

/** The YANG model of a schema set, for data trees: what their data may hold, parsed as the store parses it. */
public final class SchemaSetModel {

    private final YangModel yangModel;

    public SchemaSetModel(final YangModel yangModel) {
        this.yangModel = yangModel;
    }

    /** The containers and lists data can start with, as module:name; sorted. */
    public List<String> topLevelNodeNames() {
        return yangModel.topLevelNodeNames();
    }

    /** JSON of the whole document, validated; DataValidationException if the model refuses it. */
    public DataTree parseTree(final String json) {
        return DataTree.of(yangModel.parseJson(Xpaths.ROOT, json));
    }

    /**
     * JSON of the whole document as a tree if all of it is in the plain shapes devices send and valid; null if not,
     * and {@link #parseTree} says what it is.
     */
    public DataTree parsePlainTree(final String json) {
        final List<DataNode> nodes = yangModel.parsePlainJson(Xpaths.ROOT, json);
        return nodes == null ? null : DataTree.of(nodes);
    }

    /** JSON of nodes under the canonical parent xpath, validated; the top ones name their module. */
    public List<DataNode> parse(final String parentXpath, final String json) {
        return yangModel.parseJson(parentXpath, json);
    }

    /** The xpath of a RESTCONF-style path, as {@link YangModel#xpathOfRestconfPath(String)}. */
    public String xpathOfRestconfPath(final String restconfPath) {
        return yangModel.xpathOfRestconfPath(restconfPath);
    }
}
