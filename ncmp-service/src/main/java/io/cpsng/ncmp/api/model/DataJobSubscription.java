package io.cpsng.ncmp.api.model;

import java.util.List;

/**
 * A data job's CM subscription: each of its selectors with the status its DMI plugin gave it (PENDING until the
 * plugin answers, ACCEPTED, or REJECTED: by the plugin, or because no handle owns the selector).
 */
public record DataJobSubscription(String dataJobId, List<SelectorStatus> selectors) {

    /** One selector and its status. */
    public record SelectorStatus(String dataNodeSelector, String status) {
    }
}
