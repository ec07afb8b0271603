package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.spi.DataPersistence;
import io.cpsng.cps.spi.NodesRead;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The data trees of anchors as fragments. Every operation is a fixed handful of statements
 * however many nodes it touches; subtrees are index ranges on (anchor_id, xpath).
 */
@Repository
@Transactional
class FragmentStore implements DataPersistence {

    // What a delete takes for each xpath x: the node, its subtree, the entries of a list; each one index range of
    // the anchor whose id replaces %1$s
    private static final String NODE = "SELECT f.id FROM fragment f WHERE f.anchor_id = %1$s AND f.xpath = x.xpath";
    private static final String SUBTREE = "SELECT f.id FROM fragment f WHERE f.anchor_id = %1$s "
        + "AND f.xpath >= x.xpath || '/' AND f.xpath < x.xpath || '0'";
    private static final String LIST_ENTRIES = "SELECT f.id FROM fragment f WHERE f.anchor_id = %1$s "
        + "AND f.xpath >= x.xpath || '[' AND f.xpath < x.xpath || '\\'";

    /**
     * A delete of xpaths as one statement (parameters: dataspace name, anchor name, the xpaths twice): the anchor
     * found by its name, the xpaths naming neither a node nor a list, and, when there is none, the nodes with their
     * subtrees and the lists' entries deleted. Answers the anchor's id (null: there is no such anchor) and the
     * missing xpaths. LATERAL ... LIMIT 1 makes each test one index probe; as a plain NOT EXISTS the planner chose
     * an anti join scanning the whole anchor per statement.
     */
    private static final String DELETE_XPATHS_AND_BELOW = """
        WITH anchor AS MATERIALIZED (SELECT %s AS id),
        missing AS MATERIALIZED (
            SELECT x.xpath FROM anchor CROSS JOIN unnest(?::text[]) AS x(xpath)
            LEFT JOIN LATERAL (SELECT 1 AS found FROM fragment f WHERE f.anchor_id = anchor.id AND f.xpath = x.xpath
                LIMIT 1) node ON true
            LEFT JOIN LATERAL (SELECT 1 AS found FROM fragment f WHERE f.anchor_id = anchor.id
                AND f.xpath >= x.xpath || '[' AND f.xpath < x.xpath || '\\' LIMIT 1) list ON true
            WHERE node.found IS NULL AND list.found IS NULL),
        deleted AS (
            DELETE FROM fragment WHERE NOT EXISTS (SELECT 1 FROM missing) AND id = ANY(ARRAY(%s)))
        SELECT (SELECT id FROM anchor), ARRAY(SELECT xpath FROM missing)"""
        .formatted(AnchorLookup.ANCHOR_ID, idsInRanges("(SELECT id FROM anchor)", NODE, SUBTREE, LIST_ENTRIES));

    /**
     * A replace's first statement (parameters: dataspace name, anchor name, the replaced nodes' xpaths, their
     * parents' xpaths): the anchor found by its name, the nodes with their subtrees deleted, and one row per parent
     * found (xpath, id), or one row of nulls; each row gives the anchor's id (null: there is no such anchor).
     */
    private static final String DELETE_SUBTREES_SELECT_PARENTS = """
        WITH anchor AS MATERIALIZED (SELECT %s AS id),
        deleted AS (DELETE FROM fragment WHERE id = ANY(ARRAY(%s)))
        SELECT anchor.id, f.xpath, f.id FROM anchor
        LEFT JOIN fragment f ON f.anchor_id = anchor.id AND f.xpath = ANY(?)"""
        .formatted(AnchorLookup.ANCHOR_ID, idsInRanges("(SELECT id FROM anchor)", NODE, SUBTREE));

