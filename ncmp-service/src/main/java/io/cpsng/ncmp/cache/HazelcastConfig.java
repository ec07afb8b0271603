package io.cpsng.ncmp.cache;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one Hazelcast member of this instance, and the shared maps it holds, each exposed as the
 * narrowest JDK type so that specs can hand in plain collections.
 */
@Configuration(proxyBeanMethods = false)
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
        final JoinConfig joinConfig = config.getNetworkConfig().getJoin();
        joinConfig.getMulticastConfig().setEnabled(false);
        joinConfig.getAutoDetectionConfig().setEnabled(false);
        joinConfig.getTcpIpConfig().setEnabled(true).setMembers(hazelcastProperties.members());
        return Hazelcast.newHazelcastInstance(config);
    }

    /** Alternate id to CM-handle id, so that reads by alternate id rarely reach the database. */
    @Bean
    Map<String, String> alternateIdCache(final HazelcastInstance hazelcastInstance) {
        return hazelcastInstance.getMap("alternateIdCache");
    }
}
