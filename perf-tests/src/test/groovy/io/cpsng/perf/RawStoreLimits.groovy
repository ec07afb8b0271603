package io.cpsng.perf

import groovy.transform.CompileStatic
import org.postgresql.PGConnection

import javax.sql.DataSource
import java.sql.Connection
import java.sql.PreparedStatement

/**
 * What PostgreSQL and its JDBC driver do on this machine with an anchor's fragment rows, with nothing of the store
 * in between: the limits the store's figures are set beside, measured in the same run (the machine's load varies
 * from run to run, the ratio much less). Each is the best of a few rounds: a limit, not a typical figure.
 */
@CompileStatic
class RawStoreLimits {

    static final int ROUNDS = 5

    // the store's own read: these columns, the rows below an xpath as one range of (anchor_id, xpath); where the
    // anchor's rows are nearly all of the table's, as in the specs, PostgreSQL scans the table instead (0.8 us a row
    // where the store's index ranges take 1.1-1.5): a limit no lower than the index range's
    private static final String RANGE_READ = '''
        SELECT f.id, f.anchor_id, f.parent_id, f.xpath, f.attributes::text FROM fragment f
        WHERE f.anchor_id = ? AND f.xpath >= ? AND f.xpath < ?'''

    // the same for many trees in one statement, as the store reads them: one range each, from the root's xpath to
    // the end of its descendants' ("/" sorts before "0"), LATERAL with OFFSET 0 so that each stays an index range. A
    // sibling whose name extends the root's by a character sorting before "/" would be read too: the specs' roots end
    // in "]" or are a container without such a sibling, and each spec checks the rows equal the store's fragments
    private static final String TREES_READ = '''
        SELECT f.id, f.anchor_id, f.parent_id, f.xpath, f.attributes::text
        FROM unnest(?::int[], ?::text[]) r(anchor_id, xpath) CROSS JOIN LATERAL (SELECT * FROM fragment d
            WHERE d.anchor_id = r.anchor_id AND d.xpath >= r.xpath AND d.xpath < r.xpath || '0' OFFSET 0) f'''

    private static final String COPY_TABLE = 'raw_limit_fragment'

    /** A row as the driver hands it over, held as Java objects. */
    record Row(long id, int anchorId, long parentId, String xpath, String attributes) {
    }

    private final DataSource dataSource

    RawStoreLimits(DataSource dataSource) {
        this.dataSource = dataSource
    }

    /**
     * The read of every fragment below the xpath in the anchor, one range through JDBC (rows streamed
     * 10,000 a round trip, as the store reads) into a list of records, alternated round by round with a read of the
     * store's, so that both meet the same load: measured one after the other, the limit moved by up to 1.6x between
     * runs of the same spec and the ratio with it. The best round of each.
     */
    Beside rangeReadBeside(String dataspaceName, String anchorName, String xpath, Closure<?> storeRead) {
        def anchorId = anchorId(dataspaceName, anchorName)
        readBeside({ read(RANGE_READ, anchorId, xpath + '/', xpath + '0') }, storeRead)
    }

    /**
     * The same for the trees of the xpaths (by anchor name), roots and all descendants, in one statement: the same
     * rows as a store's read or query of those trees, where a range of a whole anchor would set a read of a tenth of
     * its devices beside a read of all of them (the statement's fixed cost spread over ten times the rows, and a
     * scan of the table where the anchor is all of it).
     */
    Beside treesReadBeside(String dataspaceName, Map<String, Collection<String>> xpathsByAnchorName,
                           Closure<?> storeRead) {
        List<Integer> anchorIds = []
        List<String> xpaths = []
        xpathsByAnchorName.each { anchorName, anchorXpaths ->
            def anchorId = anchorId(dataspaceName, anchorName)
            anchorXpaths.each { xpath ->
                anchorIds << anchorId
                xpaths << xpath
            }
        }
        readBeside({ read(TREES_READ, anchorIds as Integer[], xpaths as String[]) }, storeRead)
    }

