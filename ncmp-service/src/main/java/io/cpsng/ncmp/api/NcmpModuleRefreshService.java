package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.CmHandleQuery;
import java.util.List;
import java.util.Map;

/** Module refresh: handles asking their plugins for their module references again (docs/api.md). */
public interface NcmpModuleRefreshService {

    /**
     * The handles the inventory search finds, as references (alternate id where set, else id) by module set tag.
     * Those without a tag that are READY are LOCKED for a refresh (MODULE_REFRESH, with its LCM event): module sync
     * asks their plugins for their module references again and makes them READY on the module set of the answer.
     * A tag names its module set, so tagged handles are listed and left as they are.
     */
    Map<String, List<String>> refreshModules(CmHandleQuery cmHandleQuery);
}
