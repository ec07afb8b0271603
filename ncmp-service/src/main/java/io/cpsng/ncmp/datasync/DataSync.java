package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.NcmpDataSyncService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.exceptions.CmHandleNotReadyException;
import io.cpsng.ncmp.api.model.CachedDataNodes;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.inventory.DataSyncRows;
import io.cpsng.ncmp.inventory.DataSyncRows.FlagBefore;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The data-sync flag and reads of the cached data. Turning sync on makes the handle due for the watchdog's next
 * round; turning it off drops the cached data in the same transaction (the reference deleted one hard-coded node, /netconf-state).
 */
@Service
class DataSync implements NcmpDataSyncService {

    private final NcmpCmHandleService ncmpCmHandleService;
    private final DataSyncRows dataSyncRows;
    private final OperationalDataCache operationalDataCache;

    DataSync(final NcmpCmHandleService ncmpCmHandleService, final DataSyncRows dataSyncRows,
             final OperationalDataCache operationalDataCache) {
        this.ncmpCmHandleService = ncmpCmHandleService;
        this.dataSyncRows = dataSyncRows;
        this.operationalDataCache = operationalDataCache;
    }

    @Override
    @Transactional
    public void setDataSyncEnabled(final String cmHandleReference, final boolean dataSyncEnabled) {
        final String cmHandleId = ncmpCmHandleService.getCmHandle(cmHandleReference).id();
        final FlagBefore before = dataSyncRows.setFlag(cmHandleId, dataSyncEnabled);
        if (before == null) {
            throw new CmHandleNotFoundException(cmHandleReference); // deleted since it was read
        }
        if (before.dataSyncEnabled() == dataSyncEnabled) {
            return;
        }
        final CmHandleState state = CmHandleState.valueOf(before.cmHandleState());
        if (state != CmHandleState.READY) {
            throw new CmHandleNotReadyException(cmHandleId, state);
        }
        if (!dataSyncEnabled) {
            operationalDataCache.drop(List.of(cmHandleId));
        }
    }

    // no transaction around the store's own: a read it refuses (nothing cached) must not doom an outer one
    @Override
    public Collection<DataNode> getCachedData(final String cmHandleReference, final String xpath,
                                              final FetchDescendantsOption fetchDescendantsOption) {
        return operationalDataCache.get(ncmpCmHandleService.getCmHandle(cmHandleReference).id(), xpath,
            fetchDescendantsOption);
    }

    @Override
    public CachedDataNodes queryCachedData(final String cmHandleReference, final String cpsPath,
                                           final FetchDescendantsOption fetchDescendantsOption) {
        final String cmHandleId = ncmpCmHandleService.getCmHandle(cmHandleReference).id();
        return new CachedDataNodes(NFP_OPERATIONAL_DATASPACE, cmHandleId,
            operationalDataCache.query(cmHandleId, cpsPath, fetchDescendantsOption));
    }
}
