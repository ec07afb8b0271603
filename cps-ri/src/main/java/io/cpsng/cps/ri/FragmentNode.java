package io.cpsng.cps.ri;

import io.cpsng.cps.api.model.DataNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A row of a read on its way to a DataNode: its text decoded (off the thread reading the rows, see
 * {@link FragmentDecoder}) and its children linked first, then the tree built.
 */
final class FragmentNode {

    /** Children and roots come in id order: the order they were stored in, as the reference answers them. */
    static final Comparator<FragmentNode> BY_ID = Comparator.comparingLong(fragmentNode -> fragmentNode.id);

    final long id;
    final int anchorId;
    final long parentId;
    private byte[] xpathBytes;
    private String xpath;
    private byte[] attributes;
    private Map<String, Object> leaves;
    private List<FragmentNode> children;
    boolean root;
    boolean descendant;

    /** The row's columns; xpath and attributes as the driver's UTF-8 bytes, decoded by {@link #decode}. */
    FragmentNode(final long id, final int anchorId, final long parentId, final byte[] xpath, final byte[] attributes,
                 final boolean root) {
        this.id = id;
        this.anchorId = anchorId;
        this.parentId = parentId;
        this.xpathBytes = xpath;
        this.attributes = attributes;
        this.root = root;
        this.descendant = !root;
    }

    void decode() {
        xpath = new String(xpathBytes, StandardCharsets.UTF_8);
        xpathBytes = null;
        leaves = JsonbText.leaves(attributes);
        attributes = null;
    }

    void addChild(final FragmentNode child) {
        if (children == null) {
            children = new ArrayList<>();
        }
        children.add(child);
    }

    DataNode toDataNode() {
        if (children == null) {
            return new DataNode(xpath, null, leaves, List.of());
        }
        // linked in the rows' order (by xpath below each root); a sorted list is one pass
        children.sort(BY_ID);
        final List<DataNode> childDataNodes = new ArrayList<>(children.size());
        for (final FragmentNode child : children) {
            childDataNodes.add(child.toDataNode());
        }
        return new DataNode(xpath, null, leaves, childDataNodes);
    }
}
