package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads trees of fragments in one statement, whatever their size: the roots come from a
 * caller's SQL selecting fragment ids, collected into an array first (as {@code id IN (...)} the generic plan,
 * estimating thousands of roots where a cps-path matched one, hash-joined them to two scans of the whole table);
 * all descendants are one index range scan per root (xpath between root/ and root0 in the "C" collation).
 * OFFSET 0 keeps the LATERAL subquery from being flattened into a join: the generic plan of the prepared
 * statement, estimating 10 roots, hash-joined 200 roots to a scan of the whole table (3.6 s instead of 4 ms at
 * 130,000 fragments). A limited depth is a recursive CTE over (anchor_id, parent_id). Trees are linked in one
 * pass over the rows, each finding its parent by id ({@link FragmentIndex}); their text is decoded as the rows
 * come ({@link FragmentDecoder}).
 * Rows come through a cursor, so a read over the limit is stopped at the first row past it, before the driver
 * has loaded the rest. A cursor needs a transaction: a read of descendants called outside one begins its own; a
 * read of the roots alone (as many rows as the caller asked for) runs as it is called, one round trip in auto-commit.
 */
@Component
@EnableConfigurationProperties(StoreReadProperties.class)
class FragmentReader {

    // rows per round trip of the cursor: large enough to keep round trips rare, small enough to hold in memory
    private static final int FETCH_SIZE = 10_000;

    private static final String COLUMNS = "f.id, f.anchor_id, f.parent_id, f.xpath, f.attributes::text";
    // the same with a name for the last, where a CTE's columns are selected by name
    private static final String NAMED_COLUMNS = COLUMNS + " AS attributes";

    private static final String ROOTS_ONLY = "SELECT " + COLUMNS + ", true AS root FROM fragment f "
        + "WHERE f.id = ANY(ARRAY(%s))";

    private static final String ROOTS_AND_ALL_DESCENDANTS = """
        WITH roots AS MATERIALIZED (SELECT %s FROM fragment f WHERE f.id = ANY(ARRAY(%s)))
        SELECT id, anchor_id, parent_id, xpath, attributes, true AS root FROM roots
        UNION ALL
        SELECT %s, false AS root FROM roots r CROSS JOIN LATERAL (SELECT * FROM fragment d
            WHERE d.anchor_id = r.anchor_id AND d.xpath >= r.xpath || '/' AND d.xpath < r.xpath || '0'
            OFFSET 0) f"""
        .formatted(NAMED_COLUMNS, "%s", COLUMNS);

    private static final String ROOTS_AND_DESCENDANTS_TO_DEPTH = """
        WITH RECURSIVE tree AS (
            SELECT %s, true AS root, 0 AS depth FROM fragment f WHERE f.id = ANY(ARRAY(%s))
            UNION ALL
            SELECT %s, false AS root, tree.depth + 1 FROM tree JOIN fragment f
                ON f.anchor_id = tree.anchor_id AND f.parent_id = tree.id
            WHERE tree.depth < ?)
        SELECT id, anchor_id, parent_id, xpath, attributes, root FROM tree"""
        .formatted(NAMED_COLUMNS, "%s", NAMED_COLUMNS);

    private final JdbcTemplate jdbcTemplate;
    private final int maxFragmentsPerRead;
    private final FragmentDecoder fragmentDecoder;
    // named as a data service's (StoreTransactionManager.DATA_SERVICES): its statement is the data's
    private final TransactionTemplate cursorTransaction;

    FragmentReader(final JdbcTemplate jdbcTemplate, final StoreReadProperties storeReadProperties,
                   final FragmentDecoder fragmentDecoder, final PlatformTransactionManager transactionManager) {
        // its own template: the fetch size makes the driver stream rows (in a transaction) instead of loading all
        this.jdbcTemplate = new JdbcTemplate(jdbcTemplate.getDataSource());
        this.jdbcTemplate.setFetchSize(FETCH_SIZE);
        this.maxFragmentsPerRead = storeReadProperties.maxFragmentsPerRead();
        this.fragmentDecoder = fragmentDecoder;
        this.cursorTransaction = new TransactionTemplate(transactionManager);
        this.cursorTransaction.setReadOnly(true);
        this.cursorTransaction.setName(FragmentReader.class.getName() + ".readTrees");
    }

