package io.cpsng.deployment

import spock.util.concurrent.PollingConditions

import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.sql.Connection
import java.sql.DriverManager
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * The built service (cps-application-exec.jar) run as a user runs it: a separate JVM on its embedded database in a
 * data folder, its output in a log file under target/. For the specs that kill it, its database or its disk.
 */
class ServiceProcess {

    // from the folder of any module of the build
    static final Path EXEC_JAR = Path.of('../cps-application/target/cps-application-exec.jar').toAbsolutePath().normalize()
    static final Path LOG_DIRECTORY = Path.of('target/service-processes').toAbsolutePath()
    static final String PASSWORD = 'service-process'

    final String name
    final Path dataDirectory
    final int port
    final Path log
    final Process process

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build()

    private ServiceProcess(String name, Path dataDirectory, int port, Path log, Process process) {
        this.name = name
        this.dataDirectory = dataDirectory
        this.port = port
        this.log = log
        this.process = process
    }

    /**
     * Starts the jar with the product's settings (durable embedded database) and the arguments given; a small heap
     * and the quick compiler, as a spec of behaviour wants it.
     */
    static ServiceProcess start(String name, Path dataDirectory, List<String> arguments = []) {
        start(name, dataDirectory, arguments, ['-Xmx512m', '-XX:TieredStopAtLevel=1'])
    }

    /** The same with the JVM options given, as a measurement wants them. */
    static ServiceProcess start(String name, Path dataDirectory, List<String> arguments, List<String> jvmOptions) {
        assert Files.exists(EXEC_JAR): "the service jar is built in the package phase: ${EXEC_JAR} is missing"
        Files.createDirectories(LOG_DIRECTORY)
        def port = freePort()
        def log = LOG_DIRECTORY.resolve("${name}.log")
        def command = [Path.of(System.getProperty('java.home'), 'bin', 'java').toString()] + jvmOptions + [
                       '-jar', EXEC_JAR.toString(),
                       "--server.port=${port}", "--security.auth.password=${PASSWORD}",
                       "--cps.embedded-postgres.data-directory=${dataDirectory}"] + arguments
        def process = new ProcessBuilder(command*.toString()).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start()
        new ServiceProcess(name, dataDirectory, port, log, process)
    }

    /** Waits until health answers UP; the seconds that took from now. */
    double awaitUp(int timeoutSeconds) {
        def startNanos = System.nanoTime()
        new PollingConditions(timeout: timeoutSeconds, delay: 0.1).eventually {
            assert process.alive: "${name} exited, see ${log}"
            assert health() == 'UP'
        }
        (System.nanoTime() - startNanos) / 1e9d
    }

    /** UP, DOWN, or NONE when health does not answer within 2 s. */
    String health() {
        try {
            def response = HTTP.send(HttpRequest.newBuilder(uri('/actuator/health')).timeout(Duration.ofSeconds(2))
                .build(), HttpResponse.BodyHandlers.ofString())
            response.body().contains('"status":"UP"') ? 'UP' : response.body().contains('"status":"DOWN"') ? 'DOWN' : 'NONE'
        } catch (IOException noAnswer) {
            'NONE'
        }
    }

    HttpResponse<String> post(String path, String jsonBody) {
        HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
            .header('Authorization', 'Basic ' + "cpsuser:${PASSWORD}".bytes.encodeBase64())
            .header('Content-Type', 'application/json')
            .POST(HttpRequest.BodyPublishers.ofString(jsonBody)).build(), HttpResponse.BodyHandlers.ofString())
    }

    HttpResponse<String> put(String path) {
        HTTP.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
            .header('Authorization', 'Basic ' + "cpsuser:${PASSWORD}".bytes.encodeBase64())
            .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString())
    }

    URI uri(String path) {
        URI.create("http://127.0.0.1:${port}${path}")
    }

    /** The most memory the process has held resident so far (the kernel's VmHWM), in bytes. */
    long peakResidentBytes() {
        def line = Files.readAllLines(Path.of("/proc/${process.pid()}/status")).find { it.startsWith('VmHWM:') }
        (line.replaceAll('[^0-9]', '') as long) * 1024
    }

        void kill() {
        process.destroyForcibly()
        process.waitFor(30, TimeUnit.SECONDS)
    }

    /** SIGTERM, as Ctrl-C or a supervisor stops it; the exit code. */
    int stop() {
        process.destroy()
        assert process.waitFor(60, TimeUnit.SECONDS): "${name} did not stop within 60 s"
        process.exitValue()
    }

    /** Waits for the process to end by itself; its exit code. */
    int awaitExit(int timeoutSeconds) {
        assert process.waitFor(timeoutSeconds, TimeUnit.SECONDS): "${name} still runs after ${timeoutSeconds} s"
        process.exitValue()
    }

    String output() {
        Files.exists(log) ? Files.readString(log) : ''
    }

    /** The PostgreSQL server processes running on the data folder, from the operating system's process table. */
    static List<ProcessHandle> postgresServersOn(Path dataDirectory) {
        ProcessHandle.allProcesses().filter { handle ->
            def commandLine = handle.info().commandLine().orElse('')
            commandLine.contains('bin/postgres ') && commandLine.contains("-D ${dataDirectory} ")
        }.toList()
    }

    /** The running server of the folder: PID and port from its postmaster.pid. */
    static Map postmasterOf(Path dataDirectory) {
        def lines = Files.readAllLines(dataDirectory.resolve('postmaster.pid'))
        [pid: lines[0].trim() as long, port: lines[3].trim() as int]
    }

    static Connection connectTo(Path dataDirectory) {
        DriverManager.getConnection("jdbc:postgresql://127.0.0.1:${postmasterOf(dataDirectory).port}/postgres",
            'postgres', '')
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }
}
