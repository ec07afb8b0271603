package io.cpsng.cps.ri;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.path.Xpaths;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Inserts whole trees in a fixed number of statements: one to reserve ids for every node, then
 * a batched multi-row INSERT for small trees or COPY for large ones. Ids are handed out in
 * depth-first order, so a parent's id is always smaller than its children's (readers rely on it).
 */
@Component
class FragmentWriter {

    private static final int COPY_THRESHOLD = 100;
    private static final int ANALYZE_THRESHOLD = 10_000;
    private static final int COPY_CHUNK_CHARACTERS = 1 << 16;
    private static final String RESERVE_IDS = "SELECT nextval('fragment_id_seq') FROM generate_series(1, ?)";
    private static final String INSERT = """
        INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes)
        VALUES (?, ?, ?, ?, ?, ?::jsonb)""";
    private static final String COPY = "COPY fragment (id, anchor_id, parent_id, xpath, schema_path, attributes) "
        + "FROM STDIN";

    private final JdbcTemplate jdbcTemplate;

    FragmentWriter(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** Inserts the trees below the parent fragment (null for top-level nodes). */
    void insertTrees(final int anchorId, final Long parentId, final Collection<DataNode> trees) {
        insertTrees(anchorId, trees, tree -> parentId);
    }

    /** Inserts each tree below the parent fragment the function gives for it (null for top level). */
    void insertTrees(final int anchorId, final Collection<DataNode> trees,
                     final Function<DataNode, Long> parentIdOfTree) {
        final List<Object[]> rows = new ArrayList<>();
        final long[] ids = reserveIds(countNodes(trees));
        final int[] nextId = {0};
        for (final DataNode tree : trees) {
            addRows(anchorId, parentIdOfTree.apply(tree), tree, ids, nextId, rows);
        }
        write(rows);
    }

    /** Inserts the top-level trees of many anchors (by anchor id) at once: one id reservation, one write. */
    void insertTopLevelTrees(final Map<Integer, Collection<DataNode>> treesByAnchorId) {
        final long[] ids = reserveIds(treesByAnchorId.values().stream().mapToInt(FragmentWriter::countNodes).sum());
        final List<Object[]> rows = new ArrayList<>(ids.length);
        final int[] nextId = {0};
        treesByAnchorId.forEach((anchorId, trees) -> trees.forEach(tree ->
            addRows(anchorId, null, tree, ids, nextId, rows)));
        write(rows);
    }

    private void write(final List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        if (rows.size() < COPY_THRESHOLD) {
            jdbcTemplate.batchUpdate(INSERT, rows);
        } else {
            copy(rows);
            analyzeIfGrownMuch(rows.size());
        }
    }

    /**
     * After a bulk insert that grows the table by a tenth or more, refreshes the planner's statistics at
     * once instead of waiting for autovacuum: with a young table's stale statistics the planner picked
     * plans that made the next bulk writes 50 times slower (measured on the NCMP inventory).
     */
    private void analyzeIfGrownMuch(final int insertedRows) {
        final Double estimatedRows = jdbcTemplate.queryForObject(
            "SELECT reltuples FROM pg_class WHERE oid = 'fragment'::regclass", Double.class);
        if (insertedRows >= ANALYZE_THRESHOLD && (estimatedRows == null || insertedRows * 10.0 > estimatedRows)) {
            jdbcTemplate.execute("ANALYZE fragment");
        }
    }

    private void addRows(final int anchorId, final Long parentId, final DataNode dataNode, final long[] ids,
                         final int[] nextId, final List<Object[]> rows) {
        final long id = ids[nextId[0]++];
        rows.add(new Object[] {id, anchorId, parentId, dataNode.xpath(), Xpaths.schemaPath(dataNode.xpath()),
            FragmentJson.toJson(dataNode.leaves())});
        for (final DataNode child : dataNode.childDataNodes()) {
            addRows(anchorId, id, child, ids, nextId, rows);
        }
    }

    private long[] reserveIds(final int count) {
        final long[] ids = jdbcTemplate.queryForList(RESERVE_IDS, Long.class, count).stream()
            .mapToLong(Long::longValue).toArray();
        Arrays.sort(ids);
        return ids;
    }

    private void copy(final List<Object[]> rows) {
        jdbcTemplate.execute((ConnectionCallback<Void>) connection -> {
            final CopyIn copyIn = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY);
            try {
                final StringBuilder chunk = new StringBuilder(COPY_CHUNK_CHARACTERS + 1024);
                for (final Object[] row : rows) {
                    appendCopyLine(chunk, row);
                    if (chunk.length() >= COPY_CHUNK_CHARACTERS) {
                        write(copyIn, chunk);
                    }
                }
                write(copyIn, chunk);
                copyIn.endCopy();
            } finally {
                if (copyIn.isActive()) {
                    copyIn.cancelCopy();
                }
            }
            return null;
        });
    }

    private static void write(final CopyIn copyIn, final StringBuilder chunk) throws SQLException {
        final byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
        copyIn.writeToCopy(bytes, 0, bytes.length);
        chunk.setLength(0);
    }

    private static void appendCopyLine(final StringBuilder line, final Object[] row) {
        for (int column = 0; column < row.length; column++) {
            if (column > 0) {
                line.append('\t');
            }
            if (row[column] == null) {
                line.append("\\N");
            } else {
                appendEscaped(line, row[column].toString());
            }
        }
        line.append('\n');
    }

    /** COPY's text format gives backslash, tab, newline and carriage return a meaning: escape them. */
    private static void appendEscaped(final StringBuilder line, final String value) {
        for (int index = 0; index < value.length(); index++) {
            final char character = value.charAt(index);
            switch (character) {
                case '\\' -> line.append("\\\\");
                case '\t' -> line.append("\\t");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                default -> line.append(character);
            }
        }
    }

    private static int countNodes(final Collection<DataNode> trees) {
        int count = 0;
        for (final DataNode tree : trees) {
            count += 1 + countNodes(tree.childDataNodes());
        }
        return count;
    }
}
