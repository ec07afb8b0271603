package io.cpsng.cps.spi;

import java.util.Map;

/**
 * Where the subscriptions of a dataspace's anchors are in the subscriptions' anchor: an anchor is subscribed when
 * the node at its xpath is there, or when the dataspace's is there without its anchors container.
 */
public record SubscriptionXpaths(String subscriptionsDataspace, String subscriptionsAnchor, String dataspaceXpath,
                                 String anchorsXpath, Map<String, String> xpathByAnchorName) {
}
