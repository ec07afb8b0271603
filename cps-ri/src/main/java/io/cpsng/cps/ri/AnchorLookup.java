package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.spi.SchemaSetIdentity;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Resolves dataspace, schema set and anchor names to the ids the store's SQL works with; a name not there is a
 * NotFoundException naming what is missing (the dataspace first).
 */
@Component
class AnchorLookup {

    private static final String SELECT_ANCHOR_ID = """
        SELECT a.id FROM anchor a JOIN dataspace d ON d.id = a.dataspace_id WHERE d.name = ? AND a.name = ?""";

    /**
     * The anchor's id as a subquery of another statement (its parameters: dataspace name, anchor name), where a
     * statement of its own would cost a round trip; null when the anchor does not exist.
     */
    static final String ANCHOR_ID = "(" + SELECT_ANCHOR_ID + ")";

    private static final String SELECT_SCHEMA_SET_ID = """
        SELECT ss.id FROM schema_set ss JOIN dataspace d ON d.id = ss.dataspace_id WHERE d.name = ? AND ss.name = ?""";

    private static final String SELECT_ANCHOR_SCHEMA_SET = """
        SELECT ss.id, ss.name FROM anchor a
        JOIN dataspace d ON d.id = a.dataspace_id
        JOIN schema_set ss ON ss.id = a.schema_set_id
        WHERE d.name = ? AND a.name = ?""";

    private static final String SELECT_ANCHORS_SCHEMA_SETS = """
        SELECT a.name, ss.id, ss.name FROM anchor a
        JOIN dataspace d ON d.id = a.dataspace_id
        JOIN schema_set ss ON ss.id = a.schema_set_id
        WHERE d.name = ? AND a.name = ANY(?)""";

    private static final String SELECT_SCHEMA_SET_OF_ANCHOR = """
        SELECT ss.id, ss.name FROM anchor a JOIN schema_set ss ON ss.id = a.schema_set_id WHERE a.id = ?""";

    // how many anchors' schema sets are remembered: beyond it the memory starts again
    private static final int REMEMBERED_ANCHORS = 10_000;

    private final JdbcTemplate jdbcTemplate;
    // never stale: an anchor keeps its schema set for life, and a deleted anchor's id is never given again (serial)
    private final Map<Integer, SchemaSetIdentity> schemaSetsByAnchorId = new ConcurrentHashMap<>();

    AnchorLookup(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    int anchorId(final String dataspaceName, final String anchorName) {
        final List<Integer> anchorIds = jdbcTemplate.queryForList(SELECT_ANCHOR_ID, Integer.class,
            dataspaceName, anchorName);
        if (anchorIds.isEmpty()) {
            throw anchorNotFound(dataspaceName, anchorName);
        }
        return anchorIds.getFirst();
    }

    /** What to throw for an anchor a statement did not find: the dataspace's NotFoundException when it is missing. */
    NotFoundException anchorNotFound(final String dataspaceName, final String anchorName) {
        dataspaceId(dataspaceName);
        return NotFoundException.anchor(dataspaceName, anchorName);
    }

    int schemaSetId(final String dataspaceName, final String schemaSetName) {
        final List<Integer> schemaSetIds = jdbcTemplate.queryForList(SELECT_SCHEMA_SET_ID, Integer.class,
            dataspaceName, schemaSetName);
        if (schemaSetIds.isEmpty()) {
            dataspaceId(dataspaceName);
            throw NotFoundException.schemaSet(dataspaceName, schemaSetName);
        }
        return schemaSetIds.getFirst();
    }

    SchemaSetIdentity anchorSchemaSet(final String dataspaceName, final String anchorName) {
        final List<SchemaSetIdentity> schemaSets = jdbcTemplate.query(SELECT_ANCHOR_SCHEMA_SET,
            (resultSet, rowNumber) -> new SchemaSetIdentity(dataspaceName, resultSet.getString(2),
                resultSet.getLong(1)), dataspaceName, anchorName);
        if (schemaSets.isEmpty()) {
            throw anchorNotFound(dataspaceName, anchorName);
        }
        return schemaSets.getFirst();
    }

    /** The schema set of an anchor whose rows were just read: looked up once per anchor. */
    SchemaSetIdentity schemaSetOfAnchor(final String dataspaceName, final int anchorId) {
        final SchemaSetIdentity remembered = schemaSetsByAnchorId.get(anchorId);
        if (remembered != null) {
            return remembered;
        }
        final SchemaSetIdentity schemaSet = jdbcTemplate.queryForObject(SELECT_SCHEMA_SET_OF_ANCHOR,
            (resultSet, rowNumber) -> new SchemaSetIdentity(dataspaceName, resultSet.getString(2),
                resultSet.getLong(1)), anchorId);
        if (schemaSetsByAnchorId.size() >= REMEMBERED_ANCHORS) {
            schemaSetsByAnchorId.clear();
        }
        schemaSetsByAnchorId.put(anchorId, schemaSet);
        return schemaSet;
    }

    Map<String, SchemaSetIdentity> anchorSchemaSets(final String dataspaceName, final Collection<String> anchorNames) {
        final Map<String, SchemaSetIdentity> schemaSets = new HashMap<>();
        jdbcTemplate.query(SELECT_ANCHORS_SCHEMA_SETS, resultSet -> {
            schemaSets.put(resultSet.getString(1),
                new SchemaSetIdentity(dataspaceName, resultSet.getString(3), resultSet.getLong(2)));
        }, dataspaceName, anchorNames.toArray(String[]::new));
        return schemaSets;
    }

    int dataspaceId(final String dataspaceName) {
        final List<Integer> dataspaceIds = jdbcTemplate.queryForList("SELECT id FROM dataspace WHERE name = ?",
            Integer.class, dataspaceName);
        if (dataspaceIds.isEmpty()) {
            throw NotFoundException.dataspace(dataspaceName);
        }
        return dataspaceIds.getFirst();
    }
}
