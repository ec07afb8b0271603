package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.spi.ModulePersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import io.cpsng.cps.yang.YangFiles;
import io.cpsng.cps.yang.YangModel;
import io.micrometer.core.annotation.Timed;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
@Timed("cps.store.operation")
class ModuleService implements CpsModuleService {

    private final ModulePersistence modulePersistence;
    private final YangModelCache yangModelCache;

    ModuleService(final ModulePersistence modulePersistence, final YangModelCache yangModelCache) {
        this.modulePersistence = modulePersistence;
        this.yangModelCache = yangModelCache;
    }

    @Override
    public void createSchemaSet(final String dataspaceName, final String schemaSetName,
                                final Map<String, String> yangSourcesByFileName) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        final YangModel yangModel = yangModelCache.parse(yangSourcesByFileName);
        final SchemaSetIdentity schemaSetIdentity = modulePersistence.createSchemaSet(dataspaceName, schemaSetName,
            yangModel.yangResources());
        yangModelCache.put(schemaSetIdentity, yangModel);
    }

    @Override
    public void createSchemaSetFromModules(final String dataspaceName, final String schemaSetName,
                                           final Map<String, String> newYangSourcesByFileName,
                                           final Collection<ModuleReference> storedModuleReferences) {
        final Map<String, String> yangSourcesByFileName = new LinkedHashMap<>(newYangSourcesByFileName);
        for (final YangResource yangResource : modulePersistence.getYangResourcesOfModules(storedModuleReferences)) {
            yangSourcesByFileName.putIfAbsent(yangResource.fileName(), yangResource.content());
        }
        createSchemaSet(dataspaceName, schemaSetName, yangSourcesByFileName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<ModuleReference> identifyNewModuleReferences(
        final Collection<ModuleReference> moduleReferences) {
        final Set<String> storedModules = modulePersistence.getYangResourcesOfModules(moduleReferences).stream()
            .map(yangResource -> moduleKey(yangResource.module())).collect(Collectors.toSet());
        return moduleReferences.stream()
            .filter(moduleReference -> !storedModules.contains(moduleKey(moduleReference))).toList();
    }

    @Override
    public Collection<String> deleteUnusedSchemaSets(final String dataspaceName,
                                                     final Collection<String> schemaSetNames) {
        NameValidator.validateNames(dataspaceName);
        final Collection<SchemaSetIdentity> deleted = modulePersistence.deleteUnusedSchemaSets(dataspaceName,
            schemaSetNames);
        deleted.forEach(yangModelCache::remove);
        return deleted.stream().map(SchemaSetIdentity::schemaSetName).toList();
    }

    @Override
    @Transactional(readOnly = true)
    public boolean schemaSetExists(final String dataspaceName, final String schemaSetName) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        return modulePersistence.schemaSetExists(dataspaceName, schemaSetName);
    }

    @Override
    public void createSchemaSetFromFile(final String dataspaceName, final String schemaSetName,
                                        final String fileName, final byte[] content) {
        createSchemaSet(dataspaceName, schemaSetName, YangFiles.read(fileName, content));
    }

    @Override
    @Transactional(readOnly = true)
    public SchemaSet getSchemaSet(final String dataspaceName, final String schemaSetName) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        return modulePersistence.getSchemaSet(dataspaceName, schemaSetName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<SchemaSet> getSchemaSets(final String dataspaceName) {
        NameValidator.validateNames(dataspaceName);
        return modulePersistence.getSchemaSets(dataspaceName);
    }

    @Override
    public void deleteSchemaSet(final String dataspaceName, final String schemaSetName) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        yangModelCache.remove(modulePersistence.deleteSchemaSet(dataspaceName, schemaSetName));
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<ModuleReference> getModuleReferences(final String dataspaceName, final String schemaSetName) {
        return getSchemaSet(dataspaceName, schemaSetName).moduleReferences();
    }

    private static String moduleKey(final ModuleReference moduleReference) {
        return moduleReference.name() + "@" + moduleReference.revision();
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<YangResource> getYangResources(final String dataspaceName, final String schemaSetName) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        return modulePersistence.getYangResources(dataspaceName, schemaSetName);
    }
}
