package io.cpsng.cps.events;

import io.cpsng.cps.schedule.PeriodicTasks;
import io.cpsng.cps.spi.DataUpdatedEventPersistence;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Deletes data-updated events older than the retention, oldest first; with the Kafka relay on, only those the
 * broker has acknowledged, so an outage longer than the retention still loses nothing.
 */
@Component
class DataUpdatedEventPurge {

    private static final Logger LOGGER = LoggerFactory.getLogger(DataUpdatedEventPurge.class);
    private static final int BATCH_SIZE = 50_000;

    private final DataUpdatedEventPersistence dataUpdatedEventPersistence;
    private final DataUpdatedEventsProperties properties;
    private final boolean relayOn;

    DataUpdatedEventPurge(final DataUpdatedEventPersistence dataUpdatedEventPersistence,
                          final DataUpdatedEventsProperties properties,
                          final ObjectProvider<DataUpdatedEventRelay> relay, final PeriodicTasks periodicTasks) {
        this.dataUpdatedEventPersistence = dataUpdatedEventPersistence;
        this.properties = properties;
        this.relayOn = relay.getIfAvailable() != null;
        periodicTasks.every("Data-updated event purge", properties.purgeInterval(),
            () -> purgeExpiredEvents() == BATCH_SIZE);
    }

    int purgeExpiredEvents() {
        final int purged = dataUpdatedEventPersistence.purge(Instant.now().minus(properties.retention()), relayOn,
            BATCH_SIZE);
        if (purged > 0) {
            LOGGER.info("Purged {} data-updated events older than {}", purged, properties.retention());
        }
        return purged;
    }
}
