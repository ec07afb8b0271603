package io.cpsng.ncmp.data;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Asynchronous data operations (docs/events.md).
 *
 * @param m2mTopic      where DMI plugins send results, for NCMP to forward to each client's topic (a client may not
 *                      name it as its own)
 * @param consumerGroup the consumer group of every instance reading it
 * @param answerTimeout how long a client waits for the result of a target its plugin accepted: then it is told 102
 *                      (the plugin is not responding) instead
 */
@ConfigurationProperties("ncmp.data-operations")
public record DataOperationProperties(@DefaultValue("ncmp-async-m2m") String m2mTopic,
                                      @DefaultValue("ncmp-data-operation-results") String consumerGroup,
                                      @DefaultValue("60s") Duration answerTimeout) {

    public DataOperationProperties {
        // the check runs every half timeout: none or a negative one would check without pause
        if (answerTimeout.isNegative() || answerTimeout.isZero()) {
            throw new IllegalArgumentException("ncmp.data-operations.answer-timeout must be positive, not "
                + answerTimeout);
        }
    }
}
