package io.cpsng.cps.tree;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.ModuleIdentity;
import io.cpsng.cps.path.CpsPathQuery;
import io.cpsng.cps.path.Xpaths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The data of one document held outside the store, as one value: read, queried and changed in memory, kept as
 * bytes ({@link #toBytes()}). Reads and queries answer as the store's do for an anchor holding the same nodes: the
 * nodes at an xpath (or a list's entries for an xpath without keys), the top-level nodes for "/", each with the
 * module of the top-level node it is under. Changes return a new tree; this one is never changed.
 */
public final class DataTree {

    private static final DataTree EMPTY = new DataTree(List.of(), null);

    // a tree read from bytes keeps them, and is decoded only when its nodes are needed: a merge of leaves is made in
    // the bytes (DataTreeBytes.mergeLeaves), which takes a tenth of a decode and an encode of the whole tree
    private volatile List<DataNode> decodedNodes;
    private final byte[] bytes;

    private DataTree(final List<DataNode> topLevelNodes, final byte[] bytes) {
        this.decodedNodes = topLevelNodes;
        this.bytes = bytes;
    }

    public static DataTree empty() {
        return EMPTY;
    }

    /** A tree of the top-level nodes given, each naming its module (as parsed data does). */
    public static DataTree of(final Collection<DataNode> topLevelNodes) {
        return new DataTree(List.copyOf(topLevelNodes), null);
    }

    /** The tree of the bytes; IllegalArgumentException if they are not of this release's format. */
    public static DataTree fromBytes(final byte[] bytes) {
        DataTreeBytes.verifyFormat(bytes);
        return new DataTree(null, bytes);
    }

    public byte[] toBytes() {
        return bytes != null ? bytes : DataTreeBytes.write(decodedNodes);
    }

    public List<DataNode> topLevelNodes() {
        List<DataNode> topLevelNodes = decodedNodes;
        if (topLevelNodes == null) {
            topLevelNodes = DataTreeBytes.read(bytes);
            decodedNodes = topLevelNodes;
        }
        return topLevelNodes;
    }

    /** The nodes at the canonical xpath; none if there are none. */
    public List<DataNode> read(final String xpath, final FetchDescendantsOption fetchDescendantsOption) {
        if (Xpaths.isRoot(xpath)) {
            return topLevelNodes().stream().map(node -> toDepth(node, node.module(), fetchDescendantsOption)).toList();
        }
        final List<DataNode> found = new ArrayList<>(1);
        for (final DataNode topLevelNode : topLevelNodes()) {
            final DataNode node = find(topLevelNode, xpath);
            if (node != null) {
                found.add(toDepth(node, topLevelNode.module(), fetchDescendantsOption));
            }
        }
        if (found.isEmpty() && !Xpaths.isListEntry(xpath)) {
            for (final DataNode entry : listEntries(xpath)) {
                found.add(toDepth(entry, moduleAbove(entry.xpath()), fetchDescendantsOption));
            }
        }
        return found;
    }

    /** The nodes the cps-path selects, in document order. */
    public List<DataNode> query(final CpsPathQuery cpsPathQuery, final FetchDescendantsOption fetchDescendantsOption) {
        final CpsPathMatcher matcher = new CpsPathMatcher(topLevelNodes());
        return matcher.matches(cpsPathQuery).stream()
            .map(node -> toDepth(node, moduleAbove(node.xpath()), fetchDescendantsOption))
            .toList();
    }

    /** The nodes' leaves merged into those of the nodes at their xpaths, which must exist; children are not merged. */
    public DataTree mergeLeaves(final Collection<DataNode> dataNodes) {
        if (decodedNodes == null) {
            byte[] merged = bytes;
            for (final DataNode dataNode : dataNodes) {
                merged = DataTreeBytes.mergeLeaves(merged, dataNode.xpath(), dataNode.leaves());
            }
            // written again whole when merges left too many texts unused
            return DataTreeBytes.isMostlyUnused(merged) ? of(DataTreeBytes.read(merged)) : new DataTree(null, merged);
        }
        DataTree merged = this;
        for (final DataNode dataNode : dataNodes) {
            merged = merged.changeNode(dataNode.xpath(), existing -> {
                final Map<String, Object> leaves = new LinkedHashMap<>(existing.leaves());
                leaves.putAll(dataNode.leaves());
                return new DataNode(existing.xpath(), existing.module(), leaves, existing.childDataNodes());
            });
        }
        return merged;
    }

    /**
     * Each node, with its descendants, in place of the node at its xpath, or added under the parent (which must
     * exist) where there is none.
     */
    public DataTree put(final String parentXpath, final Collection<DataNode> dataNodes) {
        return changeChildren(parentXpath, children -> {
            final List<DataNode> changed = new ArrayList<>(children);
            for (final DataNode dataNode : dataNodes) {
                final DataNode placed = Xpaths.isRoot(parentXpath) ? dataNode : dataNode.withModule(null);
                final int index = indexOf(changed, dataNode.xpath());
                if (index < 0) {
                    changed.add(placed);
                } else {
                    changed.set(index, placed);
                }
            }
            return changed;
        });
    }

    /** Without the node at the xpath (or the entries of the list it names) and its descendants; as is if none. */
    public DataTree delete(final String xpath) {
        if (Xpaths.isRoot(xpath)) {
            return EMPTY;
        }
        final String parentXpath = Xpaths.parentXpath(xpath);
        if (!Xpaths.isRoot(parentXpath) && findNode(parentXpath) == null) {
            return this;
        }
        return changeChildren(parentXpath, children -> {
            final List<DataNode> kept = new ArrayList<>(children.size());
            for (final DataNode child : children) {
                if (!child.xpath().equals(xpath) && !isEntryOf(child.xpath(), xpath)) {
                    kept.add(child);
                }
            }
            return kept;
        });
    }

    private DataTree changeNode(final String xpath, final UnaryOperator<DataNode> change) {
        final List<DataNode> changed = changeIn(topLevelNodes(), xpath, change);
        if (changed == null) {
            throw new IllegalArgumentException("no data node at " + xpath);
        }
        return new DataTree(changed, null);
    }

    private DataTree changeChildren(final String parentXpath, final UnaryOperator<List<DataNode>> change) {
        if (Xpaths.isRoot(parentXpath)) {
            return new DataTree(List.copyOf(change.apply(topLevelNodes())), null);
        }
        return changeNode(parentXpath, parent -> new DataNode(parent.xpath(), parent.module(), parent.leaves(),
            List.copyOf(change.apply(parent.childDataNodes()))));
    }

    /** The nodes with the one at the xpath changed, the path to it copied; null if there is no node there. */
    private static List<DataNode> changeIn(final List<DataNode> nodes, final String xpath,
                                           final UnaryOperator<DataNode> change) {
        for (int index = 0; index < nodes.size(); index++) {
            final DataNode node = nodes.get(index);
            final DataNode changedNode;
            if (node.xpath().equals(xpath)) {
                changedNode = change.apply(node);
            } else if (isBelow(xpath, node.xpath())) {
                final List<DataNode> children = changeIn(node.childDataNodes(), xpath, change);
                if (children == null) {
                    return null;
                }
                changedNode = new DataNode(node.xpath(), node.module(), node.leaves(), children);
            } else {
                continue;
            }
            final List<DataNode> changed = new ArrayList<>(nodes);
            changed.set(index, changedNode);
            return List.copyOf(changed);
        }
        return null;
    }

    private DataNode findNode(final String xpath) {
        for (final DataNode topLevelNode : topLevelNodes()) {
            final DataNode node = find(topLevelNode, xpath);
            if (node != null) {
                return node;
            }
        }
        return null;
    }

    private static DataNode find(final DataNode node, final String xpath) {
        if (node.xpath().equals(xpath)) {
            return node;
        }
        if (!isBelow(xpath, node.xpath())) {
            return null;
        }
        for (final DataNode child : node.childDataNodes()) {
            final DataNode found = find(child, xpath);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private List<DataNode> listEntries(final String listXpath) {
        final String parentXpath = Xpaths.parentXpath(listXpath);
        final List<DataNode> siblings;
        if (Xpaths.isRoot(parentXpath)) {
            siblings = topLevelNodes();
        } else {
            final DataNode parent = findNode(parentXpath);
            siblings = parent == null ? List.of() : parent.childDataNodes();
        }
        return siblings.stream().filter(sibling -> isEntryOf(sibling.xpath(), listXpath)).toList();
    }

    private ModuleIdentity moduleAbove(final String xpath) {
        for (final DataNode topLevelNode : topLevelNodes()) {
            if (topLevelNode.xpath().equals(xpath) || isBelow(xpath, topLevelNode.xpath())) {
                return topLevelNode.module();
            }
        }
        return null;
    }

    private static DataNode toDepth(final DataNode node, final ModuleIdentity module,
                                    final FetchDescendantsOption fetchDescendantsOption) {
        return new DataNode(node.xpath(), module, node.leaves(),
            childrenToDepth(node, fetchDescendantsOption.depth()));
    }

    private static List<DataNode> childrenToDepth(final DataNode node, final int depth) {
        if (depth < 0) {
            return node.childDataNodes();
        }
        if (depth == 0) {
            return List.of();
        }
        return node.childDataNodes().stream()
            .map(child -> new DataNode(child.xpath(), null, child.leaves(), childrenToDepth(child, depth - 1)))
            .toList();
    }

    private static int indexOf(final List<DataNode> nodes, final String xpath) {
        for (int index = 0; index < nodes.size(); index++) {
            if (nodes.get(index).xpath().equals(xpath)) {
                return index;
            }
        }
        return -1;
    }

    private static boolean isBelow(final String xpath, final String ancestorXpath) {
        return xpath.length() > ancestorXpath.length() + 1 && xpath.startsWith(ancestorXpath)
            && xpath.charAt(ancestorXpath.length()) == '/';
    }

    private static boolean isEntryOf(final String xpath, final String listXpath) {
        return xpath.length() > listXpath.length() && xpath.startsWith(listXpath)
            && xpath.charAt(listXpath.length()) == '[';
    }
}
