package io.cpsng.perf

import groovy.transform.CompileStatic
import org.postgresql.PGConnection

import javax.sql.DataSource
import java.sql.Connection

/**
 * What PostgreSQL and its JDBC driver do on this machine with an anchor's fragment rows, with nothing of the store
 * in between: the limits the store's figures are set beside, measured in the same run (the machine's load varies
 * from run to run, the ratio much less). Each is the best of a few rounds: a limit, not a typical figure.
 */
@CompileStatic
class RawStoreLimits {

    static final int ROUNDS = 5

    // the store's own read: these columns, the rows below an xpath as one index range of (anchor_id, xpath)
    private static final String RANGE_READ = '''
        SELECT f.id, f.anchor_id, f.parent_id, f.xpath, f.attributes::text FROM fragment f
        WHERE f.anchor_id = ? AND f.xpath >= ? AND f.xpath < ?'''

    private static final String COPY_TABLE = 'raw_limit_fragment'

    /** A row as the driver hands it over, held as Java objects. */
    record Row(long id, int anchorId, long parentId, String xpath, String attributes) {
    }

    private final DataSource dataSource

    RawStoreLimits(DataSource dataSource) {
        this.dataSource = dataSource
    }

    /**
     * Rows per second of the read of every fragment below the xpath in the anchor, one index range scan through
     * JDBC (rows streamed 10,000 a round trip, as the store reads) into a list of records.
     */
    Limit rangeRead(String dataspaceName, String anchorName, String xpath) {
        def anchorId = anchorId(dataspaceName, anchorName)
        def best = Double.MAX_VALUE
        def rows = 0
        ROUNDS.times {
            def seconds = Meter.secondsFor { rows = readRange(anchorId, xpath).size() }
            best = Math.min(best, seconds)
        }
        new Limit(rows, best)
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

    private List<Row> readRange(int anchorId, String xpath) {
        List<Row> rows = new ArrayList<>()
        withConnection { Connection connection ->
            connection.autoCommit = false
            def statement = connection.prepareStatement(RANGE_READ)
            statement.fetchSize = 10_000
            statement.setInt(1, anchorId)
            statement.setString(2, xpath + '/')
            statement.setString(3, xpath + '0')
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

    /** The rows a limit moved and the best time it took. */
    record Limit(long rows, double seconds) {

        double rowsPerSecond() {
            rows / seconds
        }
    }
}
