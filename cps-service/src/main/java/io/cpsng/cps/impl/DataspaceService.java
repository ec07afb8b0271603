package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsDataspaceService;
import io.cpsng.cps.api.model.Dataspace;
import io.cpsng.cps.spi.AdminPersistence;
import io.micrometer.core.annotation.Timed;
import java.util.Collection;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
@Timed("cps.store.operation")
class DataspaceService implements CpsDataspaceService {

    private final AdminPersistence adminPersistence;

    DataspaceService(final AdminPersistence adminPersistence) {
        this.adminPersistence = adminPersistence;
    }

    @Override
    public void createDataspace(final String dataspaceName) {
        NameValidator.validateNames(dataspaceName);
        adminPersistence.createDataspace(dataspaceName);
    }

    @Override
    public void deleteDataspace(final String dataspaceName) {
        NameValidator.validateNames(dataspaceName);
        adminPersistence.deleteDataspace(dataspaceName);
    }

    @Override
    @Transactional(readOnly = true)
    public Dataspace getDataspace(final String dataspaceName) {
        NameValidator.validateNames(dataspaceName);
        return adminPersistence.getDataspace(dataspaceName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Dataspace> getDataspaces() {
        return adminPersistence.getDataspaces();
    }
}
