package io.cpsng.ncmp.registration;

/**
 * Handles became due for module sync (registered, or locked for an upgrade): published in the writing
 * transaction, so that module sync, listening after commit, starts a round at once instead of at its next tick.
 */
public record CmHandlesAdvised(int handles) {
}
