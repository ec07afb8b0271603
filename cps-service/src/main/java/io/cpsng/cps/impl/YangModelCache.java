package io.cpsng.cps.impl;

import io.cpsng.cps.api.model.YangResource;
import io.cpsng.cps.spi.ModulePersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import io.cpsng.cps.yang.YangModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Parsed schema sets, so that data is validated without re-parsing YANG on every request.
 * Keyed by SchemaSetIdentity, whose id changes when a set is re-created, so entries are never
 * stale, even when another instance replaced the set. Least recently used entries are dropped
 * beyond a bound, since a parsed model can take megabytes.
 */
@Component
@EnableConfigurationProperties(StoreWriteProperties.class)
class YangModelCache {

    private static final int MAXIMUM_ENTRIES = 256;

    private final ModulePersistence modulePersistence;
    private final int maxFragmentsPerWrite;
    private final Map<SchemaSetIdentity, YangModel> yangModels = Collections.synchronizedMap(
        new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(final Map.Entry<SchemaSetIdentity, YangModel> eldest) {
                return size() > MAXIMUM_ENTRIES;
            }
        });

    YangModelCache(final ModulePersistence modulePersistence, final StoreWriteProperties storeWriteProperties) {
        this.modulePersistence = modulePersistence;
        this.maxFragmentsPerWrite = storeWriteProperties.maxFragmentsPerWrite();
    }

    /** A model of the sources, for data of at most cps.store.max-fragments-per-write nodes a write. */
    YangModel parse(final Map<String, String> yangSourcesByFileName) {
        return YangModel.parse(yangSourcesByFileName, maxFragmentsPerWrite);
    }

    /** Parses outside the lock: two threads may parse the same set once each, and nobody waits on a parse. */
    YangModel get(final SchemaSetIdentity schemaSetIdentity) {
        final YangModel cached = yangModels.get(schemaSetIdentity);
        if (cached != null) {
            return cached;
        }
        final YangModel yangModel = load(schemaSetIdentity);
        yangModels.put(schemaSetIdentity, yangModel);
        return yangModel;
    }

    void put(final SchemaSetIdentity schemaSetIdentity, final YangModel yangModel) {
        yangModels.put(schemaSetIdentity, yangModel);
    }

    void remove(final SchemaSetIdentity schemaSetIdentity) {
        yangModels.remove(schemaSetIdentity);
    }

    private YangModel load(final SchemaSetIdentity schemaSetIdentity) {
        final Map<String, String> yangSourcesByFileName = new LinkedHashMap<>();
        for (final YangResource yangResource : modulePersistence.getYangResources(
            schemaSetIdentity.dataspaceName(), schemaSetIdentity.schemaSetName())) {
            yangSourcesByFileName.put(yangResource.fileName(), yangResource.content());
        }
        return parse(yangSourcesByFileName);
    }
}
