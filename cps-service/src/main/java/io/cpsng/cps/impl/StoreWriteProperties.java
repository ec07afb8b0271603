package io.cpsng.cps.impl;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What one write may hold.
 *
 * @param maxFragmentsPerWrite data nodes (containers and list entries) the data of one write may hold: they are parsed
 *                             whole into memory, hundreds of bytes each, before anything is stored
 */
@ConfigurationProperties("cps.store")
public record StoreWriteProperties(@DefaultValue("300000") int maxFragmentsPerWrite) {

    public StoreWriteProperties {
        if (maxFragmentsPerWrite < 1) {
            throw new IllegalArgumentException("cps.store.max-fragments-per-write must be at least 1");
        }
    }
}
