package io.cpsng.ncmp.api.model;

/** Why a handle is LOCKED: MODULE_SYNC_FAILED, MODULE_UPGRADE or MODULE_UPGRADE_FAILED, with details. */
public record LockReason(String reason, String details) {

    public static final String MODULE_SYNC_FAILED = "MODULE_SYNC_FAILED";
    public static final String MODULE_UPGRADE = "MODULE_UPGRADE";
    public static final String MODULE_UPGRADE_FAILED = "MODULE_UPGRADE_FAILED";
}
