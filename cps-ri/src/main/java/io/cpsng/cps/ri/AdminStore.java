package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.Dataspace;
import io.cpsng.cps.ri.entity.AnchorEntity;
import io.cpsng.cps.ri.entity.DataspaceEntity;
import io.cpsng.cps.ri.entity.SchemaSetEntity;
import io.cpsng.cps.ri.repository.AnchorRepository;
import io.cpsng.cps.ri.repository.DataspaceRepository;
import io.cpsng.cps.ri.repository.SchemaSetRepository;
import io.cpsng.cps.spi.AdminPersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import java.util.Collection;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
@Transactional
class AdminStore implements AdminPersistence {

    private static final String SELECT_ANCHORS_BY_NAMES = "SELECT a.name, ss.name FROM anchor a "
        + "JOIN schema_set ss ON ss.id = a.schema_set_id WHERE a.dataspace_id = ? AND a.name = ANY(?) ORDER BY a.name";
    private static final String SELECT_ANCHORS_OF_SCHEMA_SETS = "SELECT a.name, ss.name FROM anchor a "
        + "JOIN schema_set ss ON ss.id = a.schema_set_id WHERE a.dataspace_id = ? AND ss.name = ANY(?) ORDER BY a.name";

    private final DataspaceRepository dataspaceRepository;
    private final SchemaSetRepository schemaSetRepository;
    private final AnchorRepository anchorRepository;
    private final AnchorLookup anchorLookup;
    private final JdbcTemplate jdbcTemplate;

    AdminStore(final DataspaceRepository dataspaceRepository, final SchemaSetRepository schemaSetRepository,
               final AnchorRepository anchorRepository, final AnchorLookup anchorLookup,
               final JdbcTemplate jdbcTemplate) {
        this.dataspaceRepository = dataspaceRepository;
        this.schemaSetRepository = schemaSetRepository;
        this.anchorRepository = anchorRepository;
        this.anchorLookup = anchorLookup;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public void createDataspace(final String dataspaceName) {
        if (dataspaceRepository.findByName(dataspaceName).isPresent()) {
            throw AlreadyDefinedException.forName("Dataspace", dataspaceName, null);
        }
        saveUnique(() -> dataspaceRepository.saveAndFlush(new DataspaceEntity(dataspaceName)),
            () -> AlreadyDefinedException.forName("Dataspace", dataspaceName, null));
    }

    @Override
    public void deleteDataspace(final String dataspaceName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final long anchorCount = anchorRepository.countByDataspace(dataspace);
        if (anchorCount > 0) {
            throw new InUseException("Dataspace with name " + dataspaceName + " is being used.",
                "Dataspace contains " + anchorCount + " anchor(s)");
        }
        final long schemaSetCount = schemaSetRepository.countByDataspace(dataspace);
        if (schemaSetCount > 0) {
            throw new InUseException("Dataspace with name " + dataspaceName + " is being used.",
                "Dataspace contains " + schemaSetCount + " schemaset(s)");
        }
        dataspaceRepository.delete(dataspace);
    }

    @Override
    @Transactional(readOnly = true)
    public Dataspace getDataspace(final String dataspaceName) {
        return new Dataspace(dataspaceRepository.getByName(dataspaceName).getName());
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Dataspace> getDataspaces() {
        return dataspaceRepository.findAll().stream().map(entity -> new Dataspace(entity.getName())).toList();
    }

    @Override
    public void createAnchor(final String dataspaceName, final String schemaSetName, final String anchorName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final SchemaSetEntity schemaSet = schemaSetRepository.getByDataspaceAndName(dataspace, schemaSetName);
        if (anchorRepository.findByDataspaceAndName(dataspace, anchorName).isPresent()) {
            throw AlreadyDefinedException.forName("Anchor", anchorName, "dataspace " + dataspaceName);
        }
        saveUnique(() -> anchorRepository.saveAndFlush(new AnchorEntity(dataspace, schemaSet, anchorName)),
            () -> AlreadyDefinedException.forName("Anchor", anchorName, "dataspace " + dataspaceName));
    }

    @Override
    public void createAnchors(final String dataspaceName, final String schemaSetName,
                              final Collection<String> anchorNames) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final SchemaSetEntity schemaSet = schemaSetRepository.getByDataspaceAndName(dataspace, schemaSetName);
        try {
            jdbcTemplate.update("INSERT INTO anchor (dataspace_id, schema_set_id, name) SELECT ?, ?, unnest(?::text[])",
                dataspace.getId(), schemaSet.getId(), anchorNames.toArray(String[]::new));
        } catch (final DataIntegrityViolationException duplicate) {
            throw new AlreadyDefinedException("Already defined exception",
                "One or more of the anchors already exist in dataspace " + dataspaceName + ".");
        }
    }

    @Override
    public void deleteAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final String[] names = anchorNames.toArray(String[]::new);
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id IN "
            + "(SELECT id FROM anchor WHERE dataspace_id = ? AND name = ANY(?))", dataspace.getId(), names);
        jdbcTemplate.update("DELETE FROM anchor WHERE dataspace_id = ? AND name = ANY(?)", dataspace.getId(), names);
    }

    @Override
    @Transactional(readOnly = true)
    public Anchor getAnchor(final String dataspaceName, final String anchorName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        return toAnchor(anchorRepository.getByDataspaceAndName(dataspace, anchorName));
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
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        return anchorRepository.findByDataspaceOrderByName(dataspace).stream().map(AdminStore::toAnchor).toList();
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        // an array parameter, not an IN list: any number of names stays within PostgreSQL's bind limit
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        return jdbcTemplate.query(SELECT_ANCHORS_BY_NAMES,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            dataspace.getId(), anchorNames.toArray(String[]::new));
    }

    @Override
    public Collection<Anchor> getAnchorsOfSchemaSets(final String dataspaceName,
                                                     final Collection<String> schemaSetNames) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        return jdbcTemplate.query(SELECT_ANCHORS_OF_SCHEMA_SETS,
            (resultSet, rowNumber) -> new Anchor(resultSet.getString(1), dataspaceName, resultSet.getString(2)),
            dataspace.getId(), schemaSetNames.toArray(String[]::new));
    }

    @Override
    public void deleteAnchor(final String dataspaceName, final String anchorName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final AnchorEntity anchor = anchorRepository.getByDataspaceAndName(dataspace, anchorName);
        jdbcTemplate.update("DELETE FROM fragment WHERE anchor_id = ?", anchor.getId());
        anchorRepository.delete(anchor);
    }

    private static Anchor toAnchor(final AnchorEntity anchorEntity) {
        return new Anchor(anchorEntity.getName(), anchorEntity.getDataspace().getName(),
            anchorEntity.getSchemaSet().getName());
    }

    /** A concurrent insert of the same name loses on the unique constraint: report it as already defined. */
    private static void saveUnique(final Runnable save, final Supplier<AlreadyDefinedException> alreadyDefined) {
        try {
            save.run();
        } catch (final DataIntegrityViolationException uniqueViolation) {
            throw alreadyDefined.get();
        }
    }
}
