package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.Dataspace;
import io.cpsng.cps.spi.AdminPersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Dataspaces and anchors (ADR 0016: plain SQL, as the rest of the store); an anchor's data go with it. */
@Repository
@Transactional
class AdminStore implements AdminPersistence {

    private static final String SELECT_ANCHORS = "SELECT a.name, ss.name FROM anchor a "
        + "JOIN schema_set ss ON ss.id = a.schema_set_id WHERE a.dataspace_id = ? ";
    private static final String SELECT_ANCHOR = SELECT_ANCHORS + "AND a.name = ?";
    private static final String SELECT_ALL_ANCHORS = SELECT_ANCHORS + "ORDER BY a.name";
    // array parameters, not IN lists: any number of names stays within PostgreSQL's bind limit
    private static final String SELECT_ANCHORS_BY_NAMES = SELECT_ANCHORS + "AND a.name = ANY(?) ORDER BY a.name";
    private static final String SELECT_ANCHORS_OF_SCHEMA_SETS = SELECT_ANCHORS
        + "AND ss.name = ANY(?) ORDER BY a.name";

    // a concurrent insert of the same name waits for the other and inserts nothing: both cases are "already there"
    private static final String INSERT_DATASPACE = "INSERT INTO dataspace (name) VALUES (?) ON CONFLICT DO NOTHING";
    private static final String INSERT_ANCHOR = """
        INSERT INTO anchor (dataspace_id, schema_set_id, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING""";

    private final AnchorLookup anchorLookup;
    private final JdbcTemplate jdbcTemplate;

    AdminStore(final AnchorLookup anchorLookup, final JdbcTemplate jdbcTemplate) {
        this.anchorLookup = anchorLookup;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public void createDataspace(final String dataspaceName) {
        if (jdbcTemplate.update(INSERT_DATASPACE, dataspaceName) == 0) {
            throw AlreadyDefinedException.forName("Dataspace", dataspaceName, null);
        }
    }

    @Override
    public void deleteDataspace(final String dataspaceName) {
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        final long anchorCount = count("SELECT count(*) FROM anchor WHERE dataspace_id = ?", dataspaceId);
        if (anchorCount > 0) {
            throw new InUseException("Dataspace with name " + dataspaceName + " is being used.",
                "Dataspace contains " + anchorCount + " anchor(s)");
        }
        final long schemaSetCount = count("SELECT count(*) FROM schema_set WHERE dataspace_id = ?", dataspaceId);
        if (schemaSetCount > 0) {
            throw new InUseException("Dataspace with name " + dataspaceName + " is being used.",
                "Dataspace contains " + schemaSetCount + " schemaset(s)");
        }
        jdbcTemplate.update("DELETE FROM dataspace WHERE id = ?", dataspaceId);
    }

    @Override
    @Transactional(readOnly = true)
    public Dataspace getDataspace(final String dataspaceName) {
        anchorLookup.dataspaceId(dataspaceName);
        return new Dataspace(dataspaceName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Dataspace> getDataspaces() {
        return jdbcTemplate.query("SELECT name FROM dataspace ORDER BY id",
            (resultSet, rowNumber) -> new Dataspace(resultSet.getString(1)));
    }

    @Override
    public void createAnchor(final String dataspaceName, final String schemaSetName, final String anchorName) {
        final int schemaSetId = anchorLookup.schemaSetId(dataspaceName, schemaSetName);
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        final int inserted;
        try {
            inserted = jdbcTemplate.update(INSERT_ANCHOR, dataspaceId, schemaSetId, anchorName);
        } catch (final DataIntegrityViolationException schemaSetGone) {
            throw schemaSetDeletedMeanwhile(dataspaceName, schemaSetName, schemaSetGone);
        }
        if (inserted == 0) {
            throw AlreadyDefinedException.forName("Anchor", anchorName, "dataspace " + dataspaceName);
        }
    }

    /**
     * The schema set found at the start of the request was deleted by another before the anchor referencing it was
     * written (the foreign key refused it; duplicates are not refused that way): as if it had not been found.
     */
    private static NotFoundException schemaSetDeletedMeanwhile(final String dataspaceName, final String schemaSetName,
                                                             final DataIntegrityViolationException schemaSetGone) {
        final NotFoundException notFound = NotFoundException.schemaSet(dataspaceName, schemaSetName);
        notFound.initCause(schemaSetGone);
        return notFound;
    }

    @Override
    public void createAnchors(final String dataspaceName, final String schemaSetName,
                              final Collection<String> anchorNames) {
        final int schemaSetId = anchorLookup.schemaSetId(dataspaceName, schemaSetName);
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        try {
            jdbcTemplate.update("INSERT INTO anchor (dataspace_id, schema_set_id, name) SELECT ?, ?, unnest(?::text[])",
                dataspaceId, schemaSetId, anchorNames.toArray(String[]::new));
        } catch (final DuplicateKeyException duplicate) {
            throw new AlreadyDefinedException("Already defined exception",
                "One or more of the anchors already exist in dataspace " + dataspaceName + ".");
        } catch (final DataIntegrityViolationException schemaSetGone) {
            throw schemaSetDeletedMeanwhile(dataspaceName, schemaSetName, schemaSetGone);
        }
    }

    @Override
    public void deleteAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        final String[] names = anchorNames.toArray(String[]::new);
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id IN "
            + "(SELECT id FROM anchor WHERE dataspace_id = ? AND name = ANY(?))", dataspaceId, names);
        jdbcTemplate.update("DELETE FROM anchor WHERE dataspace_id = ? AND name = ANY(?)", dataspaceId, names);
    }

    @Override
    @Transactional(readOnly = true)
    public Anchor getAnchor(final String dataspaceName, final String anchorName) {
        final List<Anchor> anchors = jdbcTemplate.query(SELECT_ANCHOR,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            anchorLookup.dataspaceId(dataspaceName), anchorName);
        if (anchors.isEmpty()) {
            throw NotFoundException.anchor(dataspaceName, anchorName);
        }
        return anchors.getFirst();
    }

    @Override
    @Transactional(readOnly = true)
    public SchemaSetIdentity getAnchorSchemaSet(final String dataspaceName, final String anchorName) {
        return anchorLookup.anchorSchemaSet(dataspaceName, anchorName);
    }

    @Override
    @Transactional(readOnly = true)
    public Map<String, SchemaSetIdentity> getAnchorSchemaSets(final String dataspaceName,
                                                              final Collection<String> anchorNames) {
        return anchorLookup.anchorSchemaSets(dataspaceName, anchorNames);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchors(final String dataspaceName) {
        return jdbcTemplate.query(SELECT_ALL_ANCHORS,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            anchorLookup.dataspaceId(dataspaceName));
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        return jdbcTemplate.query(SELECT_ANCHORS_BY_NAMES,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            anchorLookup.dataspaceId(dataspaceName), anchorNames.toArray(String[]::new));
    }

    @Override
    public Collection<Anchor> getAnchorsOfSchemaSets(final String dataspaceName,
                                                     final Collection<String> schemaSetNames) {
        return jdbcTemplate.query(SELECT_ANCHORS_OF_SCHEMA_SETS,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            anchorLookup.dataspaceId(dataspaceName), schemaSetNames.toArray(String[]::new));
    }

    @Override
    public void deleteAnchor(final String dataspaceName, final String anchorName) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id = ?", anchorId);
        jdbcTemplate.update("DELETE FROM anchor WHERE id = ?", anchorId);
    }

    private long count(final String sql, final int dataspaceId) {
        return jdbcTemplate.queryForObject(sql, Long.class, dataspaceId);
    }
}
