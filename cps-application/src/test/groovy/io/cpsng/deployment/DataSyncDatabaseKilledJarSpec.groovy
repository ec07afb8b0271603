package io.cpsng.deployment

import groovy.json.JsonOutput
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.TempDir
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.nio.file.Path
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Data sync with the database killed (SIGKILL) in the middle, the built jar restarting its embedded PostgreSQL by
 * itself: every handle ends SYNCHRONIZED with its tree cached and no claim left; what the dead database had not
 * committed is read from the plugin again, nothing is marked synchronized without its data. Run by failsafe after
 * the package phase, since it needs the jar.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DataSyncDatabaseKilledJarSpec extends Specification {

    static final int HANDLES = 500

    @TempDir
    Path workDirectory

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    ServiceProcess service

    def cleanup() {
        if (service?.process?.alive) {
            service.stop()
        }
    }

    def 'The database killed mid-sync: every handle SYNCHRONIZED with its data once the service has it back'() {
        given: 'the service on its embedded database, and handles of the DMI stub READY'
            def dataDirectory = workDirectory.resolve('postgres')
            service = ServiceProcess.start('data-sync-database-killed', dataDirectory, ['--ncmp.data-sync.interval=200ms',
                '--ncmp.module-sync.interval=200ms', '--ncmp.dmi.health-check-interval=0s'])
            service.awaitUp(90)
            def cmHandleIds = (1..HANDLES).collect { "db-killed-${it}".toString() }
            assert service.post('/ncmpInventory/v1/ch', JsonOutput.toJson([dmiPlugin: dmiStub.baseUrl(),
                createdCmHandles: cmHandleIds.collect { [cmHandle: it] }])).statusCode() == 200
            new PollingConditions(timeout: 120, delay: 0.5).eventually { assert count(dataDirectory, "cm_handle_state = 'READY'") == HANDLES }
        and: 'the plugin answering data reads after 1 s, so that the sync of all takes several seconds'
            dmiStub.applySettings(DmiStubSettings.DEFAULTS.withDataDelayMs(1_000))
        when: 'data sync is turned on for every handle'
            def clients = Executors.newFixedThreadPool(4)
            cmHandleIds.each { cmHandleId ->
                clients.submit { assert service.put("/ncmp/v1/ch/${cmHandleId}/data-sync?dataSyncEnabled=true").statusCode() == 200 }
            }
            clients.shutdown()
            assert clients.awaitTermination(120, TimeUnit.SECONDS)
        and: 'its PostgreSQL server is killed once some handles are SYNCHRONIZED and others are still being read'
            new PollingConditions(timeout: 120, delay: 0.05).eventually {
                assert count(dataDirectory, "data_sync_state = 'SYNCHRONIZED'") >= HANDLES / 5
            }
            def synchronizedAtKill = count(dataDirectory, "data_sync_state = 'SYNCHRONIZED'")
            def postmaster = ServiceProcess.postmasterOf(dataDirectory)
            ProcessHandle.of(postmaster.pid).get().destroyForcibly()
        then: 'the service has its database back by itself, on a new server process'
            new PollingConditions(timeout: 60, delay: 0.2).eventually {
                assert ServiceProcess.postmasterOf(dataDirectory).pid != postmaster.pid
                assert service.health() == 'UP'
            }
        and: 'the kill came in the middle of the sync'
            synchronizedAtKill < HANDLES
        and: 'every handle becomes SYNCHRONIZED with its tree cached (the recovery emptied the cache), no claim left'
            new PollingConditions(timeout: 180, delay: 0.5).eventually {
                assert count(dataDirectory, "data_sync_state = 'SYNCHRONIZED'") == HANDLES
                assert cachedHandles(dataDirectory) == HANDLES
            }
            count(dataDirectory, 'data_sync_owner IS NOT NULL') == 0
        and: 'the service logged the restart and the emptied cache'
            service.output().contains('Embedded PostgreSQL runs again')
            service.output().contains('emptied when the database recovered from a crash')
    }

    static int count(Path dataDirectory, String condition) {
        query(dataDirectory, "SELECT count(*) FROM ncmp_cm_handle WHERE ${condition}")
    }

    static int cachedHandles(Path dataDirectory) {
        query(dataDirectory, 'SELECT count(*) FROM ncmp_operational_cache')
    }

    /** One number from the service's database; none while it is away. */
    static int query(Path dataDirectory, String sql) {
        try {
            ServiceProcess.connectTo(dataDirectory).withCloseable { connection ->
                def resultSet = connection.createStatement().executeQuery(sql)
                resultSet.next()
                resultSet.getInt(1)
            }
        } catch (java.sql.SQLException | IOException away) {
            -1
        }
    }
}
