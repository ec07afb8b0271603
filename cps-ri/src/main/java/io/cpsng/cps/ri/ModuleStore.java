package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.spi.ModulePersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Schema sets and their module sources; sources are shared by checksum, so concurrent writers share rows. */
@Repository
@Transactional
class ModuleStore implements ModulePersistence {

    private static final String INSERT_YANG_RESOURCE = """
        INSERT INTO yang_resource (checksum, file_name, module_name, revision, namespace, content)
        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (checksum) DO NOTHING""";

    private static final String LINK_YANG_RESOURCES = """
        INSERT INTO schema_set_yang_resource (schema_set_id, yang_resource_id)
        SELECT ?, id FROM yang_resource WHERE checksum = ANY(?)""";

    private static final String SELECT_YANG_RESOURCES = """
        SELECT ss.name AS schema_set_name, yr.file_name, yr.module_name, yr.revision, yr.namespace, %s
        FROM schema_set ss
        JOIN schema_set_yang_resource link ON link.schema_set_id = ss.id
        JOIN yang_resource yr ON yr.id = link.yang_resource_id
        WHERE ss.dataspace_id = ? %s
        ORDER BY ss.name, yr.module_name, yr.revision""";

    // one row per module, whichever of its identical-content copies (same name and revision) comes first
    private static final String SELECT_YANG_RESOURCES_OF_MODULES = """
        SELECT DISTINCT ON (yr.module_name, yr.revision) yr.file_name, yr.module_name, yr.revision, yr.namespace,
               yr.content
        FROM yang_resource yr
        JOIN unnest(?::text[], ?::text[]) AS wanted(module_name, revision)
          ON yr.module_name = wanted.module_name AND coalesce(yr.revision, '') = wanted.revision
        ORDER BY yr.module_name, yr.revision, yr.id""";

    private static final String DELETE_SCHEMA_SETS_WITHOUT_ANCHORS = """
        DELETE FROM schema_set ss
        WHERE ss.dataspace_id = ? AND ss.name = ANY(?)
          AND NOT EXISTS (SELECT 1 FROM anchor a WHERE a.schema_set_id = ss.id)
        RETURNING ss.id, ss.name""";

    private static final String DELETE_UNUSED_YANG_RESOURCES = """
        DELETE FROM yang_resource yr
        WHERE NOT EXISTS (SELECT 1 FROM schema_set_yang_resource link WHERE link.yang_resource_id = yr.id)""";

    // a concurrent insert of the same name waits for the other and inserts nothing: both cases are "already there"
    private static final String INSERT_SCHEMA_SET = """
        INSERT INTO schema_set (dataspace_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING id""";

    private final AnchorLookup anchorLookup;
    private final JdbcTemplate jdbcTemplate;

