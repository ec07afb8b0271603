package io.cpsng.ncmp.cache;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The one Hazelcast member of this instance when other instances are configured as members, and the shared
 * maps it holds, each exposed as the narrowest JDK type so that specs can hand in plain collections.
 * Without members {@link SingleInstanceCacheConfig} provides the same beans and no member starts.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(ClusterMembersCondition.MembersConfigured.class)
@EnableConfigurationProperties(HazelcastProperties.class)
class HazelcastConfig {

    @Bean(destroyMethod = "shutdown")
    HazelcastInstance hazelcastInstance(final HazelcastProperties hazelcastProperties) {
        final Config config = new Config();
        config.setClusterName(hazelcastProperties.clusterName());
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.shutdownhook.enabled", "false");
        config.getNetworkConfig().setPort(hazelcastProperties.port()).setPortAutoIncrement(true);
        bindTo(config, hazelcastProperties.bindAddress());
        final JoinConfig joinConfig = config.getNetworkConfig().getJoin();
        joinConfig.getMulticastConfig().setEnabled(false);
        joinConfig.getAutoDetectionConfig().setEnabled(false);
        joinConfig.getTcpIpConfig().setEnabled(true).setMembers(hazelcastProperties.members());
        return Hazelcast.newHazelcastInstance(config);
    }

    /**
     * With a bind address the member listens on that interface only (bind.any off); without one Hazelcast
     * listens on every interface, as it always did, and the operator relies on the network around it.
     */
    private static void bindTo(final Config config, final String bindAddress) {
        if (!bindAddress.isBlank()) {
            config.setProperty("hazelcast.socket.bind.any", "false");
            config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(bindAddress);
        }
    }

    /**
     * A cluster-wide lock per module set (schema set name), so that one worker of one instance fetches a new
     * module set from the DMI while the others wait and then find it stored. Locks of a member that leaves
     * the cluster are released by Hazelcast.
     */
    @Bean
    Function<String, Lock> moduleSetLocks(final HazelcastInstance hazelcastInstance) {
        final IMap<String, Boolean> lockMap = hazelcastInstance.getMap("moduleSetLocks");
        return moduleSetName -> new MapKeyLock(lockMap, moduleSetName);
    }

    /** The lock of one key of a Hazelcast map as a JDK Lock, owned by the thread that takes it. */
    private record MapKeyLock(IMap<String, Boolean> lockMap, String key) implements Lock {

        @Override
        public void lock() {
            lockMap.lock(key);
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            lockMap.lock(key);
        }

        @Override
        public boolean tryLock() {
            return lockMap.tryLock(key);
        }

        @Override
        public boolean tryLock(final long time, final TimeUnit unit) throws InterruptedException {
            return lockMap.tryLock(key, time, unit);
        }

        @Override
        public void unlock() {
            lockMap.unlock(key);
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException("Conditions are not supported on Hazelcast map locks");
        }
    }
}
