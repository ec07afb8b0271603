package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.spi.AdminPersistence;
import io.micrometer.core.annotation.Timed;
import java.util.Collection;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
@Timed("cps.store.operation")
class AnchorService implements CpsAnchorService {

    private final AdminPersistence adminPersistence;

    AnchorService(final AdminPersistence adminPersistence) {
        this.adminPersistence = adminPersistence;
    }

    @Override
    public void createAnchor(final String dataspaceName, final String schemaSetName, final String anchorName) {
        NameValidator.validateNames(dataspaceName, schemaSetName, anchorName);
        adminPersistence.createAnchor(dataspaceName, schemaSetName, anchorName);
    }

    @Override
    public void createAnchors(final String dataspaceName, final String schemaSetName,
                              final Collection<String> anchorNames) {
        NameValidator.validateNames(dataspaceName, schemaSetName);
        NameValidator.validateNames(anchorNames.toArray(String[]::new));
        adminPersistence.createAnchors(dataspaceName, schemaSetName, anchorNames);
    }

    @Override
    public void deleteAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        NameValidator.validateNames(dataspaceName);
        adminPersistence.deleteAnchors(dataspaceName, anchorNames);
    }

    @Override
    @Transactional(readOnly = true)
    public Anchor getAnchor(final String dataspaceName, final String anchorName) {
        NameValidator.validateNames(dataspaceName, anchorName);
        return adminPersistence.getAnchor(dataspaceName, anchorName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchors(final String dataspaceName) {
        NameValidator.validateNames(dataspaceName);
        return adminPersistence.getAnchors(dataspaceName);
    }

    @Override
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchors(final String dataspaceName, final Collection<String> anchorNames) {
        NameValidator.validateNames(dataspaceName);
        return adminPersistence.getAnchors(dataspaceName, anchorNames);
    }

    @Override
    public void deleteAnchor(final String dataspaceName, final String anchorName) {
        NameValidator.validateNames(dataspaceName, anchorName);
        adminPersistence.deleteAnchor(dataspaceName, anchorName);
    }
}