    /**
     * A replace of trees few enough for one INSERT, as one statement (parameters: dataspace name, anchor name, the
     * replaced nodes' xpaths, twice their parents' xpaths without the root, then those of
     * {@link FragmentWriter#INSERT_SMALL_TREES_CTES}): the nodes with their subtrees deleted, then, when the anchor
     * and every parent are there, the trees inserted. Answers the anchor's id (null: there is no such anchor) and the
     * parents missing. The delete runs first since the insert waits for it (ready): a row inserted with the xpath of
     * a row this statement deletes is no conflict.
     */
    private static final String REPLACE_SMALL_TREES = """
        WITH anchor AS MATERIALIZED (SELECT %s AS id),
        deleted AS (DELETE FROM fragment WHERE id = ANY(ARRAY(%s)) RETURNING 1),
        parents AS MATERIALIZED (
            SELECT f.xpath, f.id FROM anchor JOIN fragment f ON f.anchor_id = anchor.id AND f.xpath = ANY(?::text[])),
        missing AS MATERIALIZED (
            SELECT x.xpath FROM unnest(?::text[]) AS x(xpath) WHERE x.xpath NOT IN (SELECT xpath FROM parents)),
        ready AS MATERIALIZED (
            SELECT 1 WHERE (SELECT id FROM anchor) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM missing)
            AND (SELECT count(*) FROM deleted) >= 0),
        %s
        SELECT (SELECT id FROM anchor), ARRAY(SELECT xpath FROM missing), (SELECT count(*) FROM inserted)"""
        .formatted(AnchorLookup.ANCHOR_ID, idsInRanges("(SELECT id FROM anchor)", NODE, SUBTREE),
            FragmentWriter.INSERT_SMALL_TREES_CTES);

    // the fragments of the xpaths (with the top-level ones for the root) of an anchor named by its dataspace and name
    private static final String SELECT_XPATH_IDS = "SELECT id FROM fragment WHERE anchor_id = " + AnchorLookup.ANCHOR_ID
        + " AND xpath = ANY(?)";
    private static final String SELECT_ROOT_AND_XPATH_IDS = "SELECT id FROM fragment WHERE anchor_id = "
        + AnchorLookup.ANCHOR_ID + " AND (parent_id IS NULL OR xpath = ANY(?))";

    // the entries of a list: in the xpath range of its name followed by a key predicate, children of its parent
    // (a top-level list's parent is no fragment: its entries have none)
    private static final String SELECT_LIST_ENTRY_IDS = """
        SELECT id FROM fragment WHERE anchor_id = ? AND xpath >= ? AND xpath < ? AND parent_id IS NOT DISTINCT FROM
            (SELECT id FROM fragment WHERE anchor_id = ? AND xpath = ?)""";

    private static final int COMPARED_CHUNK = 200;
    private static final String COUNT_SUBTREES = countInRanges(NODE, SUBTREE);
    private static final String COUNT_LIST_ENTRIES_AND_BELOW = countInRanges(LIST_ENTRIES);

    // each given node stored with the same leaves: one index probe a node
    private static final String ALL_STORED_AS_GIVEN = """
        SELECT NOT EXISTS (SELECT 1 FROM unnest(?::text[], ?::text[]) AS n(xpath, leaves)
            WHERE NOT EXISTS (SELECT 1 FROM fragment f WHERE f.anchor_id = ? AND f.xpath = n.xpath
                AND f.attributes = n.leaves::jsonb))""";

    // each given leaf stored with an equal value (not jsonb's @>: it takes a leaf-list as a subset)
    private static final String LEAVES_STORED_AS_GIVEN = """
        SELECT EXISTS (SELECT 1 FROM fragment f WHERE f.anchor_id = ? AND f.xpath = ?
            AND NOT EXISTS (SELECT 1 FROM jsonb_each(?::jsonb) AS given(leaf, value)
                WHERE f.attributes -> given.leaf IS DISTINCT FROM given.value))""";

    private static final String DELETE_LIST_ENTRIES = deleteInRanges(LIST_ENTRIES);

    private static final String MERGE_LEAVES = """
        UPDATE fragment f SET attributes = f.attributes || changes.leaves::jsonb
        FROM unnest(?::text[], ?::text[]) AS changes(xpath, leaves)
        WHERE f.anchor_id = ? AND f.xpath = changes.xpath
        RETURNING f.xpath""";

    // all nodes of an anchor merged or none: the anchors with a node not stored are found first, each node one
    // index probe, and left out of the update
    private static final String MERGE_LEAVES_OF_ANCHORS = """
        WITH changes AS MATERIALIZED (
            SELECT a.id AS anchor_id, u.anchor_name, u.xpath, u.leaves
            FROM unnest(?::text[], ?::text[], ?::text[]) AS u(anchor_name, xpath, leaves)
            JOIN anchor a ON a.name = u.anchor_name
            AND a.dataspace_id = (SELECT d.id FROM dataspace d WHERE d.name = ?)),
        missing AS MATERIALIZED (
            SELECT DISTINCT c.anchor_name FROM changes c
            WHERE NOT EXISTS (SELECT 1 FROM fragment f WHERE f.anchor_id = c.anchor_id AND f.xpath = c.xpath)),
        merged AS (
            UPDATE fragment f SET attributes = f.attributes || c.leaves::jsonb
            FROM changes c
            WHERE f.anchor_id = c.anchor_id AND f.xpath = c.xpath
            AND c.anchor_name NOT IN (SELECT anchor_name FROM missing))
        SELECT anchor_name FROM missing""";

