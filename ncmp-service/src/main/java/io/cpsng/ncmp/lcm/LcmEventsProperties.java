package io.cpsng.ncmp.lcm;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Lifecycle events (docs/events.md).
 *
 * @param topic             the Kafka topic events are sent to (with spring.kafka.bootstrap-servers set)
 * @param format            what goes on the topic: the reference's LCM event v1 or v2, or our CloudEvents
 * @param inventoryEventsTopic the topic of the reference's inventory AVC events (trust level changes)
 * @param topicPartitions   the partitions of the topic when the service creates it (a handle's events share one)
 * @param source            the CloudEvent source of every event
 * @param retention         how long an event stays readable from the feed (and, with Kafka, after it was sent)
 * @param sequenceInterval  how often committed events are numbered for the feed and the relay
 * @param sequenceBatchSize events numbered in one transaction
 * @param relayInterval     how often the relay looks for events to send
 * @param relayBatchSize    positions one relay round reads, sends and has acknowledged before it records them
 * @param purgeInterval     how often expired events are deleted
 * @param maxFeedLimit      the most events one feed request may ask for
 * @param maxFeedWait       the longest a feed request may wait for events
 */
@ConfigurationProperties("ncmp.lcm-events")
public record LcmEventsProperties(@DefaultValue("ncmp-events") String topic,
                                  @DefaultValue("v1") LcmEventFormat format,
                                  @DefaultValue("ncmp-inventory-events") String inventoryEventsTopic,
                                  @DefaultValue("8") int topicPartitions,
                                  @DefaultValue("/ncmp") String source,
                                  @DefaultValue("1d") Duration retention,
                                  @DefaultValue("50ms") Duration sequenceInterval,
                                  @DefaultValue("20000") int sequenceBatchSize,
                                  @DefaultValue("50ms") Duration relayInterval,
                                  @DefaultValue("50000") int relayBatchSize,
                                  @DefaultValue("1m") Duration purgeInterval,
                                  @DefaultValue("10000") int maxFeedLimit,
                                  @DefaultValue("60s") Duration maxFeedWait) {

    public LcmEventsProperties {
        if (topicPartitions < 1 || sequenceBatchSize < 1 || relayBatchSize < 1 || maxFeedLimit < 1) {
            throw new IllegalArgumentException("ncmp.lcm-events batch sizes and limits must be at least 1");
        }
    }
}
