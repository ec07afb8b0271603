package io.cpsng.ncmp.api;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.model.CachedDataNodes;
import java.util.Collection;

/**
 * Data sync: a handle's operational data cached in the store (ncmp-datastore:operational) while its flag is on.
 */
public interface NcmpDataSyncService {

    /**
     * Turns data sync of the handle (id or alternate id) on (UNSYNCHRONIZED until the data are cached) or off
     * (NONE_REQUESTED, the cached data dropped), with an LCM event; setting the value it has changes nothing.
     * CmHandleNotFoundException; CmHandleNotReadyException unless the handle is READY.
     */
    void setDataSyncEnabled(String cmHandleReference, boolean dataSyncEnabled);

    /**
     * The cached nodes at the xpath ("/" for all top nodes). CmHandleNotFoundException; DataNodeNotFoundException
     * when nothing is cached there (at "/": nothing at all), as the reference answers it.
     */
    Collection<DataNode> getCachedData(String cmHandleReference, String xpath,
                                       FetchDescendantsOption fetchDescendantsOption);

    /** The cached nodes the cps-path finds, none while nothing is cached. CmHandleNotFoundException. */
    CachedDataNodes queryCachedData(String cmHandleReference, String cpsPath,
                                    FetchDescendantsOption fetchDescendantsOption);
}
