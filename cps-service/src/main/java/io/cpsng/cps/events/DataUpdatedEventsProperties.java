package io.cpsng.cps.events;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Data-updated events of subscribed anchors (docs/events.md).
 *
 * @param topic             the Kafka topic events are sent to (with spring.kafka.bootstrap-servers set), the
 *                          reference's by default
 * @param topicPartitions   the partitions of the topic when the service creates it (an anchor's events share one)
 * @param retention         how long an event stays readable from the feed (and, with Kafka, after it was sent)
 * @param sequenceInterval  how often committed events are numbered for the feed and the relay
 * @param sequenceBatchSize events numbered in one transaction
 * @param relayInterval     how often the relay looks for events to send
 * @param relayBatchSize    events one relay round sends and has acknowledged before it records them
 * @param purgeInterval     how often expired events are deleted
 * @param maxFeedLimit      the most events one feed request may ask for
 * @param maxFeedWait       the longest a feed request may wait for events
 */
@ConfigurationProperties("cps.data-updated-events")
public record DataUpdatedEventsProperties(@DefaultValue("cps-data-updated-events") String topic,
                                          @DefaultValue("8") int topicPartitions,
                                          @DefaultValue("1d") Duration retention,
                                          @DefaultValue("50ms") Duration sequenceInterval,
                                          @DefaultValue("20000") int sequenceBatchSize,
                                          @DefaultValue("50ms") Duration relayInterval,
                                          @DefaultValue("10000") int relayBatchSize,
                                          @DefaultValue("1m") Duration purgeInterval,
                                          @DefaultValue("10000") int maxFeedLimit,
                                          @DefaultValue("60s") Duration maxFeedWait) {

    public DataUpdatedEventsProperties {
        if (topicPartitions < 1 || sequenceBatchSize < 1 || relayBatchSize < 1 || maxFeedLimit < 1) {
            throw new IllegalArgumentException("cps.data-updated-events batch sizes and limits must be at least 1");
        }
    }
}
