package io.cpsng.cps.impl;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.cps.spi.AdminPersistence;
import io.cpsng.cps.spi.DataUpdate;
import io.micrometer.core.annotation.Timed;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
@Timed("cps.store.operation")
class AnchorService implements CpsAnchorService {

    private final AdminPersistence adminPersistence;
    private final NotificationSubscriptions notificationSubscriptions;

    AnchorService(final AdminPersistence adminPersistence, final NotificationSubscriptions notificationSubscriptions) {
        this.adminPersistence = adminPersistence;
        this.notificationSubscriptions = notificationSubscriptions;
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
        notificationSubscriptions.refuseDeletingItsAnchor(dataspaceName, anchorNames);
        recordAnchorsRemoved(dataspaceName, anchorNames);
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
    @Transactional(readOnly = true)
    public Collection<Anchor> getAnchorsOfSchemaSets(final String dataspaceName,
                                                     final Collection<String> schemaSetNames) {
        NameValidator.validateNames(dataspaceName);
        return adminPersistence.getAnchorsOfSchemaSets(dataspaceName, schemaSetNames);
    }

    @Override
    public void deleteAnchor(final String dataspaceName, final String anchorName) {
        NameValidator.validateNames(dataspaceName, anchorName);
        notificationSubscriptions.refuseDeletingItsAnchor(dataspaceName, List.of(anchorName));
        recordAnchorsRemoved(dataspaceName, List.of(anchorName));
        adminPersistence.deleteAnchor(dataspaceName, anchorName);
    }

    /** An anchor deleted takes its data with it: a remove of "/" for subscribers, as the reference sends. */
    private void recordAnchorsRemoved(final String dataspaceName, final Collection<String> anchorNames) {
        if (!anchorNames.isEmpty()) {
            notificationSubscriptions.recordUpdates(dataspaceName, anchorNames.stream()
                .map(anchorName -> new DataUpdate(anchorName, Xpaths.ROOT, DataUpdatedEvent.REMOVE, null)).toList());
        }
    }
}
