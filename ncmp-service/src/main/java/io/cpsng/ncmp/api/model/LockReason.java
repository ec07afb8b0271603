package io.cpsng.ncmp.api.model;

/** Why a handle is LOCKED: module sync failed, an upgrade or a module refresh pending or failed, with details. */
public record LockReason(String reason, String details) {

    public static final String MODULE_SYNC_FAILED = "MODULE_SYNC_FAILED";
    public static final String MODULE_UPGRADE = "MODULE_UPGRADE";
    public static final String MODULE_UPGRADE_FAILED = "MODULE_UPGRADE_FAILED";
    public static final String MODULE_REFRESH = "MODULE_REFRESH";
    public static final String MODULE_REFRESH_FAILED = "MODULE_REFRESH_FAILED";
}
