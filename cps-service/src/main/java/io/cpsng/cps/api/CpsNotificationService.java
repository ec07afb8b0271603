package io.cpsng.cps.api;

import io.cpsng.cps.api.model.DataNode;
import java.util.Collection;

/**
 * Which dataspaces and anchors send data-updated events, as the reference keeps it: data of the
 * cps-notification-subscriptions model in the anchor of that name in the CPS-Admin dataspace. An anchor is
 * subscribed when its entry is there, or when its dataspace's entry is there without an anchors container.
 */
public interface CpsNotificationService {

    /** Adds the subscription entries in the JSON under the xpath (/dataspaces for a dataspace's entry). */
    void createNotificationSubscription(String xpath, String subscriptionJson);

    /** Deletes the subscription entry at the xpath with all below it. */
    void deleteNotificationSubscription(String xpath);

    /** The subscription data at the xpath, with all below it. */
    Collection<DataNode> getNotificationSubscription(String xpath);
}
