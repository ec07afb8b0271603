package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.ri.entity.DataspaceEntity;
import io.cpsng.cps.ri.entity.SchemaSetEntity;
import io.cpsng.cps.ri.repository.AnchorRepository;
import io.cpsng.cps.ri.repository.DataspaceRepository;
import io.cpsng.cps.ri.repository.SchemaSetRepository;
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

/** Schema sets through JPA; module sources with plain SQL so that concurrent writers share rows by checksum. */
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

    private final DataspaceRepository dataspaceRepository;
    private final SchemaSetRepository schemaSetRepository;
    private final AnchorRepository anchorRepository;
    private final JdbcTemplate jdbcTemplate;

    ModuleStore(final DataspaceRepository dataspaceRepository, final SchemaSetRepository schemaSetRepository,
                final AnchorRepository anchorRepository, final JdbcTemplate jdbcTemplate) {
        this.dataspaceRepository = dataspaceRepository;
        this.schemaSetRepository = schemaSetRepository;
        this.anchorRepository = anchorRepository;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public SchemaSetIdentity createSchemaSet(final String dataspaceName, final String schemaSetName,
                                             final Collection<YangResource> yangResources) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final SchemaSetEntity schemaSet = insertSchemaSet(dataspace, schemaSetName);
        final List<Object[]> rows = yangResources.stream().map(ModuleStore::toRow).toList();
        jdbcTemplate.batchUpdate(INSERT_YANG_RESOURCE, rows);
        final String[] checksums = rows.stream().map(row -> (String) row[0]).distinct().toArray(String[]::new);
        jdbcTemplate.update(LINK_YANG_RESOURCES, schemaSet.getId(), checksums);
        return new SchemaSetIdentity(dataspaceName, schemaSetName, schemaSet.getId());
    }

    @Override
    @Transactional(readOnly = true)
    public boolean schemaSetExists(final String dataspaceName, final String schemaSetName) {
        return schemaSetRepository.findByDataspaceAndName(dataspaceRepository.getByName(dataspaceName), schemaSetName)
            .isPresent();
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
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final List<SchemaSetIdentity> deleted = jdbcTemplate.query(DELETE_SCHEMA_SETS_WITHOUT_ANCHORS,
            (resultSet, rowNumber) -> new SchemaSetIdentity(dataspaceName, resultSet.getString("name"),
                resultSet.getLong("id")), dataspace.getId(), schemaSetNames.toArray(String[]::new));
        if (!deleted.isEmpty()) {
            jdbcTemplate.update(DELETE_UNUSED_YANG_RESOURCES);
        }
        return deleted;
    }

    @Override
    @Transactional(readOnly = true)
    public SchemaSet getSchemaSet(final String dataspaceName, final String schemaSetName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        schemaSetRepository.getByDataspaceAndName(dataspace, schemaSetName);
        final List<ModuleReference> moduleReferences = readYangResources(dataspace, schemaSetName, false).values()
            .stream().findFirst().orElse(List.of()).stream().map(YangResource::module).toList();
        return new SchemaSet(dataspaceName, schemaSetName, moduleReferences);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<SchemaSet> getSchemaSets(final String dataspaceName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final Map<String, List<YangResource>> resourcesBySchemaSet = readYangResources(dataspace, null, false);
        return schemaSetRepository.findByDataspaceOrderByName(dataspace).stream()
            .map(schemaSet -> new SchemaSet(dataspaceName, schemaSet.getName(),
                resourcesBySchemaSet.getOrDefault(schemaSet.getName(), List.of()).stream()
                    .map(YangResource::module).toList()))
            .toList();
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<YangResource> getYangResources(final String dataspaceName, final String schemaSetName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        schemaSetRepository.getByDataspaceAndName(dataspace, schemaSetName);
        return readYangResources(dataspace, schemaSetName, true).getOrDefault(schemaSetName, List.of());
    }

    @Override
    public SchemaSetIdentity deleteSchemaSet(final String dataspaceName, final String schemaSetName) {
        final DataspaceEntity dataspace = dataspaceRepository.getByName(dataspaceName);
        final SchemaSetEntity schemaSet = schemaSetRepository.getByDataspaceAndName(dataspace, schemaSetName);
        if (anchorRepository.existsBySchemaSet(schemaSet)) {
            throw new InUseException("Schema Set is being used.", "Schema Set with name " + schemaSetName
                + " in dataspace " + dataspaceName + " is having Anchor records associated.");
        }
        schemaSetRepository.delete(schemaSet);
        schemaSetRepository.flush();
        jdbcTemplate.update(DELETE_UNUSED_YANG_RESOURCES);
        return new SchemaSetIdentity(dataspaceName, schemaSetName, schemaSet.getId());
    }

    private SchemaSetEntity insertSchemaSet(final DataspaceEntity dataspace, final String schemaSetName) {
        final AlreadyDefinedException alreadyDefined = new AlreadyDefinedException("Already defined exception",
            "Schema Set with name " + schemaSetName + " already exists for " + dataspace.getName() + ".");
        if (schemaSetRepository.findByDataspaceAndName(dataspace, schemaSetName).isPresent()) {
            throw alreadyDefined;
        }
        try {
            return schemaSetRepository.saveAndFlush(new SchemaSetEntity(dataspace, schemaSetName));
        } catch (final DataIntegrityViolationException concurrentInsert) {
            throw alreadyDefined;
        }
    }

    private Map<String, List<YangResource>> readYangResources(final DataspaceEntity dataspace,
                                                              final String schemaSetName,
                                                              final boolean withContent) {
        final String sql = SELECT_YANG_RESOURCES.formatted(withContent ? "yr.content" : "NULL AS content",
            schemaSetName == null ? "" : "AND ss.name = ?");
        final Object[] parameters = schemaSetName == null
            ? new Object[] {dataspace.getId()} : new Object[] {dataspace.getId(), schemaSetName};
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
