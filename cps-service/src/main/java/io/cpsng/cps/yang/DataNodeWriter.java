package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.path.Xpaths;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.transform.dom.DOMSource;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;

/**
 * Builds data nodes straight from the events of the JSON and XML parsers, skipping the immutable
 * NormalizedNode tree. The parsers emit list entries in document order (the NormalizedNode maps would not keep
 * it) and emit every entry even when two share their keys (the maps would keep the last), so both list order
 * and duplicate detection come from here. Children appear in document order, augmenting ones after the rest.
 * One instance serves one parse on one thread.
 */
final class DataNodeWriter implements NormalizedNodeStreamWriter {

    private final String parentXpath;
    private final ModuleIdentities moduleIdentities;
    private final boolean parentLeavesAllowed;
    private final List<DataNode> topDataNodes = new ArrayList<>();
    private final Map<String, Object> parentLeaves = new LinkedHashMap<>();
    private final Deque<Frame> frames = new ArrayDeque<>();

    /** With parentLeavesAllowed, leaves at the top of the data are the parent's own; otherwise they are refused. */
    DataNodeWriter(final String parentXpath, final ModuleIdentities moduleIdentities,
                   final boolean parentLeavesAllowed) {
        this.parentXpath = parentXpath;
        this.moduleIdentities = moduleIdentities;
        this.parentLeavesAllowed = parentLeavesAllowed;
    }

    /** The top data nodes written so far: containers and list entries directly below the parent. */
    List<DataNode> dataNodes() {
        return topDataNodes;
    }

    /** Leaves written at the top of the data, which belong to the parent node itself. */
    Map<String, Object> parentLeaves() {
        return parentLeaves;
    }

    /** The xpath of the innermost node being written, to say where a failure happened; null before the first. */
    String currentXpath() {
        final NodeFrame nodeFrame = enclosingNode();
        return nodeFrame == null ? null : nodeFrame.xpath;
    }

    @Override
    public void startContainerNode(final NodeIdentifier name, final int childSizeHint) {
        final NodeFrame enclosingNode = enclosingNode();
        final String xpath = Xpaths.childXpath(xpathOf(enclosingNode), name.getNodeType().getLocalName());
        frames.push(new NodeFrame(name.getNodeType(), storable(xpath), enclosingNode == null));
    }

    @Override
    public void startMapNode(final NodeIdentifier name, final int childSizeHint) {
        final NodeFrame enclosingNode = enclosingNode();
        frames.push(new ListFrame(name.getNodeType(), xpathOf(enclosingNode), enclosingNode == null));
    }

    @Override
    public void startOrderedMapNode(final NodeIdentifier name, final int childSizeHint) {
        startMapNode(name, childSizeHint);
    }

    @Override
    public void startMapEntryNode(final NodeIdentifierWithPredicates identifier, final int childSizeHint) {
        final ListFrame listFrame = (ListFrame) frames.getFirst();
        // The parsers build the predicates in the order of the list's key statement.
        final Map<String, String> keyValues = new LinkedHashMap<>();
        identifier.entrySet().forEach(keyValue -> keyValues.put(keyValue.getKey().getLocalName(),
            LeafValues.toKeyString(keyValue.getValue(), moduleIdentities)));
        final String xpath = Xpaths.listEntryXpath(listFrame.parentXpath, listFrame.name.getLocalName(), keyValues);
        if (!listFrame.entryXpaths.add(xpath)) {
            throw invalid("Duplicate list entry " + xpath + ": each entry of a list needs its own key values");
        }
        frames.push(new NodeFrame(listFrame.name, storable(xpath), listFrame.top));
    }

    @Override
    public void startLeafNode(final NodeIdentifier name) {
        frames.push(new LeafFrame(name.getNodeType()));
    }

    @Override
    public void startLeafSet(final NodeIdentifier name, final int childSizeHint) {
        frames.push(new LeafSetFrame(name.getNodeType()));
    }

    @Override
    public void startOrderedLeafSet(final NodeIdentifier name, final int childSizeHint) {
        startLeafSet(name, childSizeHint);
    }

    @Override
    public void startLeafSetEntryNode(final NodeWithValue<?> name) {
        frames.push(new LeafFrame(name.getNodeType()));
    }

    @Override
    public void startChoiceNode(final NodeIdentifier name, final int childSizeHint) {
        frames.push(new ChoiceFrame());
    }

    @Override
    public void startUnkeyedList(final NodeIdentifier name, final int childSizeHint) {
        throw invalid("List " + name.getNodeType().getLocalName() + " under " + xpathOf(enclosingNode())
            + " has no key: lists without keys are not supported");
    }

    @Override
    public void startUnkeyedListItem(final NodeIdentifier name, final int childSizeHint) {
        startUnkeyedList(name, childSizeHint);
    }

    @Override
    public boolean startAnydataNode(final NodeIdentifier name, final Class<?> objectModel) {
        throw invalid("Node " + name.getNodeType().getLocalName() + " under " + xpathOf(enclosingNode())
            + " is anydata, which is not supported");
    }

    @Override
    public boolean startAnyxmlNode(final NodeIdentifier name, final Class<?> objectModel) {
        throw invalid("Node " + name.getNodeType().getLocalName() + " under " + xpathOf(enclosingNode())
            + " is anyxml, which is not supported");
    }

