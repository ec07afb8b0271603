package io.cpsng.ncmp.notifications;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/** The trigger: each batch consumed from the DMI plugins' topic is forwarded. */
class CmNotificationListener {

    private final CmNotificationForwarder cmNotificationForwarder;

    CmNotificationListener(final CmNotificationForwarder cmNotificationForwarder) {
        this.cmNotificationForwarder = cmNotificationForwarder;
    }

    @KafkaListener(topics = "${ncmp.cm-notifications.source-topic:dmi-cm-events}",
        groupId = "${ncmp.cm-notifications.consumer-group:ncmp-cm-notifications}",
        containerFactory = "cmNotificationContainerFactory", batch = "true")
    void onNotifications(final List<ConsumerRecord<String, String>> notifications) {
        cmNotificationForwarder.forward(notifications);
    }
}
