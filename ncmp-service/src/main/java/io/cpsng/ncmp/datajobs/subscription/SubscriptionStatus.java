package io.cpsng.ncmp.datajobs.subscription;

import io.cpsng.ncmp.api.NcmpDataJobSubscriptionService;
import io.cpsng.ncmp.api.model.DataJobSubscription;
import io.cpsng.ncmp.api.model.DataJobSubscription.SelectorStatus;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** A data job's subscription as it is stored: whether subscriptions are on or not, what there is can be read. */
@Service
class SubscriptionStatus implements NcmpDataJobSubscriptionService {

    private final SubscriptionStore subscriptionStore;

    SubscriptionStatus(final SubscriptionStore subscriptionStore) {
        this.subscriptionStore = subscriptionStore;
    }

    @Override
    public Optional<DataJobSubscription> getSubscription(final String dataJobId) {
        final List<SelectorStatus> selectors = SubscriptionStore.ofDataJob(subscriptionStore.read(), dataJobId).stream()
            .map(entry -> new SelectorStatus(entry.dataNodeSelector(), entry.status())).toList();
        return selectors.isEmpty() ? Optional.empty() : Optional.of(new DataJobSubscription(dataJobId, selectors));
    }
}
