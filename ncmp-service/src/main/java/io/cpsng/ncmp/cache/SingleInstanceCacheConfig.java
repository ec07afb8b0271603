package io.cpsng.ncmp.cache;

import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * A cluster of one (no ncmp.hazelcast.members): the same narrow bean as {@link HazelcastConfig}, from
 * plain JDK classes, so that no Hazelcast member starts and no member port is open to the network.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(ClusterMembersCondition.NoMembers.class)
class SingleInstanceCacheConfig {

    /** A lock per module set (schema set name): one worker fetches a new module set while the others wait. */
    @Bean
    Function<String, Lock> moduleSetLocks() {
        return new LocalKeyLocks();
    }
}
