package io.cpsng.ncmp.registration;

import java.util.Collection;

/**
 * Handles were deleted: published in the deleting transaction, before their module sets are, so that what else
 * keeps data of theirs (the cached operational data) goes in the same transaction.
 */
public record CmHandlesDeleted(Collection<String> cmHandleIds) {
}
