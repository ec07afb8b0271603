package io.cpsng.tools

import io.cpsng.TestDatabase
import io.cpsng.measure.Measure
import io.cpsng.measure.ServiceClient
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.test.annotation.DirtiesContext
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.Specification
import spock.lang.TempDir

import javax.imageio.ImageIO
import java.nio.file.Path

/**
 * The measure tool's command against the application listening on a port, with authentication and module
 * sync on, as against the demo. The schedule's interval is longer than the spec: handles become READY only
 * because registering them starts a round. The context is closed afterwards: its watchdog must not sync
 * handles of later specs.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = ['security.auth.password=measure-secret', 'ncmp.module-sync.interval=10m'])
@DirtiesContext
class MeasureToolSpec extends Specification {

    static final int HANDLES = 60

    @LocalServerPort
    int port

    @TempDir
    Path outputDirectory

    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry)
    }

    def 'A run registers handles, follows them to READY, reports where the time went and deregisters them'() {
        when: 'the tool runs with its own DMI stub and a parallelism of its own'
            def exitCode = measure('--handles', HANDLES.toString(), '--batch', '20', '--clients', '2', '--tags', '2',
                '--dmi-delay', '0', '--dmi-resources-delay', '0', '--parallelism', '2', '--prefix', 'tool',
                '--password', 'measure-secret')
        then: 'it ends successfully'
            exitCode == 0
        and: 'it printed the phase averages and the results'
            def printed = out.toString()
            printed.contains("Averages per handle (${HANDLES} handles")
            printed.contains('queued, waiting for a sync worker')
            printed.contains('registration requests')
            printed.contains('first request to all READY')
            printed.contains('deregistration requests')
            printed.contains('% of one core')
            printed =~ /failed requests\s+0 \(0 handles refused\)/
        and: 'the trace has every handle registered, queued, given its anchor and its state'
            def rows = outputDirectory.resolve('trace.csv').toFile().readLines().drop(1)*.split(',')
            def phasesByHandle = rows.groupBy { it[0] }.collectEntries { id, handleRows -> [id, handleRows*.getAt(1) as Set] }
            phasesByHandle.size() == HANDLES
            phasesByHandle.values().every { it.containsAll(['registration-request', 'waiting-for-worker',
                                                            'state-write']) }
            rows.every { (it[2] as long) <= (it[3] as long) }
        and: 'the progress ends with every handle READY'
            outputDirectory.resolve('progress.csv').toFile().readLines().last().split(',')[2] as int == HANDLES
        and: 'the timeline is a picture'
            ImageIO.read(outputDirectory.resolve('timeline.png').toFile()).width == 1200
        and: 'the handles are gone and the service has its own parallelism back'
            def serviceClient = new ServiceClient(URI.create(serviceUrl), 'cpsuser', 'measure-secret')
            serviceClient.get('/ncmp/v1/ch/tool-1').status() == 404
            serviceClient.moduleSyncParallelism() == 4
    }

    def 'A wrong password ends the run before anything is registered'() {
        when: 'the tool runs with a wrong password'
            def exitCode = measure('--handles', '5', '--prefix', 'refused', '--password', 'wrong')
        then: 'it stops with the reason'
            exitCode == 2
            err.toString().contains('401')
            err.toString().contains('--password')
        and: 'nothing was registered'
            new ServiceClient(URI.create(serviceUrl), 'cpsuser', 'measure-secret')
                .get('/ncmp/v1/ch/refused-1').status() == 404
    }

    def 'A wrong option prints what was wrong and the usage'() {
        when: 'the tool is given an unknown option'
            def exitCode = measure('--handels', '5')
        then: 'it refuses with the option and the usage'
            exitCode == 2
            err.toString().contains('Unknown option --handels')
            err.toString().contains('Usage: java -jar measure-tool/target/measure.jar')
    }

    String getServiceUrl() {
        "http://127.0.0.1:${port}"
    }

    int measure(String... arguments) {
        def allArguments = ['--url', serviceUrl, '--out', outputDirectory.toString()] + arguments.toList()
        Measure.run(allArguments as String[], new PrintStream(out, true), new PrintStream(err, true))
    }
}
