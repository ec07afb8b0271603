package io.cpsng.ncmp.data;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.exceptions.KafkaUnavailableException;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** The topic a client asks its answers on: checked once for every asynchronous request. */
@Component
class ClientTopics {

    // Kafka's rule for topic names
    private static final Pattern TOPIC_NAME = Pattern.compile("^(?!\\.{1,2}$)[a-zA-Z0-9._-]{1,249}$");

    private final DataOperationProperties dataOperationProperties;
    private final ObjectProvider<DataOperationEvents> dataOperationEvents;
    private final ObjectProvider<DataOperationResultForwarder> dataOperationResultForwarder;

    ClientTopics(final DataOperationProperties dataOperationProperties,
                 final ObjectProvider<DataOperationEvents> dataOperationEvents,
                 final ObjectProvider<DataOperationResultForwarder> dataOperationResultForwarder) {
        this.dataOperationProperties = dataOperationProperties;
        this.dataOperationEvents = dataOperationEvents;
        this.dataOperationResultForwarder = dataOperationResultForwarder;
    }

    /** InvalidInputException for a name Kafka refuses or the m2m topic of the DMI plugins. */
    void validate(final String topic) {
        if (!isClientTopic(topic, dataOperationProperties.m2mTopic())) {
            throw new InvalidInputException("Invalid topic name", "Topic name " + topic + " is invalid: use 1 to 249 "
                + "letters, digits, '.', '_' and '-', other than " + dataOperationProperties.m2mTopic());
        }
    }

    /**
     * Whether results may go to the topic: a name Kafka takes (a send to another fails before it leaves), other
     * than the m2m topic the results come from (a result sent there is forwarded there again, for ever).
     */
    static boolean isClientTopic(final String topic, final String m2mTopic) {
        return topic != null && TOPIC_NAME.matcher(topic).matches() && !topic.equals(m2mTopic);
    }

    /** Results sent to the client's topics as forwarded ones; KafkaUnavailableException without Kafka. */
    DataOperationResultForwarder forwarder(final String topic) {
        final DataOperationResultForwarder forwarder = dataOperationResultForwarder.getIfAvailable();
        if (forwarder == null) {
            throw new KafkaUnavailableException(topic);
        }
        return forwarder;
    }

    /** The events to the client's topics; KafkaUnavailableException in a deployment without Kafka. */
    DataOperationEvents events(final String topic) {
        final DataOperationEvents events = dataOperationEvents.getIfAvailable();
        if (events == null) {
            throw new KafkaUnavailableException(topic);
        }
        return events;
    }
}
