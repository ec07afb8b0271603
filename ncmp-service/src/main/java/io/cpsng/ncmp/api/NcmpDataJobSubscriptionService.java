package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.DataJobSubscription;
import java.util.Optional;

/** CM data job subscriptions, as clients read them (the reference has no way to). */
public interface NcmpDataJobSubscriptionService {

    /** The data job's subscription, empty if no selector of it is subscribed. */
    Optional<DataJobSubscription> getSubscription(String dataJobId);
}
