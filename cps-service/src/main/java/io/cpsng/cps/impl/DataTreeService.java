package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsDataTreeService;
import io.cpsng.cps.spi.ModulePersistence;
import io.cpsng.cps.tree.SchemaSetModel;
import org.springframework.stereotype.Service;

@Service
class DataTreeService implements CpsDataTreeService {

    private final ModulePersistence modulePersistence;
    private final YangModelCache yangModelCache;

    DataTreeService(final ModulePersistence modulePersistence, final YangModelCache yangModelCache) {
        this.modulePersistence = modulePersistence;
        this.yangModelCache = yangModelCache;
    }

    @Override
    public SchemaSetModel getSchemaSetModel(final String dataspaceName, final String schemaSetName) {
        NameValidator.validateNames(dataspaceName);
        return new SchemaSetModel(yangModelCache.get(modulePersistence.getSchemaSetIdentity(dataspaceName,
            schemaSetName)));
    }
}
