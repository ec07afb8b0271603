package io.cpsng.ncmp.api.model;

/** A handle's state as clients see it; lockReason is null unless LOCKED, lastUpdateTime is ISO-8601. */
public record CompositeState(CmHandleState cmHandleState, LockReason lockReason, String lastUpdateTime,
                             boolean dataSyncEnabled, String dataSyncState) {
}
