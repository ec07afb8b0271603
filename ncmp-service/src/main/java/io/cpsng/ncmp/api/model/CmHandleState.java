package io.cpsng.ncmp.api.model;

/** Where a CM handle is in its life: registered (ADVISED), usable (READY), blocked (LOCKED), going away. */
public enum CmHandleState {
    ADVISED, READY, LOCKED, DELETING, DELETED
}
