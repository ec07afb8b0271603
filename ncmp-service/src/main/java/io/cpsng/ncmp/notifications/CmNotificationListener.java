package io.cpsng.ncmp.notifications;

import io.cpsng.ncmp.datasync.CmNotificationsToCache;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * The trigger: each batch consumed from the DMI plugins' topic is forwarded, then applied to the cached data. Values
 * stay bytes: forwarding copies them as they are, and only those applied to the cache are read.
 */
public class CmNotificationListener {

    private final CmNotificationForwarder cmNotificationForwarder;
    private final CmNotificationsToCache cmNotificationsToCache;

    CmNotificationListener(final CmNotificationForwarder cmNotificationForwarder,
                           final CmNotificationsToCache cmNotificationsToCache) {
        this.cmNotificationForwarder = cmNotificationForwarder;
        this.cmNotificationsToCache = cmNotificationsToCache;
    }

    /** The listener container's id, for who needs to stop and start it. */
    public static final String LISTENER_ID = "cm-notifications";

    @KafkaListener(id = LISTENER_ID, topics = "${ncmp.cm-notifications.source-topic:dmi-cm-events}",
        groupId = "${ncmp.cm-notifications.consumer-group:ncmp-cm-notifications}",
        containerFactory = "cmNotificationContainerFactory", batch = "true")
    void onNotifications(final List<ConsumerRecord<String, byte[]>> notifications) {
        cmNotificationForwarder.forward(notifications);
        cmNotificationsToCache.apply(notifications);
    }
}
