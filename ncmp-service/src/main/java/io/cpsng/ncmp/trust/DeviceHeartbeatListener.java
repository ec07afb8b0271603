package io.cpsng.ncmp.trust;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/** The trigger: each batch consumed from the heartbeat topic is applied. */
public class DeviceHeartbeatListener {

    /** The listener container's id, for who needs to stop and start it. */
    public static final String LISTENER_ID = "device-heartbeats";

    private final DeviceHeartbeats deviceHeartbeats;

    DeviceHeartbeatListener(final DeviceHeartbeats deviceHeartbeats) {
        this.deviceHeartbeats = deviceHeartbeats;
    }

    @KafkaListener(id = LISTENER_ID, topics = "${ncmp.device-heartbeats.topic:dmi-device-heartbeat}",
        groupId = "${ncmp.device-heartbeats.consumer-group:ncmp-device-heartbeats}",
        containerFactory = "deviceHeartbeatContainerFactory", batch = "true")
    void onHeartbeats(final List<ConsumerRecord<String, String>> heartbeats) {
        deviceHeartbeats.apply(heartbeats);
    }
}
