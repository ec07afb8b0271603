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
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Inserts whole trees in a fixed number of statements: small trees in one INSERT that takes its ids from the
 * sequence itself, large ones by COPY after a statement reserving their ids. Ids are handed out in
 * depth-first order, so a parent's id is always smaller than its children's (readers rely on it).
 */
@Component
class FragmentWriter {

    private static final int COPY_THRESHOLD = 100;
    private static final int NO_PARENT_ROW = -1;
    private static final int ANALYZE_THRESHOLD = 10_000;
    private static final int COPY_CHUNK_CHARACTERS = 1 << 16;
    private static final String RESERVE_IDS = "SELECT nextval('fragment_id_seq') FROM generate_series(1, ?)";
    // rows as arrays, each row's parent either a row before it (its 1-based number) or the given parent id
    private static final String INSERT = """
        WITH ids AS MATERIALIZED (SELECT n, nextval('fragment_id_seq') AS id FROM generate_series(1, ?) AS n)
        INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes)
        SELECT own.id, r.anchor_id, COALESCE(parent.id, r.parent_id), r.xpath, r.schema_path, r.attributes::jsonb
        FROM unnest(?::int[], ?::int[], ?::bigint[], ?::text[], ?::text[], ?::text[])
            WITH ORDINALITY AS r(anchor_id, parent_row, parent_id, xpath, schema_path, attributes, n)
        JOIN ids own ON own.n = r.n
        LEFT JOIN ids parent ON parent.n = r.parent_row""";
    /**
     * The CTEs that insert {@link SmallTrees} as a part of a caller's statement, which defines the CTEs anchor(id),
     * parents(xpath, id) of the trees' parents, and ready, which holds a row when the insert is to happen (and which
     * runs first whatever it refers to). Parameters: the rows' count, then the arrays of {@link SmallTrees}.
     */
    static final String INSERT_SMALL_TREES_CTES = """
        ids AS MATERIALIZED (SELECT n, nextval('fragment_id_seq') AS id FROM generate_series(1, ?) AS n
            WHERE EXISTS (SELECT 1 FROM ready)),
        inserted AS (
            INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes)
            SELECT own.id, anchor.id, COALESCE(parent.id, top_parent.id), r.xpath, r.schema_path, r.attributes::jsonb
            FROM unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[])
                WITH ORDINALITY AS r(parent_row, parent_xpath, xpath, schema_path, attributes, n)
            JOIN ids own ON own.n = r.n
            CROSS JOIN anchor
            LEFT JOIN ids parent ON parent.n = r.parent_row
            LEFT JOIN parents top_parent ON top_parent.xpath = r.parent_xpath
            RETURNING 1)""";
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
        final List<Row> rows = new ArrayList<>();
        for (final DataNode tree : trees) {
            addRows(anchorId, NO_PARENT_ROW, parentIdOfTree.apply(tree), tree, rows);
        }
        write(rows);
    }

    /**
     * The rows of trees few enough for one INSERT, as the parameters of {@link #INSERT_SMALL_TREES_CTES}: each row
     * below a row before it or, at the top of a tree, below the fragment of its parent xpath (none for the root);
     * empty when the trees are larger (they are copied).
     */
    Optional<SmallTrees> smallTrees(final Collection<DataNode> trees) {
        final List<Row> rows = new ArrayList<>();
        for (final DataNode tree : trees) {
            // no anchor id: the statement carrying the insert gives its anchor's
            addRows(0, NO_PARENT_ROW, null, tree, rows);
            if (rows.size() >= COPY_THRESHOLD) {
                return Optional.empty();
            }
        }
        return Optional.of(new SmallTrees(rows.size(), column(rows, Integer[]::new, row -> row.parentRow() + 1),
            column(rows, String[]::new,
                row -> row.parentRow() == NO_PARENT_ROW ? Xpaths.parentXpath(row.xpath()) : null),
            column(rows, String[]::new, Row::xpath), column(rows, String[]::new, row -> Xpaths.schemaPath(row.xpath())),
            column(rows, String[]::new, Row::attributes)));
    }

    /** The arrays of {@link #INSERT_SMALL_TREES_CTES}, a row of the trees at each index. */
    record SmallTrees(int size, Integer[] parentRows, String[] parentXpaths, String[] xpaths, String[] schemaPaths,
                      String[] attributes) {

        /** The statement's parameters, in its order. */
        List<Object> parameters() {
            return List.of(size, parentRows, parentXpaths, xpaths, schemaPaths, attributes);
        }
    }

    /** Inserts the top-level trees of many anchors (by anchor id) at once: one write. */
    void insertTopLevelTrees(final Map<Integer, Collection<DataNode>> treesByAnchorId) {
        final List<Row> rows = new ArrayList<>();
        treesByAnchorId.forEach((anchorId, trees) -> trees.forEach(tree ->
            addRows(anchorId, NO_PARENT_ROW, null, tree, rows)));
        write(rows);
    }

    /** A fragment to insert, below the row before it at parentRow or, at NO_PARENT_ROW, below parentId. */
    private record Row(int anchorId, int parentRow, Long parentId, String xpath, String attributes) {
    }

    private void write(final List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        if (rows.size() < COPY_THRESHOLD) {
            insert(rows);
        } else {
            copy(rows, reserveIds(rows.size()));
            analyzeIfGrownMuch(rows.size());
        }
    }

    private void insert(final List<Row> rows) {
        jdbcTemplate.update(INSERT, rows.size(), column(rows, Integer[]::new, Row::anchorId),
            column(rows, Integer[]::new, row -> row.parentRow() + 1), column(rows, Long[]::new, Row::parentId),
            column(rows, String[]::new, Row::xpath), column(rows, String[]::new, row -> Xpaths.schemaPath(row.xpath())),
            column(rows, String[]::new, Row::attributes));
    }

    /** One column of the rows as an array: a parameter of the statements' unnest. */
    private static <T> T[] column(final List<Row> rows, final IntFunction<T[]> newArray,
                                  final Function<Row, T> value) {
        final T[] column = newArray.apply(rows.size());
        for (int index = 0; index < column.length; index++) {
            column[index] = value.apply(rows.get(index));
        }
        return column;
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

    private static void addRows(final int anchorId, final int parentRow, final Long parentId, final DataNode dataNode,
                                final List<Row> rows) {
        final int row = rows.size();
        rows.add(new Row(anchorId, parentRow, parentId, dataNode.xpath(), FragmentJson.toJson(dataNode.leaves())));
        for (final DataNode child : dataNode.childDataNodes()) {
            addRows(anchorId, row, null, child, rows);
        }
    }

    private long[] reserveIds(final int count) {
        final long[] ids = jdbcTemplate.queryForList(RESERVE_IDS, Long.class, count).stream()
            .mapToLong(Long::longValue).toArray();
        Arrays.sort(ids);
        return ids;
    }

    private void copy(final List<Row> rows, final long[] ids) {
        jdbcTemplate.execute((ConnectionCallback<Void>) connection -> {
            final CopyIn copyIn = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY);
            try {
                final StringBuilder chunk = new StringBuilder(COPY_CHUNK_CHARACTERS + 1024);
                for (int index = 0; index < rows.size(); index++) {
                    final Row row = rows.get(index);
                    appendCopyLine(chunk, ids[index], row.anchorId(),
                        row.parentRow() == NO_PARENT_ROW ? row.parentId() : (Long) ids[row.parentRow()], row.xpath(),
                        Xpaths.schemaPath(row.xpath()), row.attributes());
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

    private static void appendCopyLine(final StringBuilder line, final Object... row) {
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

}