    ModuleStore(final AnchorLookup anchorLookup, final JdbcTemplate jdbcTemplate) {
        this.anchorLookup = anchorLookup;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public SchemaSetIdentity createSchemaSet(final String dataspaceName, final String schemaSetName,
                                             final Collection<YangResource> yangResources) {
        final List<Integer> schemaSetIds = jdbcTemplate.queryForList(INSERT_SCHEMA_SET, Integer.class,
            anchorLookup.dataspaceId(dataspaceName), schemaSetName);
        if (schemaSetIds.isEmpty()) {
            throw new AlreadyDefinedException("Already defined exception",
                "Schema Set with name " + schemaSetName + " already exists for " + dataspaceName + ".");
        }
        final int schemaSetId = schemaSetIds.getFirst();
        final List<Object[]> rows = yangResources.stream().map(ModuleStore::toRow).toList();
        jdbcTemplate.batchUpdate(INSERT_YANG_RESOURCE, rows);
        final String[] checksums = rows.stream().map(row -> (String) row[0]).distinct().toArray(String[]::new);
        jdbcTemplate.update(LINK_YANG_RESOURCES, schemaSetId, checksums);
        return new SchemaSetIdentity(dataspaceName, schemaSetName, schemaSetId);
    }

    @Override
    @Transactional(readOnly = true)
    public boolean schemaSetExists(final String dataspaceName, final String schemaSetName) {
        return jdbcTemplate.queryForObject(
            "SELECT EXISTS (SELECT 1 FROM schema_set WHERE dataspace_id = ? AND name = ?)", Boolean.class,
            anchorLookup.dataspaceId(dataspaceName), schemaSetName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<YangResource> getYangResourcesOfModules(final Collection<ModuleReference> moduleReferences) {
        final String[] names = moduleReferences.stream().map(ModuleReference::name).toArray(String[]::new);
        final String[] revisions = moduleReferences.stream()
            .map(moduleReference -> moduleReference.revision() == null ? "" : moduleReference.revision())
            .toArray(String[]::new);
        return jdbcTemplate.query(SELECT_YANG_RESOURCES_OF_MODULES, (resultSet, rowNumber) -> new YangResource(
            resultSet.getString("file_name"), new ModuleReference(resultSet.getString("module_name"),
                resultSet.getString("namespace"), resultSet.getString("revision")), resultSet.getString("content")),
            names, revisions);
    }

    @Override
    public Collection<SchemaSetIdentity> deleteUnusedSchemaSets(final String dataspaceName,
                                                                final Collection<String> schemaSetNames) {
        final List<SchemaSetIdentity> deleted = jdbcTemplate.query(DELETE_SCHEMA_SETS_WITHOUT_ANCHORS,
            (resultSet, rowNumber) -> new SchemaSetIdentity(dataspaceName, resultSet.getString("name"),
                resultSet.getLong("id")), anchorLookup.dataspaceId(dataspaceName),
            schemaSetNames.toArray(String[]::new));
        if (!deleted.isEmpty()) {
            jdbcTemplate.update(DELETE_UNUSED_YANG_RESOURCES);
        }
        return deleted;
    }

    @Override
    @Transactional(readOnly = true)
    public SchemaSet getSchemaSet(final String dataspaceName, final String schemaSetName) {
        anchorLookup.schemaSetId(dataspaceName, schemaSetName);
        final List<ModuleReference> moduleReferences = readYangResources(dataspaceName, schemaSetName, false).values()
            .stream().findFirst().orElse(List.of()).stream().map(YangResource::module).toList();
        return new SchemaSet(dataspaceName, schemaSetName, moduleReferences);
    }

    @Override
    @Transactional(readOnly = true)
    public SchemaSetIdentity getSchemaSetIdentity(final String dataspaceName, final String schemaSetName) {
        return new SchemaSetIdentity(dataspaceName, schemaSetName, anchorLookup.schemaSetId(dataspaceName,
            schemaSetName));
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<SchemaSet> getSchemaSets(final String dataspaceName) {
        final Map<String, List<YangResource>> resourcesBySchemaSet = readYangResources(dataspaceName, null, false);
        return jdbcTemplate.queryForList("SELECT name FROM schema_set WHERE dataspace_id = ? ORDER BY name",
                String.class, anchorLookup.dataspaceId(dataspaceName)).stream()
            .map(schemaSetName -> new SchemaSet(dataspaceName, schemaSetName,
                resourcesBySchemaSet.getOrDefault(schemaSetName, List.of()).stream()
                    .map(YangResource::module).toList()))
            .toList();
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<YangResource> getYangResources(final String dataspaceName, final String schemaSetName) {
        anchorLookup.schemaSetId(dataspaceName, schemaSetName);
        return readYangResources(dataspaceName, schemaSetName, true).getOrDefault(schemaSetName, List.of());
    }

    @Override
    public SchemaSetIdentity deleteSchemaSet(final String dataspaceName, final String schemaSetName) {
        final int schemaSetId = anchorLookup.schemaSetId(dataspaceName, schemaSetName);
        if (jdbcTemplate.queryForObject("SELECT EXISTS (SELECT 1 FROM anchor WHERE schema_set_id = ?)", Boolean.class,
            schemaSetId)) {
            throw inUse(dataspaceName, schemaSetName);
        }
        try {
            jdbcTemplate.update("DELETE FROM schema_set WHERE id = ?", schemaSetId);
        } catch (final DataIntegrityViolationException anchorCreatedMeanwhile) {
            // an anchor of it was created after the look above: the foreign key refuses the delete
            throw inUse(dataspaceName, schemaSetName);
        }
        jdbcTemplate.update(DELETE_UNUSED_YANG_RESOURCES);
        return new SchemaSetIdentity(dataspaceName, schemaSetName, schemaSetId);
    }

    private static InUseException inUse(final String dataspaceName, final String schemaSetName) {
        return new InUseException("Schema Set is being used.", "Schema Set with name " + schemaSetName
            + " in dataspace " + dataspaceName + " is having Anchor records associated.");
    }

    private Map<String, List<YangResource>> readYangResources(final String dataspaceName,
                                                              final String schemaSetName,
                                                              final boolean withContent) {
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        final String sql = SELECT_YANG_RESOURCES.formatted(withContent ? "yr.content" : "NULL AS content",
            schemaSetName == null ? "" : "AND ss.name = ?");
        final Object[] parameters = schemaSetName == null
            ? new Object[] {dataspaceId} : new Object[] {dataspaceId, schemaSetName};
        final Map<String, List<YangResource>> resourcesBySchemaSet = new LinkedHashMap<>();
        jdbcTemplate.query(sql, resultSet -> {
            final ModuleReference moduleReference = new ModuleReference(resultSet.getString("module_name"),
                resultSet.getString("namespace"), resultSet.getString("revision"));
            resourcesBySchemaSet.computeIfAbsent(resultSet.getString("schema_set_name"), name -> new ArrayList<>())
                .add(new YangResource(resultSet.getString("file_name"), moduleReference,
                    resultSet.getString("content")));
        }, parameters);
        return resourcesBySchemaSet;
    }

    private static Object[] toRow(final YangResource yangResource) {
        final ModuleReference module = yangResource.module();
        return new Object[] {checksum(yangResource.content()), yangResource.fileName(), module.name(),
            module.revision(), module.namespace(), yangResource.content()};
    }

    private static String checksum(final String content) {
        try {
            final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha256.digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (final NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-256 is required of every JVM", impossible);
        }
    }
}