    @Override
    public void domSourceValue(final DOMSource value) {
        throw new IllegalStateException("anyxml content is rejected when the node starts");
    }

    @Override
    public void scalarValue(final Object value) {
        final LeafFrame leafFrame = (LeafFrame) frames.getFirst();
        if (value == null) {
            throw invalid("Leaf " + leafFrame.name.getLocalName() + " under " + xpathOf(enclosingNode())
                + " has no value");
        }
        leafFrame.value = LeafValues.toPlainValue(value, moduleIdentities);
    }

    @Override
    public void endNode() {
        final Frame frame = frames.pop();
        switch (frame) {
            case NodeFrame nodeFrame -> endDataNode(nodeFrame);
            case LeafFrame leafFrame -> endLeaf(leafFrame);
            case LeafSetFrame leafSetFrame -> putLeaf(leafSetFrame.name, new ArrayList<>(leafSetFrame.values));
            case ListFrame listFrame -> { }
            case ChoiceFrame choiceFrame -> { }
        }
    }

    @Override
    public void flush() {
        // nothing is buffered
    }

    @Override
    public void close() {
        // nothing to release
    }

    private void endDataNode(final NodeFrame nodeFrame) {
        final DataNode dataNode = new DataNode(nodeFrame.xpath,
            nodeFrame.top ? moduleIdentities.identityOf(nodeFrame.name.getModule()) : null,
            nodeFrame.leaves, nodeFrame.children);
        final NodeFrame enclosingNode = enclosingNode();
        if (enclosingNode == null) {
            topDataNodes.add(dataNode);
        } else {
            enclosingNode.children.add(dataNode);
        }
    }

    private void endLeaf(final LeafFrame leafFrame) {
        if (leafFrame.value == null) {
            throw invalid("Leaf " + leafFrame.name.getLocalName() + " under " + xpathOf(enclosingNode())
                + " has no value");
        }
        if (frames.peek() instanceof LeafSetFrame leafSetFrame) {
            // Duplicate values of a leaf-list collapse into one, as they do in yangtools' own trees.
            leafSetFrame.values.add(leafFrame.value);
        } else {
            putLeaf(leafFrame.name, leafFrame.value);
        }
    }

    private void putLeaf(final QName name, final Object value) {
        final NodeFrame enclosingNode = enclosingNode();
        if (enclosingNode != null) {
            enclosingNode.leaves.put(name.getLocalName(), value);
        } else if (parentLeavesAllowed) {
            parentLeaves.put(name.getLocalName(), value);
        } else {
            throw invalid("Leaf " + name.getLocalName() + " under " + parentXpath + " is not inside a container"
                + " or list entry of the data: send the node that holds it, as data are stored by node");
        }
    }

    /** The innermost container or list entry being written: choices are transparent. */
    private NodeFrame enclosingNode() {
        for (final Frame frame : frames) {
            if (frame instanceof NodeFrame nodeFrame) {
                return nodeFrame;
            }
        }
        return null;
    }

    private String xpathOf(final NodeFrame nodeFrame) {
        return nodeFrame == null ? parentXpath : nodeFrame.xpath;
    }

    /** The store indexes each node by its xpath, and an index entry has a size limit: long keys make long xpaths. */
    private static String storable(final String xpath) {
        final int bytes = xpath.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > Xpaths.MOST_BYTES) {
            throw invalid("An xpath has at most " + Xpaths.MOST_BYTES + " bytes (UTF-8), its list keys included; "
                + xpath.substring(0, Math.min(xpath.length(), 100)) + "... has " + bytes);
        }
        return xpath;
    }

    private static DataValidationException invalid(final String details) {
        return new DataValidationException(DataParser.INVALID_DATA, details);
    }

    private sealed interface Frame permits NodeFrame, ListFrame, LeafFrame, LeafSetFrame, ChoiceFrame {
    }

    /** A container or a list entry: becomes one DataNode. */
    private static final class NodeFrame implements Frame {
        private final QName name;
        private final String xpath;
        private final boolean top;
        private final Map<String, Object> leaves = new LinkedHashMap<>();
        private final List<DataNode> children = new ArrayList<>();

        NodeFrame(final QName name, final String xpath, final boolean top) {
            this.name = name;
            this.xpath = xpath;
            this.top = top;
        }
    }

    private static final class ListFrame implements Frame {
        private final QName name;
        private final String parentXpath;
        private final boolean top;
        private final Set<String> entryXpaths = new HashSet<>();

        ListFrame(final QName name, final String parentXpath, final boolean top) {
            this.name = name;
            this.parentXpath = parentXpath;
            this.top = top;
        }
    }

    /** A leaf, or one value of a leaf-list. */
    private static final class LeafFrame implements Frame {
        private final QName name;
        private Object value;

        LeafFrame(final QName name) {
            this.name = name;
        }
    }

    private static final class LeafSetFrame implements Frame {
        private final QName name;
        private final Set<Object> values = new LinkedHashSet<>();

        LeafSetFrame(final QName name) {
            this.name = name;
        }
    }

    private static final class ChoiceFrame implements Frame {
    }
}