    private final AnchorLookup anchorLookup;
    private final FragmentWriter fragmentWriter;
    private final FragmentReader fragmentReader;
    private final JdbcTemplate jdbcTemplate;

    FragmentStore(final AnchorLookup anchorLookup, final FragmentWriter fragmentWriter,
                  final FragmentReader fragmentReader, final JdbcTemplate jdbcTemplate) {
        this.anchorLookup = anchorLookup;
        this.fragmentWriter = fragmentWriter;
        this.fragmentReader = fragmentReader;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public void storeDataNodes(final String dataspaceName, final String anchorName, final String parentXpath,
                               final Collection<DataNode> dataNodes) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        final Long parentId = parentId(dataspaceName, anchorName, anchorId, parentXpath);
        final List<String> existingXpaths = jdbcTemplate.queryForList(
            "SELECT xpath FROM fragment WHERE anchor_id = ? AND xpath = ANY(?)", String.class,
            anchorId, xpathsOf(dataNodes));
        if (!existingXpaths.isEmpty()) {
            throw AlreadyDefinedException.forXpaths(anchorName, existingXpaths);
        }
        try {
            fragmentWriter.insertTrees(anchorId, parentId, dataNodes);
        } catch (final DuplicateKeyException duplicateInRequest) {
            throw new AlreadyDefinedException("Already defined exception",
                "The data holds the same data node twice (a list entry key repeated?) in anchor " + anchorName + ".");
        }
    }

    @Override
    public void replaceDataNodes(final String dataspaceName, final String anchorName,
                                 final Collection<DataNode> dataNodes) {
        final Set<String> parentXpaths = dataNodes.stream().map(dataNode -> Xpaths.parentXpath(dataNode.xpath()))
            .collect(Collectors.toSet());
        final Optional<FragmentWriter.SmallTrees> smallTrees = fragmentWriter.smallTrees(dataNodes);
        if (smallTrees.isPresent()) {
            replaceSmallTrees(dataspaceName, anchorName, dataNodes, parentXpaths, smallTrees.get());
            return;
        }
        final Map<String, Long> parentIdsByXpath = new HashMap<>();
        final Integer anchorId = jdbcTemplate.query(DELETE_SUBTREES_SELECT_PARENTS, resultSet -> {
            Integer foundAnchorId = null;
            while (resultSet.next()) {
                foundAnchorId = (Integer) resultSet.getObject(1);
                if (resultSet.getString(2) != null) {
                    parentIdsByXpath.put(resultSet.getString(2), resultSet.getLong(3));
                }
            }
            return foundAnchorId;
        }, dataspaceName, anchorName, xpathsOf(dataNodes), parentXpaths.toArray(String[]::new));
        if (anchorId == null) {
            throw anchorLookup.anchorNotFound(dataspaceName, anchorName);
        }
        requireParents(dataspaceName, anchorName, parentXpaths, parentIdsByXpath);
        try {
            fragmentWriter.insertTrees(anchorId, dataNodes,
                dataNode -> parentIdsByXpath.get(Xpaths.parentXpath(dataNode.xpath())));
        } catch (final DuplicateKeyException duplicate) {
            throw replacedMeanwhile(anchorName, duplicate);
        }
    }

    private void replaceSmallTrees(final String dataspaceName, final String anchorName,
                                   final Collection<DataNode> dataNodes, final Set<String> parentXpaths,
                                   final FragmentWriter.SmallTrees smallTrees) {
        final String[] nonRootParentXpaths = parentXpaths.stream().filter(xpath -> !Xpaths.isRoot(xpath))
            .toArray(String[]::new);
        final List<Object> parameters = new ArrayList<>(List.of(dataspaceName, anchorName, xpathsOf(dataNodes),
            nonRootParentXpaths, nonRootParentXpaths));
        parameters.addAll(smallTrees.parameters());
        try {
            jdbcTemplate.query(REPLACE_SMALL_TREES, resultSet -> {
                resultSet.next();
                if (resultSet.getObject(1) == null) {
                    throw anchorLookup.anchorNotFound(dataspaceName, anchorName);
                }
                final String[] missingParents = (String[]) resultSet.getArray(2).getArray();
                if (missingParents.length > 0) {
                    throw new DataNodeNotFoundException(dataspaceName, anchorName, List.of(missingParents));
                }
                return null;
            }, parameters.toArray());
        } catch (final DuplicateKeyException duplicate) {
            throw replacedMeanwhile(anchorName, duplicate);
        }
    }

