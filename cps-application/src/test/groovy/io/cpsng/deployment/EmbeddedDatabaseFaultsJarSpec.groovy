package io.cpsng.deployment

import groovy.json.JsonSlurper
import spock.lang.Requires
import spock.lang.Specification
import spock.lang.TempDir
import spock.lang.Timeout
import spock.util.concurrent.PollingConditions

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.Files
import java.nio.file.StandardOpenOption
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * The built jar on its embedded database, faulted as users' machines fault it: the service killed, its database
 * killed, its disk filled, a second service on its folder, and starts that cannot succeed. Run by failsafe after
 * the package phase, since it needs the jar.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EmbeddedDatabaseFaultsJarSpec extends Specification {

    @TempDir
    Path workDirectory

    List<ServiceProcess> services = []
    RegistrationLoad load
    Path mountPoint

    def cleanup() {
        load?.stop()
        services.findAll { it.process.alive }*.stop()
        if (mountPoint) {
            new ProcessBuilder('umount', '-l', mountPoint.toString()).start().waitFor()
        }
    }

    def 'The service killed mid-registration and started again at once comes back with every acknowledged handle'() {
        given: 'the service with four clients registering in batches of 200'
            def dataDirectory = workDirectory.resolve('postgres')
            def first = startService('killed', dataDirectory)
            first.awaitUp(60)
            load = RegistrationLoad.untilUnanswered(first, 'killed', 4)
        and: 'at least 1,600 handles acknowledged'
            load.awaitAcknowledged(1600, 60)
        when: 'the service is killed (SIGKILL) and started again at once on the same folder'
            first.kill()
            load.stop()
            def restarted = startService('restarted', dataDirectory)
            def secondsToUp = restarted.awaitUp(30)
        then: 'it is UP within 30 s'
            secondsToUp < 30
        and: 'it said that it stopped the database the dead service left running'
            restarted.output().contains('left by a service that is gone: stopping it')
        and: 'every acknowledged handle is there, once'
            handlesStored(dataDirectory, load.acknowledged) == load.acknowledged.size()
        and: 'one PostgreSQL runs on the folder'
            ServiceProcess.postgresServersOn(dataDirectory).size() == 1
        and: 'the database is durable: fsync and synchronous_commit are on'
            setting(dataDirectory, 'fsync') == 'on'
            setting(dataDirectory, 'synchronous_commit') == 'on'
        when: 'the service is stopped as Ctrl-C stops it'
            def exitCode = restarted.stop()
        then: 'its database stopped with it'
            ServiceProcess.postgresServersOn(dataDirectory).isEmpty()
            !Files.exists(dataDirectory.resolve('postmaster.pid'))
        and: 'the service exited as a stopped JVM does'
            exitCode in [0, 143]
    }

    def 'The database killed under load: health DOWN within 2 s, 503 JSON at once, then UP by itself'() {
        given: 'the service with four clients registering'
            def dataDirectory = workDirectory.resolve('postgres')
            def service = startService('database-killed', dataDirectory)
            service.awaitUp(60)
            load = RegistrationLoad.untilStopped(service, 'database-killed', 4)
            load.awaitAcknowledged(800, 60)
        when: 'its PostgreSQL server is killed (SIGKILL)'
            def postmaster = ServiceProcess.postmasterOf(dataDirectory)
            def killedAt = System.nanoTime()
            ProcessHandle.of(postmaster.pid).get().destroyForcibly()
        then: 'health answers DOWN within 2 s'
            new PollingConditions(timeout: 2, delay: 0.02).eventually {
                assert service.health() == 'DOWN'
            }
            (System.nanoTime() - killedAt) / 1e9d < 2
        when: 'it is UP again'
            def secondsToUp = service.awaitUp(60)
            load.stop()
        then: 'it came back by itself, on a new server process'
            secondsToUp < 60
            ServiceProcess.postmasterOf(dataDirectory).pid != postmaster.pid
        and: 'requests during the outage were refused with 503 JSON naming the database, the refused ones at once'
            !load.refused.isEmpty()
            load.refused.every { it.status == 503 && json(it.body).message == 'The database is unavailable' }
            median(load.refused*.millis) < 200
        and: 'every acknowledged handle is there'
            handlesStored(dataDirectory, load.acknowledged) == load.acknowledged.size()
        and: 'the service logged the restart'
            service.output().contains('Embedded PostgreSQL stopped unasked')
            service.output().contains('Embedded PostgreSQL runs again')
    }

    @Requires(value = { EmbeddedDatabaseFaultsJarSpec.canMountTmpfs() },
        reason = 'a small file system for the data folder needs tmpfs mounts (root); none here')
    def 'A full disk is named in the answer, nothing hangs, and writes work again once space is freed'() {
        given: 'the data folder on a 200 MB file system'
            mountPoint = workDirectory.resolve('small-disk')
            mountTmpfs(mountPoint, '200m')
            def dataDirectory = mountPoint.resolve('postgres')
            def service = startService('disk-full', dataDirectory)
            service.awaitUp(60)
        and: 'four clients registering'
            load = RegistrationLoad.untilStopped(service, 'disk-full', 4)
            load.awaitAcknowledged(800, 60)
        when: 'the file system is filled'
            def filler = mountPoint.resolve('filler')
            fill(filler)
        then: 'writes are refused with 507 (or 503) JSON saying the disk is full, answered within seconds'
            new PollingConditions(timeout: 60, delay: 0.1).eventually {
                assert load.refused.any { it.status == 507 }
            }
            load.refused.every { it.status in [503, 507] && it.millis < 10_000 }
            json(load.refused.find { it.status == 507 }.body).message == 'The database\'s disk is full'
            json(load.refused.find { it.status == 507 }.body).details.contains('No space left on device')
        and: 'health answers'
            service.health() in ['UP', 'DOWN']
        when: 'the space is freed'
            Files.delete(filler)
            def acknowledgedBefore = load.acknowledged.size()
        then: 'registrations are acknowledged again, without a restart of the service'
            new PollingConditions(timeout: 60, delay: 0.2).eventually {
                assert load.acknowledged.size() > acknowledgedBefore + 800
            }
            service.process.alive
        when: 'the clients stop'
            load.stop()
        then: 'every acknowledged handle is there'
            handlesStored(dataDirectory, load.acknowledged) == load.acknowledged.size()
    }

    def 'A second service on the same folder exits naming the folder and the first, which goes on'() {
        given: 'a service running on the folder'
            def dataDirectory = workDirectory.resolve('postgres')
            def first = startService('first', dataDirectory)
            first.awaitUp(60)
        when: 'a second one is started on it'
            def second = startService('second', dataDirectory)
            def exitCode = second.awaitExit(60)
        then: 'it exits non-zero, saying whose folder it is'
            exitCode != 0
            second.output().contains("The data folder ${dataDirectory} is in use by another running service (PID ${first.process.pid()})")
        and: 'the first one still answers, on the one PostgreSQL of the folder'
            first.health() == 'UP'
            ServiceProcess.postgresServersOn(dataDirectory).size() == 1
    }

    def 'A start that cannot succeed, #scenario, exits non-zero saying what and where'() {
        given: 'the bad case prepared'
            def (Path dataDirectory, List<String> arguments, String expected, Closeable held) = prepare(workDirectory)
        when: 'the service is started'
            def service = startService(scenario.replace(' ', '-'), dataDirectory, arguments)
            def exitCode = service.awaitExit(60)
        then: 'it exited non-zero'
            exitCode != 0
        and: 'the reason is told in the failure report, without a stack trace'
            def output = service.output()
            output.contains(expected)
            !output.contains('\tat io.cpsng.')
        cleanup:
            held?.close()
        where:
            scenario                       | prepare
            'a folder that cannot be made' | { Path work -> def inAFile = Files.writeString(work.resolve('a-file'), '').resolve('postgres')
                                                 [inAFile, [], "The data folder ${inAFile} cannot be written", null] }
            'another PostgreSQL version'   | { Path work -> def folder = Files.createDirectories(work.resolve('postgres'))
                                                 Files.writeString(folder.resolve('PG_VERSION'), '16\n')
                                                 [folder, [], "The data folder ${folder} holds a PostgreSQL 16 database; this service runs PostgreSQL 17", null] }
            'a port taken by another'      | { Path work -> def taken = new ServerSocket(0, 1, InetAddress.getByName('127.0.0.1'))
                                                 def folder = work.resolve('postgres')
                                                 [folder, ["--cps.embedded-postgres.port=${taken.localPort}"], "Embedded PostgreSQL did not start on port ${taken.localPort} with data in ${folder}", taken] }
    }

    ServiceProcess startService(String name, Path dataDirectory, List<String> arguments = []) {
        def service = ServiceProcess.start("${specificationContext.currentFeature.name.take(20).replaceAll('\\W', '_')}-${name}",
            dataDirectory, ['--ncmp.module-sync.enabled=false'] + arguments*.toString())
        services << service
        service
    }

    static int handlesStored(Path dataDirectory, Collection<String> ids) {
        ServiceProcess.connectTo(dataDirectory).withCloseable { connection ->
            def statement = connection.prepareStatement('SELECT count(*) FROM ncmp_cm_handle WHERE id = ANY(?)')
            statement.setArray(1, connection.createArrayOf('text', ids as String[]))
            def resultSet = statement.executeQuery()
            resultSet.next()
            resultSet.getInt(1)
        }
    }

    static String setting(Path dataDirectory, String name) {
        ServiceProcess.connectTo(dataDirectory).withCloseable { connection ->
            def resultSet = connection.createStatement().executeQuery("SHOW ${name}")
            resultSet.next()
            resultSet.getString(1)
        }
    }

    static boolean canMountTmpfs() {
        def probe = Files.createTempDirectory('tmpfs-probe')
        try {
            mountTmpfs(probe, '1m')
            new ProcessBuilder('umount', probe.toString()).start().waitFor()
            return true
        } catch (AssertionError | IOException notAllowed) {
            return false
        } finally {
            Files.deleteIfExists(probe)
        }
    }

    static void mountTmpfs(Path mountPoint, String size) {
        Files.createDirectories(mountPoint)
        def mount = new ProcessBuilder('mount', '-t', 'tmpfs', '-o', "size=${size}", 'tmpfs', mountPoint.toString())
            .redirectErrorStream(true).start()
        def output = mount.inputStream.text
        assert mount.waitFor() == 0: output
    }

    /** Takes all the space the file system has left, while the service writes too: writes until none is left. */
    static void fill(Path filler) {
        def block = ByteBuffer.allocate(1024 * 1024)
        FileChannel.open(filler, StandardOpenOption.CREATE, StandardOpenOption.WRITE).withCloseable { channel ->
            try {
                while (true) {
                    channel.write(block.clear())
                }
            } catch (IOException noSpaceLeft) {
                assert noSpaceLeft.message.contains('No space left on device')
            }
        }
    }

    static Map json(String body) {
        new JsonSlurper().parseText(body) as Map
    }

    static double median(List<Double> values) {
        def sorted = values.sort(false)
        sorted[sorted.size().intdiv(2)]
    }
}
