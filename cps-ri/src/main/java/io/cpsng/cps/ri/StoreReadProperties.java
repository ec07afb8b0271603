package io.cpsng.cps.ri;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How much one read may return. A read is held in memory whole while it is answered, at about 3 KB of heap per
 * data node (row, node, JSON), so the bound is what keeps a large anchor from running the heap out.
 *
 * @param maxFragmentsPerRead data nodes one read or query may return, descendants included
 */
@ConfigurationProperties("cps.store")
public record StoreReadProperties(@DefaultValue("200000") int maxFragmentsPerRead) {

    public StoreReadProperties {
        if (maxFragmentsPerRead < 1) {
            throw new IllegalArgumentException("cps.store.max-fragments-per-read must be at least 1");
        }
    }
}
