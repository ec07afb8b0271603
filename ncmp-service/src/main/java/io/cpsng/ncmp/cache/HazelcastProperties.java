package io.cpsng.ncmp.cache;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The cluster of the instances. With no members, an instance is a cluster of one and starts no Hazelcast
 * member at all (nothing listens); with members, instances find each other through the TCP-IP member list
 * (no multicast) and each binds its member port to the bind address, or, without one, to every interface
 * while advertising the address Hazelcast picks (one matching the member list, else a non-loopback one).
 */
@ConfigurationProperties("ncmp.hazelcast")
public record HazelcastProperties(@DefaultValue("cps-ng") String clusterName,
                                  @DefaultValue("5701") int port,
                                  @DefaultValue List<String> members,
                                  @DefaultValue("") String bindAddress) {
}
