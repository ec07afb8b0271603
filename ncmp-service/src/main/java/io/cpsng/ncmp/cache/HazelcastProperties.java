package io.cpsng.ncmp.cache;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The embedded Hazelcast member: instances find each other through the TCP-IP member list (no
 * multicast). An empty list makes a single-member cluster, which suits a laptop.
 */
@ConfigurationProperties("ncmp.hazelcast")
public record HazelcastProperties(@DefaultValue("cps-ng") String clusterName,
                                  @DefaultValue("5701") int port,
                                  @DefaultValue List<String> members) {
}
