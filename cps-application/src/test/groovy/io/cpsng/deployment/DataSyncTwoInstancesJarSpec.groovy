package io.cpsng.deployment

import groovy.json.JsonOutput
import io.cpsng.TestDatabase
import io.cpsng.dmistub.DmiEndpoint
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Data sync across two instances of the built jar on one database, one of them killed (SIGKILL) in the middle of
 * the sync and started again at once: every handle ends SYNCHRONIZED with its tree cached, the dead instance's
 * claims taken over once their lease ran out, and no handle read from its plugin again but those it held. Run by
 * failsafe after the package phase, since it needs the jar.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DataSyncTwoInstancesJarSpec extends Specification {

    static final int HANDLES = 1_000
    static final String DATABASE = 'data_sync_two_instances'

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    List<ServiceProcess> services = []
    JdbcTemplate jdbcTemplate

    def cleanup() {
        services.findAll { it.process.alive }*.stop()
        TestDatabase.dropDatabase(DATABASE)
    }

    def 'One of two instances killed mid-sync and started again: every handle SYNCHRONIZED, only its claims read twice'() {
        given: 'two instances on one database, with data-sync claims leased for 10 s'
            def databaseUrl = TestDatabase.createDatabase(DATABASE)
            jdbcTemplate = new JdbcTemplate(new DriverManagerDataSource(databaseUrl, TestDatabase.USERNAME, TestDatabase.PASSWORD))
            def first = startService('data-sync-first', databaseUrl)
            def second = startService('data-sync-second', databaseUrl)
            [first, second]*.awaitUp(90)
        and: 'handles registered on the DMI stub and READY'
            def cmHandleIds = (1..HANDLES).collect { "sync-${it}".toString() }
            cmHandleIds.collate(500).each { batch ->
                assert first.post('/ncmpInventory/v1/ch', JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl(),
                    createdCmHandles: batch.collect { [cmHandle: it] }])).statusCode() == 200
            }
            new PollingConditions(timeout: 120, delay: 0.5).eventually { assert count("cm_handle_state = 'READY'") == HANDLES }
        and: 'the plugin answering data reads after 2 s, so that the sync of all takes several seconds'
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(2_000))
        when: 'data sync is turned on for every handle, half of them through each instance'
            def clients = Executors.newFixedThreadPool(4)
            cmHandleIds.eachWithIndex { cmHandleId, index ->
                clients.submit { assert [first, second][index % 2].put("/ncmp/v1/ch/${cmHandleId}/data-sync?dataSyncEnabled=true").statusCode() == 200 }
            }
            clients.shutdown()
            assert clients.awaitTermination(120, TimeUnit.SECONDS)
        and: 'the first instance is killed once some handles are SYNCHRONIZED and others are still being read'
            new PollingConditions(timeout: 120, delay: 0.05).eventually { assert count("data_sync_state = 'SYNCHRONIZED'") >= HANDLES / 5 }
            first.kill()
            // its claims stay in the database, the dead owner's, until their lease runs out
            def heldByFirst = claimsOf(first)
            def synchronizedAtKill = count("data_sync_state = 'SYNCHRONIZED'")
        and: 'started again at once on the same database'
            def restarted = startService('data-sync-restarted', databaseUrl)
            restarted.awaitUp(90)
        then: 'the kill came in the middle of the sync, the killed instance holding claims'
            synchronizedAtKill < HANDLES
            !heldByFirst.isEmpty()
        and: 'every handle becomes SYNCHRONIZED, and no claim is left'
            new PollingConditions(timeout: 180, delay: 0.5).eventually {
                assert count("data_sync_state = 'SYNCHRONIZED'") == HANDLES
            }
            count('data_sync_owner IS NOT NULL') == 0
        and: 'every handle has its tree cached'
            jdbcTemplate.queryForObject('SELECT count(*) FROM ncmp_operational_cache', Integer) == HANDLES
        and: 'each handle was read from its plugin once, but those the killed instance held: at most twice'
            def readTwice = cmHandleIds.findAll { dmiStub.requestCount(DmiEndpoint.DATA, it) > 1 }
            cmHandleIds.every { dmiStub.requestCount(DmiEndpoint.DATA, it) in [1L, 2L] }
            heldByFirst.containsAll(readTwice)
    }

    ServiceProcess startService(String name, String databaseUrl) {
        def service = ServiceProcess.start(name, null, ["--spring.datasource.url=${databaseUrl}",
            "--spring.datasource.username=${TestDatabase.USERNAME}", "--spring.datasource.password=${TestDatabase.PASSWORD}",
            '--ncmp.data-sync.lease=10s', '--ncmp.data-sync.interval=200ms', '--ncmp.module-sync.interval=200ms',
            '--ncmp.dmi.health-check-interval=0s']*.toString())
        services << service
        service
    }

    int count(String condition) {
        jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE ${condition}".toString(), Integer)
    }

    /** The handles whose data-sync claim an instance holds now, by the owner names in its log. */
    Set<String> claimsOf(ServiceProcess service) {
        def owners = (service.output() =~ /Data sync watchdog (\S+) /).collect { it[1] } as Set
        jdbcTemplate.queryForList("SELECT id FROM ncmp_cm_handle WHERE split_part(data_sync_owner, '/', 1) = ANY(?)",
            String, [owners as String[]] as Object[]) as Set
    }
}
