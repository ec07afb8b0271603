package io.cpsng.ncmp.api;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.PassThroughRequest;
import java.util.Collection;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** Data of the network, read and written through the DMI plugin of a READY CM handle. */
public interface NcmpDataPassThroughService {

    /**
     * Passes the operation through to the handle's data plugin and returns its successful answer.
     * InvalidInputException for a datastore other than the two pass-through ones or a write to the
     * operational one; CmHandleNotFoundException; CmHandleNotReadyException unless the handle is READY;
     * DmiException when the plugin cannot be reached or answers an error.
     */
    DmiResponse passThrough(PassThroughRequest passThroughRequest);

    /**
     * Starts a pass-through read whose result the plugin sends to the topic, and answers the request id it will
     * carry. The same refusals as a read, checked before it starts, and InvalidInputException for an invalid topic,
     * KafkaUnavailableException without Kafka.
     */
    String startPassThroughRead(PassThroughRequest passThroughRequest, String topic);

    /**
     * A read of the cached datastore with a topic: the cached nodes at the xpath, as toJson writes them, sent to the
     * topic as a plugin's pass-through result reaches it; answers the request id it carries. The refusals of the
     * synchronous read (DataNodeNotFoundException when nothing is cached there) and of the topic, checked first.
     */
    String startCachedRead(String cmHandleReference, String xpath, FetchDescendantsOption fetchDescendantsOption,
                           String topic, Function<Collection<DataNode>, JsonNode> toJson);
}
