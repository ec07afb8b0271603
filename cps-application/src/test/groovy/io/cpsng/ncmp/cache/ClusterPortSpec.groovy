package io.cpsng.ncmp.cache

import com.hazelcast.core.HazelcastInstance
import io.cpsng.Application
import io.cpsng.TestDatabase
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.Specification

import java.util.concurrent.locks.Lock
import java.util.function.Function

/**
 * The whole application, started as a user starts it, with and without cluster members: a cluster of
 * one opens no member port, a cluster listens only where the operator says.
 */
class ClusterPortSpec extends Specification {

    ConfigurableApplicationContext instance

    def cleanup() {
        instance?.close()
    }

    def 'A cluster of one starts no Hazelcast member and listens on no member port'() {
        given: 'a free port as the member port'
            def memberPort = freePort()
        when: 'the application starts without members'
            instance = startInstance("--ncmp.hazelcast.port=${memberPort}")
        then: 'there is no Hazelcast instance'
            instance.getBeanNamesForType(HazelcastInstance).length == 0
        and: 'the module-set locks come from the JDK'
            instance.getBean('moduleSetLocks') instanceof LocalKeyLocks
        and: 'nothing accepts connections on the member port or the two after it, on any address of the machine'
            machineAddresses().every { address -> (memberPort..memberPort + 2).every { !accepts(address, it) } }
    }

    def 'A cluster member binds its port to the configured address only'() {
        given: 'a free member port and this instance alone as the member list'
            def memberPort = freePort()
        when: 'the application starts with members and bind address 127.0.0.1'
            instance = startInstance("--ncmp.hazelcast.port=${memberPort}", "--ncmp.hazelcast.members=127.0.0.1:${memberPort}",
                '--ncmp.hazelcast.bind-address=127.0.0.1', "--ncmp.hazelcast.cluster-name=bind-${UUID.randomUUID()}")
        then: 'the member advertises the configured address and port'
            def localAddress = instance.getBean(HazelcastInstance).cluster.localMember.address
            localAddress.host == '127.0.0.1'
            localAddress.port == memberPort
        and: 'it accepts connections there'
            accepts(InetAddress.getByName('127.0.0.1'), memberPort)
        and: 'no other address of the machine accepts on the member port'
            machineAddresses().findAll { !it.loopbackAddress }.every { !accepts(it, memberPort) }
        and: 'the module-set locks are Hazelcast locks, not local ones'
            !(instance.getBean('moduleSetLocks', Function<String, Lock>) instanceof LocalKeyLocks)
    }

    static ConfigurableApplicationContext startInstance(String... settings) {
        def arguments = [
            "--spring.datasource.url=${TestDatabase.JDBC_URL}",
            "--spring.datasource.username=${TestDatabase.USERNAME}",
            "--spring.datasource.password=${TestDatabase.PASSWORD}",
            '--spring.datasource.hikari.maximum-pool-size=4',
            '--server.port=0',
            '--ncmp.module-sync.enabled=false'] + settings.toList()
        new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
    }

    /** IPv4 addresses of every interface that is up, loopback included. */
    static List<InetAddress> machineAddresses() {
        NetworkInterface.networkInterfaces().filter { it.up }.flatMap { it.inetAddresses() }
            .filter { it instanceof Inet4Address }.toList()
    }

    static boolean accepts(InetAddress address, int port) {
        try (def socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 500)
            return true
        } catch (IOException refused) {
            return false
        }
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }
}
