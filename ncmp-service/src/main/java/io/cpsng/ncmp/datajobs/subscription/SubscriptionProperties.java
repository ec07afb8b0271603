package io.cpsng.ncmp.datajobs.subscription;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * CM data job subscriptions (docs/events.md), on with Kafka and {@code enabled}, off by default as in the reference.
 *
 * @param enabled        whether clients' subscription events are taken
 * @param topic          where clients send dataJobCreated / dataJobDeleted
 * @param dmiInTopic     where NCMP sends DMI plugins their subscription requests
 * @param dmiOutTopic    where DMI plugins answer
 * @param consumerGroup  the consumer group of every instance
 * @param answerTimeout  how long a selector waits for its plugin's answer before it is sent again
 */
@ConfigurationProperties("ncmp.datajob.subscription")
public record SubscriptionProperties(@DefaultValue("false") boolean enabled,
                                     @DefaultValue("subscription") String topic,
                                     @DefaultValue("ncmp-dmi-cm-avc-subscription") String dmiInTopic,
                                     @DefaultValue("dmi-ncmp-cm-avc-subscription") String dmiOutTopic,
                                     @DefaultValue("ncmp-data-job-subscriptions") String consumerGroup,
                                     @DefaultValue("60s") Duration answerTimeout) {
}
