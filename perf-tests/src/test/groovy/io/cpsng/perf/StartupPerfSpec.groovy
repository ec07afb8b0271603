package io.cpsng.perf

import io.cpsng.database.EmbeddedPostgresProperties
import io.cpsng.database.EmbeddedPostgresServer
import spock.lang.Shared
import spock.lang.Specification
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.sql.DriverManager
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * The built service started as a user starts it (demo.sh's and docker-compose's way: the start-up cache of
 * scripts/startup-cache.sh, the JDK of this JVM), as a separate process on its embedded database, timed from
 * process start until /actuator/health/readiness answers UP: on an empty database (a fresh one each start), and on
 * one that holds 1,000,000 READY CM handles; and plain java -jar of the exec jar beside them. Needs
 * cps-application's exec jar: see the README.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class StartupPerfSpec extends Specification {

    static final Path PROJECT_ROOT = Path.of('..').toAbsolutePath().normalize()
    static final Path EXEC_JAR = PROJECT_ROOT.resolve('cps-application/target/cps-application-exec.jar')
    static final Path LOG_DIRECTORY = Path.of(PerfRecorder.REPORT_DIRECTORY.path, 'startup')
    static final int STARTS = 5
    static final Budget BUDGET = Budget.atMost(5)
    // issue 31: 5 s with a million handles too
    static final Budget MILLION_BUDGET = Budget.atMost(5)
    static final int MILLION = 1_000_000

    @Shared
    List<String> launch

    @Shared
    HttpClient httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build()

    def setupSpec() {
        assert Files.exists(EXEC_JAR): "build the service first: ./mvnw -B -DskipTests install (${EXEC_JAR} is missing)"
        Files.createDirectories(LOG_DIRECTORY)
        launch = startupCacheLaunch()
        // the first start after a build runs without the class archive and writes it when it stops, as a user's does
        def dataDirectory = Files.createTempDirectory('startup-perf-archive')
        try {
            timeToReadiness('archive', dataDirectory)
        } finally {
            dataDirectory.toFile().deleteDir()
        }
    }

    def 'Start of the service on an empty database, process start to readiness UP'() {
        when: 'the service is started #STARTS times, each on a fresh database, and timed until ready'
            def seconds = (1..STARTS).collect { start ->
                def dataDirectory = Files.createTempDirectory('startup-perf-data')
                try {
                    timeToReadiness("empty-${start}", dataDirectory)
                } finally {
                    dataDirectory.toFile().deleteDir()
                }
            }
        then: 'the median meets the budget'
            recordStarts('empty database', 0, seconds).holdsBudget()
    }

    def 'Start of the service with plain java -jar of the exec jar, no start-up cache'() {
        when: 'the exec jar is started 3 times with java -jar alone, each on a fresh database, and timed until ready'
            def seconds = (1..3).collect { start ->
                def dataDirectory = Files.createTempDirectory('startup-perf-plain')
                try {
                    timeToReadiness("plain-${start}", dataDirectory, ['-jar', EXEC_JAR.toString()])
                } finally {
                    dataDirectory.toFile().deleteDir()
                }
            }
        then: 'the median meets the budget'
            recordStarts('empty database, plain java -jar', 0, seconds).holdsBudget()
    }

    def 'Start of the service on a database of 1,000,000 CM handles, process start to readiness UP'() {
        given: 'a database migrated by a first start, then filled with 1,000,000 READY handles'
            def dataDirectory = Files.createTempDirectory('startup-perf-million')
            timeToReadiness('million-migration', dataDirectory)
            fillInventory(dataDirectory, MILLION)
        when: 'the service is started 3 times on it and timed until ready'
            def seconds = (1..3).collect { timeToReadiness("million-${it}", dataDirectory) }
        then: 'the median meets the budget'
            recordStarts('1,000,000 handles', MILLION, seconds).holdsBudget()
        cleanup:
            dataDirectory?.toFile()?.deleteDir()
    }

    static Measurement recordStarts(String database, long handles, List<Double> seconds) {
        seconds.eachWithIndex { figure, index ->
            PerfRecorder.record("start to readiness UP, ${database}, start ${index + 1}", 'startup', handles, figure,
                figure, 's', Budget.NONE)
        }
        def median = Meter.median(seconds)
        PerfRecorder.record("start to readiness UP, ${database} (median)", 'startup', handles, median, median, 's',
            handles == 0 ? BUDGET : MILLION_BUDGET)
    }

    /** The KPI load's shape, written by SQL in one statement: registering a million over REST takes a minute. */
    static void fillInventory(Path dataDirectory, int handles) {
        def embeddedPostgres = EmbeddedPostgresServer.start(EmbeddedPostgresProperties.durableIn(dataDirectory.toString()))
        try {
            DriverManager.getConnection(embeddedPostgres.jdbcUrl(), embeddedPostgres.username(), '').withCloseable { connection ->
                connection.createStatement().withCloseable { statement ->
                    statement.execute("""INSERT INTO ncmp_cm_handle (id, alternate_id, dmi_service_name, module_set_tag,
                            cm_handle_state, last_update_time, additional_properties, public_properties)
                        SELECT 'start-' || n, 'managed-element=start/node=' || n, 'http://127.0.0.1:1', 'tag-' || (n % 5 + 1),
                            'READY', now(), jsonb_build_object('neType', 'RadioNode', 'site', 'site-' || n % 100,
                                'vendor', 'vendor-' || n % 3, 'serialNumber', 'SN' || n),
                            jsonb_build_object('Color', CASE WHEN n % 2 = 0 THEN 'red' ELSE 'blue' END,
                                'Region', 'region-' || n % 10)
                        FROM generate_series(1, ${handles}) AS n""")
                    statement.execute('VACUUM ANALYZE ncmp_cm_handle')
                }
            }
        } finally {
            embeddedPostgres.close()
        }
    }

    /** Starts the service on the data, waits until it is ready, stops it; the seconds from process start to ready. */
    double timeToReadiness(String start, Path dataDirectory, List<String> javaArguments = launch) {
        def port = freePort()
        def command = [javaExecutable(), '-XX:+ExitOnOutOfMemoryError'] + javaArguments + [
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

    /** The java arguments demo.sh uses, from scripts/startup-cache.sh (which extracts the jar when it changed). */
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
