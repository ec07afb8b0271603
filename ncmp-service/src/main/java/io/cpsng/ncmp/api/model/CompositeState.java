package io.cpsng.ncmp.api.model;

/**
 * A handle's state as clients see it; lockReason is null unless LOCKED; lastUpdateTime and lastSyncTime (when its
 * operational data were last cached, null if never) are ISO-8601.
 */
public record CompositeState(CmHandleState cmHandleState, LockReason lockReason, String lastUpdateTime,
                             boolean dataSyncEnabled, String dataSyncState, String lastSyncTime) {
}
