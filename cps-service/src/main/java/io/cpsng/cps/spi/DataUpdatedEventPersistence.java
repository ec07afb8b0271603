package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.DataUpdatedEvent;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * The data-updated events (docs/events.md): written to an outbox in the transaction of the change, numbered after
 * commit by one sequencer at a time, read by position by the feed and the relay, purged after their retention.
 */
public interface DataUpdatedEventPersistence {

    /**
     * Writes the events of those changes to anchors of the dataspace whose anchors are subscribed into the outbox,
     * in the caller's transaction: one look-up of the subscriptions, and one more statement when some anchor is
     * subscribed (one statement in all for anchors found subscribed at their last write). Each subscribed anchor is locked until commit first, so that an anchor's events commit, and are
     * numbered, in write order; callers write them before the change, so the lock comes before the change's rows.
     */
    void appendToOutbox(String dataspaceName, List<DataUpdate> dataUpdates, SubscriptionXpaths subscriptions);

    /**
     * The anchor's schema set and whether a write of it would have its events written (its entry or its whole
     * dataspace's is there), in one look-up; if it would, takes the anchor's events lock as appendToOutbox does, so
     * that what the caller reads next is not changed by another write's events before it commits. The anchor's
     * NotFoundException (or its dataspace's) when there is no such anchor.
     */
    AnchorOfWrite anchorOfWrite(String dataspaceName, String anchorName, SubscriptionXpaths subscriptions);

    /** Numbers up to a batch of committed events after the last position; 0 also while another sequencer runs. */
    int sequenceCommitted(int batchSize);

    /** Up to limit numbered events after the position, in order. */
    List<DataUpdatedEvent> readAfter(long afterPosition, int limit);

    /** The position sent to Kafka so far, held until the caller's transaction ends; empty while another holds it. */
    OptionalLong holdRelayPosition();

    /** Records the events up to the position as acknowledged by the broker, in the transaction holding it. */
    void recordRelayed(long position);

    /** Whether every numbered event has been acknowledged by the broker. */
    boolean allRelayed();

    /** Deletes up to a batch of the oldest events created before the time; with onlyRelayed, of those sent. */
    int purge(Instant createdBefore, boolean onlyRelayed, int batchSize);
}