    /**
     * Records the ratio of the store's operation to the range of the whole anchor below the xpath, the limit the
     * reads of some trees and the queries were set beside until 2026-11-29: their figures of before compare with it.
     */
    void recordBesideWholeAnchor(String name, String family, long size, long fragments, String dataspaceName,
                                 String anchorName, String xpath, Closure<?> storeRead) {
        def beside = rangeReadBeside(dataspaceName, anchorName, xpath, storeRead)
        PerfRecorder.record("${name}: ratio to the whole anchor's raw range read", family, size, beside.storeSeconds(),
            fragments / beside.storeSeconds() / beside.limit().rowsPerSecond(), 'x', Budget.NONE)
    }

    private static Beside readBeside(Closure<List<Row>> rawRead, Closure<?> storeRead) {
        def bestLimitSeconds = Double.MAX_VALUE
        def bestStoreSeconds = Double.MAX_VALUE
        def rows = 0
        ROUNDS.times {
            bestLimitSeconds = Math.min(bestLimitSeconds, Meter.secondsFor { rows = rawRead.call().size() })
            bestStoreSeconds = Math.min(bestStoreSeconds, Meter.secondsFor(storeRead))
        }
        new Beside(new Limit(rows, bestLimitSeconds), bestStoreSeconds)
    }

    /**
     * Rows per second of COPY of the anchor's fragment rows into an empty table shaped as fragment with its
     * indexes (the rows read out beforehand in COPY's text format, so only the write is timed).
     */
    Limit copy(String dataspaceName, String anchorName) {
        def anchorId = anchorId(dataspaceName, anchorName)
        byte[] rows = copyOut(anchorId)
        def best = Double.MAX_VALUE
        long copied = 0
        ROUNDS.times {
            withConnection { Connection connection ->
                connection.createStatement().execute(
                    "DROP TABLE IF EXISTS ${COPY_TABLE}; CREATE TABLE ${COPY_TABLE} (LIKE fragment INCLUDING ALL)")
                def seconds = Meter.secondsFor {
                    copied = connection.unwrap(PGConnection).copyAPI.copyIn(
                        "COPY ${COPY_TABLE} (id, anchor_id, parent_id, xpath, schema_path, attributes) FROM STDIN",
                        new ByteArrayInputStream(rows))
                }
                best = Math.min(best, seconds)
                connection.createStatement().execute("DROP TABLE ${COPY_TABLE}")
            }
        }
        new Limit(copied, best)
    }

    /**
     * The least a store's read, replace or delete of one entry does: one prepared statement by (anchor_id, xpath),
     * in auto-commit (a statement is a transaction of its own, one round trip) or in a transaction of its own (the
     * driver begins it with the statement, then a commit: two), on a connection of its own. Close it after use.
     */
    SingleEntryStatements singleEntryStatements(String dataspaceName, String anchorName, boolean inTransaction) {
        new SingleEntryStatements(dataSource.connection, anchorId(dataspaceName, anchorName), inTransaction)
    }

    /** The statements of {@link #singleEntryStatements}. */
    static class SingleEntryStatements implements Closeable {

        private final Connection connection
        private final int anchorId
        private final boolean inTransaction
        private final PreparedStatement read
        private final PreparedStatement replace
        private final PreparedStatement delete

        SingleEntryStatements(Connection connection, int anchorId, boolean inTransaction) {
            this.connection = connection
            this.anchorId = anchorId
            this.inTransaction = inTransaction
            connection.autoCommit = !inTransaction
            read = connection.prepareStatement(
                'SELECT f.id, f.anchor_id, f.parent_id, f.xpath, f.attributes::text FROM fragment f'
                    + ' WHERE f.anchor_id = ? AND f.xpath = ?')
            replace = connection.prepareStatement(
                'UPDATE fragment SET attributes = ?::jsonb WHERE anchor_id = ? AND xpath = ?')
            delete = connection.prepareStatement('DELETE FROM fragment WHERE anchor_id = ? AND xpath = ?')
        }

