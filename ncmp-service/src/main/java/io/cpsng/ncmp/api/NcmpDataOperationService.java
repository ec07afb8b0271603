package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.DataOperationRequest;

/** Data operations on many handles whose results arrive on a Kafka topic of the client's (the reference's). */
public interface NcmpDataOperationService {

    /**
     * Starts the data operations and answers the request id at once; results and errors (unknown, not READY,
     * plugin failing) arrive on the topic as the reference's data operation events. InvalidInputException for an
     * invalid topic, operation or datastore, TooManyTargetsException for an operation of over 200 handles,
     * KafkaUnavailableException without Kafka: all before anything starts. The authorization is the client's
     * Authorization header (or null), which the plugins get with ncmp.dmi.auth.enabled=false.
     */
    String startDataOperations(String topic, DataOperationRequest dataOperationRequest, String authorization);
}
