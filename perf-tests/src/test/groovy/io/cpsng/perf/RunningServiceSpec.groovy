package io.cpsng.perf

import io.cpsng.DatabaseSpec
import io.cpsng.measure.MeasureOptions
import io.cpsng.measure.MeasureResult
import io.cpsng.measure.MeasureRun
import io.cpsng.measure.ServiceClient
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import spock.util.concurrent.PollingConditions

import java.nio.file.Path
import java.time.Duration

/**
 * The whole application listening on a port with module sync on its own schedule, as a user runs it (its
 * settings are application.yml's), on the same PostgreSQL as the other specs; specs drive it over HTTP with
 * the measure tool's run and client. The store is emptied once per spec (DatabaseSpec).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = ['security.auth.enabled=false'])
abstract class RunningServiceSpec extends DatabaseSpec {

    @LocalServerPort
    int port

    ServiceClient getServiceClient() {
        new ServiceClient(URI.create("http://127.0.0.1:${port}"), '', '')
    }

    /** The handle table's vacuums, by hand (the service's) and by autovacuum, as PostgreSQL counts them. */
    long handleTableVacuums() {
        jdbcTemplate.queryForObject('SELECT vacuum_count + autovacuum_count FROM pg_stat_user_tables'
            + " WHERE relname = 'ncmp_cm_handle'", Long)
    }

    /**
     * Waits for the handle table to be vacuumed after registration's writes came to rest (by the service, ADR 0022,
     * unless autovacuum got there first): searches are measured as users search a settled inventory. Before it, an
     * id-search reads every row version registration left behind and sorts them.
     */
    void awaitHandleTableVacuum(long vacuumsBefore, Duration timeout) {
        new PollingConditions(timeout: timeout.toSeconds(), delay: 0.5).eventually {
            assert handleTableVacuums() > vacuumsBefore
        }
    }

    /** A measure run against this service; its files go under perf-report/measure/{name}. */
    MeasureResult measure(String name, Map settings) {
        def defaults = MeasureOptions.defaults([:])
        def options = new MeasureOptions(URI.create("http://127.0.0.1:${port}"), '', '', settings.handles as int,
            settings.batch as int, 4, settings.tags as int, (settings.modulesDelayMs ?: 0) as long,
            (settings.resourcesDelayMs ?: 0) as long, null, settings.dmiUrl as URI, 0,
            Path.of(PerfRecorder.REPORT_DIRECTORY.path, 'measure', name), name, settings.deregister as boolean,
            Duration.ofMinutes(5), defaults.sampledHandles())
        new MeasureRun(options, System.out, false).run()
    }
}
