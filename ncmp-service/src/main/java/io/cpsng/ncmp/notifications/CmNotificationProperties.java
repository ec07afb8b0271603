package io.cpsng.ncmp.notifications;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * CM notifications (AVC events) forwarded from the DMI plugins' topic to the clients' (docs/events.md).
 *
 * @param sourceTopic     where DMI plugins send them
 * @param targetTopic     where clients read them
 * @param consumerGroup   the consumer group of every instance (they share the source topic's partitions)
 * @param maxPollRecords  records forwarded in one batch
 * @param concurrency     consumers per instance (a partition is read by one at a time, so order per key holds)
 * @param exactlyOnce     consume and produce in one Kafka transaction (clients read with read_committed), instead
 *                        of at least once
 * @param transactionIdPrefix the prefix of the transactional ids when exactly once (an instance adds its own id)
 */
@ConfigurationProperties("ncmp.cm-notifications")
public record CmNotificationProperties(@DefaultValue("dmi-cm-events") String sourceTopic,
                                       @DefaultValue("cm-events") String targetTopic,
                                       @DefaultValue("ncmp-cm-notifications") String consumerGroup,
                                       @DefaultValue("10000") int maxPollRecords,
                                       @DefaultValue("2") int concurrency,
                                       @DefaultValue("false") boolean exactlyOnce,
                                       @DefaultValue("ncmp-cm-notifications-") String transactionIdPrefix) {
}