    /**
     * The trees rooted at the fragments the SQL selects (a query returning one column of fragment
     * ids), grouped by anchor id, each anchor's roots in id order.
     */
    Map<Integer, List<DataNode>> readTrees(final String rootIdsSql, final List<Object> parameters,
                                           final FetchDescendantsOption fetchDescendantsOption) {
        if (fetchDescendantsOption.depth() != 0 && !TransactionSynchronizationManager.isActualTransactionActive()) {
            return cursorTransaction.execute(status -> readTrees(rootIdsSql, parameters, fetchDescendantsOption));
        }
        final List<Object> allParameters = new ArrayList<>(parameters);
        final String sql;
        if (fetchDescendantsOption.depth() == 0) {
            sql = ROOTS_ONLY.formatted(rootIdsSql);
        } else if (fetchDescendantsOption.includesAll()) {
            sql = ROOTS_AND_ALL_DESCENDANTS.formatted(rootIdsSql);
        } else {
            sql = ROOTS_AND_DESCENDANTS_TO_DEPTH.formatted(rootIdsSql);
            allParameters.add(fetchDescendantsOption.depth());
        }
        final List<FragmentNode> fragmentNodes = new ArrayList<>();
        final FragmentDecoder.Decoding decoding = fragmentDecoder.start();
        try {
            jdbcTemplate.query(sql, resultSet -> {
                if (fragmentNodes.size() == maxFragmentsPerRead) {
                    throw tooManyFragments();
                }
                final FragmentNode fragmentNode = new FragmentNode(resultSet.getLong(1), resultSet.getInt(2),
                    resultSet.getLong(3), resultSet.getBytes(4), resultSet.getBytes(5), resultSet.getBoolean(6));
                fragmentNodes.add(fragmentNode);
                decoding.add(fragmentNode);
            }, allParameters.toArray());
        } catch (final RuntimeException readFailure) {
            decoding.cancel();
            throw readFailure;
        }
        decoding.finish();
        return linkTrees(fragmentNodes);
    }

    private DataValidationException tooManyFragments() {
        return new DataValidationException("Read too large", "The read would return more than "
            + maxFragmentsPerRead + " data nodes, the limit cps.store.max-fragments-per-read: read a subtree,"
            + " fewer descendants (descendants=direct or a depth) or a narrower cps-path");
    }

    private static Map<Integer, List<DataNode>> linkTrees(final List<FragmentNode> fragmentNodes) {
        final FragmentIndex positionsById = new FragmentIndex(fragmentNodes.size());
        final List<FragmentNode> uniqueFragmentNodes = new ArrayList<>(fragmentNodes.size());
        for (final FragmentNode fragmentNode : fragmentNodes) {
            final int position = positionsById.putIfAbsent(fragmentNode.id, uniqueFragmentNodes.size());
            if (position < 0) {
                uniqueFragmentNodes.add(fragmentNode);
            } else {
                // a root that is also a descendant of another root: one node serving both
                final FragmentNode sameFragment = uniqueFragmentNodes.get(position);
                sameFragment.root |= fragmentNode.root;
                sameFragment.descendant |= fragmentNode.descendant;
            }
        }
        final List<FragmentNode> roots = new ArrayList<>();
        for (final FragmentNode fragmentNode : uniqueFragmentNodes) {
            if (fragmentNode.root) {
                roots.add(fragmentNode);
            }
            final int parentPosition = positionsById.get(fragmentNode.parentId);
            if (fragmentNode.descendant && parentPosition >= 0) {
                uniqueFragmentNodes.get(parentPosition).addChild(fragmentNode);
            }
        }
        roots.sort(FragmentNode.BY_ID);
        final Map<Integer, List<DataNode>> treesByAnchorId = new LinkedHashMap<>();
        for (final FragmentNode root : roots) {
            treesByAnchorId.computeIfAbsent(root.anchorId, anchorId -> new ArrayList<>()).add(root.toDataNode());
        }
        return treesByAnchorId;
    }
}