        Row read(String xpath) {
            read.setInt(1, anchorId)
            read.setString(2, xpath)
            def resultSet = read.executeQuery()
            def row = resultSet.next() ? new Row(resultSet.getLong(1), resultSet.getInt(2), resultSet.getLong(3),
                resultSet.getString(4), resultSet.getString(5)) : null
            resultSet.close()
            committed(row)
        }

        int replace(String xpath, String attributesJson) {
            replace.setString(1, attributesJson)
            replace.setInt(2, anchorId)
            replace.setString(3, xpath)
            committed(replace.executeUpdate())
        }

        int delete(String xpath) {
            delete.setInt(1, anchorId)
            delete.setString(2, xpath)
            committed(delete.executeUpdate())
        }

        private <T> T committed(T result) {
            if (inTransaction) {
                connection.commit()
            }
            result
        }

        @Override
        void close() {
            connection.autoCommit = true
            connection.close()
        }
    }

    private List<Row> read(String sql, Object... parameters) {
        List<Row> rows = new ArrayList<>()
        withConnection { Connection connection ->
            connection.autoCommit = false
            def statement = connection.prepareStatement(sql)
            statement.fetchSize = 10_000
            parameters.eachWithIndex { Object parameter, int index ->
                if (parameter instanceof Object[]) {
                    def type = parameter instanceof Integer[] ? 'int4' : 'text'
                    statement.setArray(index + 1, connection.createArrayOf(type, (Object[]) parameter))
                } else {
                    statement.setObject(index + 1, parameter)
                }
            }
            def resultSet = statement.executeQuery()
            while (resultSet.next()) {
                rows << new Row(resultSet.getLong(1), resultSet.getInt(2), resultSet.getLong(3), resultSet.getString(4),
                    resultSet.getString(5))
            }
            connection.commit()
        }
        rows
    }

    private byte[] copyOut(int anchorId) {
        def buffer = new ByteArrayOutputStream()
        withConnection { Connection connection ->
            connection.unwrap(PGConnection).copyAPI.copyOut(
                "COPY (SELECT id, anchor_id, parent_id, xpath, schema_path, attributes FROM fragment"
                    + " WHERE anchor_id = ${anchorId}) TO STDOUT", buffer)
        }
        buffer.toByteArray()
    }

    private int anchorId(String dataspaceName, String anchorName) {
        int anchorId = 0
        withConnection { Connection connection ->
            def statement = connection.prepareStatement(
                'SELECT a.id FROM anchor a JOIN dataspace d ON d.id = a.dataspace_id WHERE d.name = ? AND a.name = ?')
            statement.setString(1, dataspaceName)
            statement.setString(2, anchorName)
            def resultSet = statement.executeQuery()
            resultSet.next()
            anchorId = resultSet.getInt(1)
        }
        anchorId
    }

    private void withConnection(Closure<?> work) {
        Connection connection = dataSource.connection
        try {
            work.call(connection)
        } finally {
            connection.close()
        }
    }

    /** A limit and the best time of the store's operation measured alternately with it. */
    record Beside(Limit limit, double storeSeconds) {

        /** Records the limit, the ratio of the store's rate to it, and the store's rate against the budget. */
        Measurement record(String name, String family, long size, long fragments, Budget budget) {
            def rate = fragments / storeSeconds
            PerfRecorder.record("${name}: raw limit, index range through JDBC", family, size, limit.seconds(),
                limit.rowsPerSecond(), 'rows/s', Budget.NONE)
            PerfRecorder.record("${name}: ratio to the raw limit", family, size, storeSeconds,
                rate / limit.rowsPerSecond(), 'x', Budget.NONE)
            PerfRecorder.record(name, family, size, storeSeconds, rate, 'fragments/s', budget)
        }
    }

    /** The rows a limit moved and the best time it took. */
    record Limit(long rows, double seconds) {

        double rowsPerSecond() {
            rows / seconds
        }
    }
}
