package io.cpsng.ncmp.modulesync

import com.hazelcast.core.HazelcastInstance
import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.dmistub.DmiEndpoint
import io.micrometer.core.instrument.MeterRegistry
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

import static io.cpsng.ncmp.api.model.CmHandleState.READY

/**
 * Two more instances of the application, each with its own Hazelcast member (a cluster of two on
 * loopback) and its watchdog on schedule, share the database of the spec. The spec's own context only
 * registers handles: its watchdog is off and never called here.
 */
class TwoInstancesSpec extends ModuleSyncIntegrationSpec {

    @Shared
    List<ConfigurableApplicationContext> instances = []

    def setup() {
        // started after the store was emptied for this spec, so they begin on an empty queue
        if (instances.isEmpty()) {
            def hazelcastPorts = [freePort(), freePort()]
            def clusterName = "two-instances-${UUID.randomUUID()}"
            hazelcastPorts.each { instances << startInstance(clusterName, it, hazelcastPorts) }
        }
    }

    def cleanupSpec() {
        instances*.close()
    }

    def 'Two instances form one Hazelcast cluster'() {
        expect: 'each member sees both'
            instances.every { it.getBean(HazelcastInstance).cluster.members.size() == 2 }
    }

    def 'Two instances sync 2,000 handles between them, no handle twice'() {
        given: 'a DMI taking 20 ms to answer module references'
            dmiStub.applySettings(dmiStub.settings().withModulesDelayMs(20))
        and: 'the successes each instance counted so far'
            def successesBefore = instances.collect { successesOf(it) }
        when: '2,000 handles without a tag are registered'
            def cmHandleIds = ids('shared', 2000)
            register(cmHandleIds)
        then: 'the instances make them all READY'
            new PollingConditions(timeout: 120, delay: 0.2).eventually {
                assert allInState(cmHandleIds, READY)
            }
        and: 'each handle was asked for its modules exactly once: no handle was synced twice'
            cmHandleIds.findAll { dmiStub.requestCount(DmiEndpoint.MODULES, it) != 1 } == []
        and: 'the one module set was fetched once: the lock is shared by the instances'
            dmiStub.requestCount(DmiEndpoint.MODULE_RESOURCES) == 1
        and: 'both instances took part, and their successes add up to the handles'
            def successes = [instances, successesBefore].transpose().collect { instance, before -> successesOf(instance) - before }
            successes.every { it > 0 }
            successes.sum() == 2000
        and: 'every handle has its module set'
            moduleSetsOf(cmHandleIds).size() == 2000
    }

    def 'When one instance stops mid-sync, the other syncs what is left and no handle stays ADVISED'() {
        given: 'a DMI taking 200 ms to answer module references, so that the sync takes a few seconds'
            dmiStub.applySettings(dmiStub.settings().withModulesDelayMs(200))
        and: '2,000 handles registered'
            def cmHandleIds = ids('survivor', 2000)
            register(cmHandleIds)
        when: 'the first instance is stopped once some handles are READY'
            new PollingConditions(timeout: 60, delay: 0.1).eventually {
                assert readyCount(cmHandleIds) >= 100
            }
            def readyWhenStopped = readyCount(cmHandleIds)
            instances.first().close()
        then: 'it was stopped mid-sync'
            readyWhenStopped < 2000
        and: 'the other instance makes every handle READY'
            new PollingConditions(timeout: 120, delay: 0.2).eventually {
                assert allInState(cmHandleIds, READY)
            }
        and: 'every handle has its module set and none is due'
            moduleSetsOf(cmHandleIds).size() == 2000
            queuedCount(cmHandleIds) == 0
    }

    int readyCount(Collection<String> cmHandleIds) {
        cmHandles(cmHandleIds).values().count { it.state().cmHandleState() == READY }
    }

    static double successesOf(ConfigurableApplicationContext instance) {
        instance.getBean(MeterRegistry).find('ncmp.module-sync.handles').tag('outcome', 'success').counter()?.count() ?: 0
    }

    static ConfigurableApplicationContext startInstance(String clusterName, int hazelcastPort, List<Integer> memberPorts) {
        // command-line arguments, so that they win over application.yml
        def arguments = [
            "--spring.datasource.url=${TestDatabase.JDBC_URL}",
            "--spring.datasource.username=${TestDatabase.USERNAME}",
            "--spring.datasource.password=${TestDatabase.PASSWORD}",
            '--spring.datasource.hikari.maximum-pool-size=8',
            '--server.port=0',
            "--ncmp.hazelcast.cluster-name=${clusterName}",
            "--ncmp.hazelcast.port=${hazelcastPort}",
            "--ncmp.hazelcast.members=${memberPorts.collect { "127.0.0.1:${it}" }.join(',')}",
            '--ncmp.hazelcast.bind-address=127.0.0.1',
            '--ncmp.module-sync.enabled=true',
            '--ncmp.module-sync.interval=100ms',
            '--ncmp.module-sync.batch-size=50',
            '--ncmp.module-sync.parallelism=2',
            '--ncmp.module-sync.lease=5s',
            '--ncmp.module-sync.backoff-base=200ms',
            '--ncmp.module-sync.backoff-cap=1s']
        new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }
}
