package io.cpsng.ncmp.api.exceptions;

/** A request whose answer goes to a Kafka topic, to a deployment without Kafka (answered 503). */
public class KafkaUnavailableException extends NcmpException {

    public KafkaUnavailableException(final String topic) {
        super("Asynchronous requests are unavailable", "The answer was asked on topic '" + topic
            + "', but this deployment has no Kafka: set spring.kafka.bootstrap-servers to serve topic requests.");
    }
}