    @Override
    public void replaceListContent(final String dataspaceName, final String anchorName, final String parentXpath,
                                   final Collection<DataNode> listEntries) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        final Long parentId = parentId(dataspaceName, anchorName, anchorId, parentXpath);
        final String[] listXpaths = listEntries.stream()
            .map(listEntry -> Xpaths.childXpath(parentXpath, Xpaths.lastStepName(listEntry.xpath())))
            .distinct().toArray(String[]::new);
        jdbcTemplate.update(DELETE_LIST_ENTRIES, listXpaths, anchorId);
        try {
            fragmentWriter.insertTrees(anchorId, parentId, listEntries);
        } catch (final DuplicateKeyException duplicate) {
            throw replacedMeanwhile(anchorName, duplicate);
        }
    }

    /**
     * A replacement deletes the nodes, then inserts them anew: a node already there at the insert is one the data
     * holds twice, or one another request's replacement wrote in between (it deleted the same nodes, so this one's
     * delete found none). Refused as a conflict, nothing written, rather than a 500.
     */
    private static AlreadyDefinedException replacedMeanwhile(final String anchorName,
                                                             final DuplicateKeyException duplicate) {
        final AlreadyDefinedException conflict = new AlreadyDefinedException("Concurrent write or repeated node",
            "A data node of anchor " + anchorName + " was written by another request at the same time, or the data "
            + "hold the same data node twice (a list entry key repeated?). Nothing of this request was written; "
            + "if the data are right, send it again.");
        conflict.initCause(duplicate);
        return conflict;
    }

    @Override
    @Transactional(readOnly = true)
    public boolean holdsAlready(final String dataspaceName, final String anchorName,
                                final Collection<DataNode> dataNodes, final String listParentXpath,
                                final DataNode leavesToMerge) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        if (leavesToMerge != null && !Boolean.TRUE.equals(jdbcTemplate.queryForObject(LEAVES_STORED_AS_GIVEN,
            Boolean.class, anchorId, leavesToMerge.xpath(), FragmentJson.toJson(leavesToMerge.leaves())))) {
            return false;
        }
        if (dataNodes.isEmpty()) {
            return true;
        }
        final List<DataNode> flatNodes = new ArrayList<>();
        addFlat(dataNodes, flatNodes);
        // in chunks, so that a write that changes something, the usual one, stops at its first changed chunk
        for (int from = 0; from < flatNodes.size(); from += COMPARED_CHUNK) {
            final List<DataNode> chunk = flatNodes.subList(from, Math.min(from + COMPARED_CHUNK, flatNodes.size()));
            if (!Boolean.TRUE.equals(jdbcTemplate.queryForObject(ALL_STORED_AS_GIVEN, Boolean.class,
                xpathsOf(chunk), chunk.stream().map(node -> FragmentJson.toJson(node.leaves())).toArray(String[]::new),
                anchorId))) {
                return false;
            }
        }
        final String[] replacedXpaths = listParentXpath == null ? xpathsOf(dataNodes) : dataNodes.stream()
            .map(entry -> Xpaths.childXpath(listParentXpath, Xpaths.lastStepName(entry.xpath())))
            .distinct().toArray(String[]::new);
        final Long storedCount = jdbcTemplate.queryForObject(listParentXpath == null ? COUNT_SUBTREES
            : COUNT_LIST_ENTRIES_AND_BELOW, Long.class, listParentXpath == null
            ? new Object[] {replacedXpaths, anchorId, anchorId} : new Object[] {replacedXpaths, anchorId});
        return storedCount != null && storedCount == flatNodes.size();
    }

    private static void addFlat(final Collection<DataNode> dataNodes, final List<DataNode> flatNodes) {
        for (final DataNode dataNode : dataNodes) {
            flatNodes.add(dataNode);
            addFlat(dataNode.childDataNodes(), flatNodes);
        }
    }

    @Override
    public void updateLeaves(final String dataspaceName, final String anchorName,
                             final Collection<DataNode> dataNodes) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        final String[] xpaths = xpathsOf(dataNodes);
        final String[] leaves = dataNodes.stream().map(dataNode -> FragmentJson.toJson(dataNode.leaves()))
            .toArray(String[]::new);
        final Set<String> updatedXpaths = new HashSet<>(jdbcTemplate.queryForList(MERGE_LEAVES, String.class,
            xpaths, leaves, anchorId));
        final List<String> missingXpaths = Arrays.stream(xpaths)
            .filter(xpath -> !updatedXpaths.contains(xpath)).toList();
        if (!missingXpaths.isEmpty()) {
            throw new DataNodeNotFoundException(dataspaceName, anchorName, missingXpaths);
        }
    }

    @Override
    public Set<String> updateLeavesOfAnchors(final String dataspaceName,
                                             final Map<String, Collection<DataNode>> dataNodesByAnchorName) {
        final AnchorNodes anchorNodes = AnchorNodes.of(dataNodesByAnchorName);
        return new HashSet<>(jdbcTemplate.queryForList(MERGE_LEAVES_OF_ANCHORS, String.class,
            anchorNodes.anchorNames(), anchorNodes.xpaths(), anchorNodes.leaves(), dataspaceName));
    }

    /** The nodes of many anchors as the arrays of the statement over many anchors. */
    private record AnchorNodes(String[] anchorNames, String[] xpaths, String[] leaves) {

        static AnchorNodes of(final Map<String, Collection<DataNode>> dataNodesByAnchorName) {
            final List<String> anchorNames = new ArrayList<>();
            final List<String> xpaths = new ArrayList<>();
            final List<String> leaves = new ArrayList<>();
            dataNodesByAnchorName.forEach((anchorName, dataNodes) -> dataNodes.forEach(dataNode -> {
                anchorNames.add(anchorName);
                xpaths.add(dataNode.xpath());
                leaves.add(FragmentJson.toJson(dataNode.leaves()));
            }));
            return new AnchorNodes(anchorNames.toArray(String[]::new), xpaths.toArray(String[]::new),
                leaves.toArray(String[]::new));
        }
    }

    // in the caller's transaction if any, else its statements in auto-commit (FragmentReader's cursor begins one)
    @Override
    @Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
    public NodesRead getDataNodes(final String dataspaceName, final String anchorName,
                                  final Collection<String> xpaths,
                                  final FetchDescendantsOption fetchDescendantsOption) {
        final boolean includesRoot = xpaths.stream().anyMatch(Xpaths::isRoot);
        final Map<Integer, List<DataNode>> trees = fragmentReader.readTrees(includesRoot
            ? SELECT_ROOT_AND_XPATH_IDS : SELECT_XPATH_IDS,
            List.of(dataspaceName, anchorName, xpaths.toArray(String[]::new)), fetchDescendantsOption);
        if (!trees.isEmpty()) {
            final Map.Entry<Integer, List<DataNode>> anchorTrees = trees.entrySet().iterator().next();
            return new NodesRead(anchorLookup.schemaSetOfAnchor(dataspaceName, anchorTrees.getKey()),
                anchorTrees.getValue());
        }
        // nothing read: the anchor may not exist, or the xpath names a whole list
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        if (xpaths.size() == 1 && !includesRoot) {
            final List<DataNode> entries = listEntries(anchorId, xpaths.iterator().next(), fetchDescendantsOption);
            return entries.isEmpty() ? NodesRead.NONE
                : new NodesRead(anchorLookup.schemaSetOfAnchor(dataspaceName, anchorId), entries);
        }
        return NodesRead.NONE;
    }

    /** An xpath without a node may name a whole list (no key predicate): its entries, as the reference reads it. */
    private List<DataNode> listEntries(final int anchorId, final String listXpath,
                                       final FetchDescendantsOption fetchDescendantsOption) {
        if (Xpaths.isListEntry(listXpath)) {
            return List.of();
        }
        return fragmentReader.readTrees(SELECT_LIST_ENTRY_IDS, List.of(anchorId, listXpath + '[', listXpath + '\\',
            anchorId, Xpaths.parentXpath(listXpath)), fetchDescendantsOption).getOrDefault(anchorId, List.of());
    }

    @Override
    public void deleteDataNodes(final String dataspaceName, final String anchorName,
                                final Collection<String> xpaths) {
        final String[] xpathArray = xpaths.toArray(String[]::new);
        final String[] missingXpaths = jdbcTemplate.query(DELETE_XPATHS_AND_BELOW, resultSet -> {
            resultSet.next();
            if (resultSet.getObject(1) == null) {
                throw anchorLookup.anchorNotFound(dataspaceName, anchorName);
            }
            return (String[]) resultSet.getArray(2).getArray();
        }, dataspaceName, anchorName, xpathArray, xpathArray);
        if (missingXpaths.length > 0) {
            throw new DataNodeNotFoundException(dataspaceName, anchorName, List.of(missingXpaths));
        }
    }

    @Override
    public void deleteAllData(final String dataspaceName, final String anchorName) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id = ?", anchorId);
    }

    @Override
    public void replaceAllData(final String dataspaceName,
                               final Map<String, Collection<DataNode>> dataNodesByAnchorName) {
        final Map<Integer, Collection<DataNode>> treesByAnchorId = new LinkedHashMap<>();
        dataNodesByAnchorName.forEach((anchorName, dataNodes) ->
            treesByAnchorId.put(anchorLookup.anchorId(dataspaceName, anchorName), dataNodes));
        if (treesByAnchorId.isEmpty()) {
            return;
        }
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id = ANY(?)",
            (Object) treesByAnchorId.keySet().toArray(Integer[]::new));
        try {
            fragmentWriter.insertTopLevelTrees(treesByAnchorId);
        } catch (final DuplicateKeyException duplicateInRequest) {
            throw new AlreadyDefinedException("Already defined exception",
                "The data hold the same data node twice (a list entry key repeated?)");
        }
    }

    private Long parentId(final String dataspaceName, final String anchorName, final int anchorId,
                          final String parentXpath) {
        if (Xpaths.isRoot(parentXpath)) {
            return null;
        }
        final List<Long> parentIds = jdbcTemplate.queryForList(
            "SELECT id FROM fragment WHERE anchor_id = ? AND xpath = ?", Long.class, anchorId, parentXpath);
        if (parentIds.isEmpty()) {
            throw new DataNodeNotFoundException(dataspaceName, anchorName, List.of(parentXpath));
        }
        return parentIds.getFirst();
    }

    /** Adds "/" to the parents' ids found (as null); DataNodeNotFoundException naming those not found. */
    private static void requireParents(final String dataspaceName, final String anchorName,
                                       final Set<String> parentXpaths, final Map<String, Long> parentIdsByXpath) {
        final List<String> missingParents = new ArrayList<>();
        for (final String parentXpath : parentXpaths) {
            if (Xpaths.isRoot(parentXpath)) {
                parentIdsByXpath.put(parentXpath, null);
            } else if (!parentIdsByXpath.containsKey(parentXpath)) {
                missingParents.add(parentXpath);
            }
        }
        if (!missingParents.isEmpty()) {
            throw new DataNodeNotFoundException(dataspaceName, anchorName, missingParents);
        }
    }

    /**
     * Deletes what the ranges select for each xpath of the array parameter (then one anchor id parameter per
     * range). LATERAL makes each range an index probe per xpath: joined with OR, the planner compared every
     * xpath with every fragment of the anchor (10 s for 200 xpaths in 110,000 fragments). OFFSET 0 keeps the
     * LATERAL subquery from being flattened into a join, as in {@link FragmentReader}. The ids are collected into
     * an array first: as {@code id IN (...)} the planner, estimating a hundred ids, hash-joined them to a scan of
     * the whole table (2.5 ms to delete one list entry of 10,000 instead of 0.1).
     */
    private static String deleteInRanges(final String... ranges) {
        return "DELETE FROM fragment WHERE id = ANY(ARRAY(" + idsInRanges("?", ranges) + "))";
    }

    /** How many fragments the ranges select, with the same index probes as deleteInRanges. */
    private static String countInRanges(final String... ranges) {
        return "SELECT count(*) FROM (" + idsInRanges("?", ranges) + ") stored";
    }

    /** The ids in the ranges of the anchor whose id the SQL expression gives ("?": one parameter per range). */
    private static String idsInRanges(final String anchorId, final String... ranges) {
        return "SELECT selected.id FROM unnest(?::text[]) AS x(xpath) CROSS JOIN LATERAL ("
            + Arrays.stream(ranges).map(range -> range.formatted(anchorId)).collect(Collectors.joining(" UNION ALL "))
            + " OFFSET 0) selected";
    }

    private static String[] xpathsOf(final Collection<DataNode> dataNodes) {
        return dataNodes.stream().map(DataNode::xpath).toArray(String[]::new);
    }
}
