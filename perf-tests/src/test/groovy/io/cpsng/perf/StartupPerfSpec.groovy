package io.cpsng.perf

import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * The built service started as a user starts it (demo.sh's way: the start-up cache of scripts/startup-cache.sh,
 * the JDK of this JVM), as a separate process on an empty embedded database, timed from process start until
 * /actuator/health/readiness answers UP. Needs cps-application's exec jar: see the README.
 * TODO(1,000,000 handles): the start of a service whose database already holds a million CM handles comes
 * with its own issue; it is a measurement still to add, not a skipped one.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class StartupPerfSpec extends Specification {

    static final Path PROJECT_ROOT = Path.of('..').toAbsolutePath().normalize()
    static final Path EXEC_JAR = PROJECT_ROOT.resolve('cps-application/target/cps-application-exec.jar')
    static final Path LOG_DIRECTORY = Path.of(PerfRecorder.REPORT_DIRECTORY.path, 'startup')
    static final int STARTS = 5
    static final Budget BUDGET = Budget.atMost(5)

    @Shared
    List<String> launch

    @Shared
    HttpClient httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build()

    def setupSpec() {
        assert Files.exists(EXEC_JAR): "build the service first: ./mvnw -B -DskipTests install (${EXEC_JAR} is missing)"
        Files.createDirectories(LOG_DIRECTORY)
        launch = startupCacheLaunch()
    }

    def 'Start of the service on an empty database, process start to readiness UP'() {
        when: 'the service is started #STARTS times, each on a fresh database, and timed until ready'
            def seconds = (1..STARTS).collect { timeToReadiness(it) }
            seconds.eachWithIndex { figure, index ->
                PerfRecorder.record("start to readiness UP, empty database, start ${index + 1}", 'startup', 0, figure,
                    figure, 's', Budget.NONE)
            }
            def median = Meter.median(seconds)
            def measurement = PerfRecorder.record('start to readiness UP, empty database (median)', 'startup', 0,
                median, median, 's', BUDGET)
        then: 'the median meets the budget'
            measurement.meetsBudget()
    }

    /** Starts the service, waits until it is ready, stops it; the seconds from process start to ready. */
    double timeToReadiness(int start) {
        def dataDirectory = Files.createTempDirectory('startup-perf-data')
        def port = freePort()
        def command = [javaExecutable(), '-XX:+ExitOnOutOfMemoryError'] + launch + [
            "--cps.embedded-postgres.data-directory=${dataDirectory}", "--server.port=${port}",
            '--security.auth.password=startup-perf']
        def processBuilder = new ProcessBuilder(command*.toString()).directory(PROJECT_ROOT.toFile())
            .redirectErrorStream(true).redirectOutput(LOG_DIRECTORY.resolve("start-${start}.log").toFile())
        def readiness = HttpRequest.newBuilder(URI.create("http://127.0.0.1:${port}/actuator/health/readiness"))
            .timeout(Duration.ofSeconds(1)).build()
        def process = null
        try {
            def startNanos = System.nanoTime()
            process = processBuilder.start()
            def startedProcess = process
            new PollingConditions(timeout: 60, delay: 0.02).eventually {
                assert startedProcess.alive: "the service exited, see ${LOG_DIRECTORY}/start-${start}.log"
                assert answersUp(readiness)
            }
            return (System.nanoTime() - startNanos) / 1e9d
        } finally {
            process?.destroy()
            process?.waitFor(30, TimeUnit.SECONDS)
            dataDirectory.toFile().deleteDir()
        }
    }

    boolean answersUp(HttpRequest readiness) {
        try {
            def response = httpClient.send(readiness, HttpResponse.BodyHandlers.ofString())
            return response.statusCode() == 200 && response.body().contains('"UP"')
        } catch (IOException notListeningYet) {
            return false
        }
    }

    /** The java arguments demo.sh uses, from scripts/startup-cache.sh (which records the cache when needed). */
    static List<String> startupCacheLaunch() {
        def cacheDirectory = Path.of(PerfRecorder.REPORT_DIRECTORY.parent, 'startup-cache').toAbsolutePath()
        def script = new ProcessBuilder('bash', 'scripts/startup-cache.sh', EXEC_JAR.toString(), cacheDirectory.toString())
            .directory(PROJECT_ROOT.toFile()).redirectError(LOG_DIRECTORY.resolve('startup-cache.log').toFile())
        script.environment().put('JAVA_HOME', System.getProperty('java.home'))
        def process = script.start()
        def lines = process.inputStream.readLines()
        assert process.waitFor() == 0: "scripts/startup-cache.sh failed, see ${LOG_DIRECTORY}/startup-cache.log"
        lines
    }

    static String javaExecutable() {
        Path.of(System.getProperty('java.home'), 'bin', 'java').toString()
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }
}
