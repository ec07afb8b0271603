package io.cpsng.deployment

import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.cps.api.CpsDataspaceService
import liquibase.integration.spring.SpringLiquibase
import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.boot.SpringApplication
import org.springframework.boot.context.logging.LoggingApplicationListener
import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.NestedExceptionUtils
import org.springframework.jdbc.core.JdbcTemplate
import spock.lang.Specification
import spock.lang.TempDir

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.BrokenBarrierException
import java.util.concurrent.Callable
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.ExecutionException
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.TimeoutException

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE
import static java.util.concurrent.TimeUnit.MINUTES

/**
 * Two instances started at the same moment on an empty database, the way docker-compose starts
 * ncmp-0 and ncmp-1: both must come up, with the migrations and the NCMP inventory model there once.
 * Each round runs on a database of its own, so every round is a first start.
 */
class ConcurrentFirstStartSpec extends Specification {

    // a Tomcat home each: two Tomcats on port 0 starting in the same JVM at once collided on theirs
    @TempDir
    Path tomcatHomes

    List<ConfigurableApplicationContext> instances = []
    ExecutorService starter = Executors.newFixedThreadPool(2)
    String databaseName

    def cleanup() {
        instances*.close()
        starter.shutdownNow()
        if (databaseName) {
            TestDatabase.dropDatabase(databaseName)
        }
    }

    def 'Two instances starting together on an empty database both start, round #round'() {
        given: 'an empty database of its own'
            databaseName = "first_start_${round}_${System.currentTimeMillis()}"
            def jdbcUrl = TestDatabase.createDatabase(databaseName)
        and: 'a gate that holds each instance just before its migration until the other one is there too'
            def migrationGate = new CyclicBarrier(2)
        when: 'two instances start at once'
            def starts = (1..2).collect { instance ->
                def tomcatHome = Files.createDirectory(tomcatHomes.resolve("instance-${instance}"))
                starter.submit({ startInstance(jdbcUrl, tomcatHome, migrationGate) } as Callable)
            }
            def startFailures = starts.collect { failureOf(it) }.findAll()
            instances = starts.findAll { failureOf(it) == null }*.get()
        then: 'both started'
            startFailures.collect { NestedExceptionUtils.getMostSpecificCause(it).toString() } == []
        and: 'each change set ran once'
            def changeSetIds = jdbcTemplateOf(instances.first()).queryForList('SELECT id FROM databasechangelog', String)
            !changeSetIds.isEmpty()
            changeSetIds.size() == changeSetIds.toSet().size()
        and: 'both instances see the one dataspace of module sets'
            instances.every { instance ->
                instance.getBean(CpsDataspaceService).getDataspaces()*.name().count { it == NFP_OPERATIONAL_DATASPACE } == 1
            }
        and: 'the migration lock was released'
            advisoryLocksHeld(jdbcTemplateOf(instances.first())) == 0
        where:
            round << (1..5)
    }

    static ConfigurableApplicationContext startInstance(String jdbcUrl, Path tomcatHome, CyclicBarrier migrationGate) {
        // command-line arguments, so that they win over application.yml
        def arguments = [
            "--spring.datasource.url=${jdbcUrl}",
            "--spring.datasource.username=${TestDatabase.USERNAME}",
            "--spring.datasource.password=${TestDatabase.PASSWORD}",
            '--spring.datasource.hikari.maximum-pool-size=4',
            '--server.port=0',
            "--server.tomcat.basedir=${tomcatHome}",
            '--security.auth.enabled=false',
            '--ncmp.module-sync.enabled=false',
            "--ncmp.hazelcast.cluster-name=first-start-${UUID.randomUUID()}",
            "--ncmp.hazelcast.port=${freePort()}"]
        def application = new SpringApplication(Application)
        // logging is one per JVM: two applications setting it up at the same moment broke each other's
        application.listeners = application.listeners.findAll { !(it instanceof LoggingApplicationListener) }
        application.addInitializers({ context ->
            context.beanFactory.addBeanPostProcessor(meetingBeforeMigration(migrationGate))
        } as ApplicationContextInitializer)
        application.run(arguments*.toString() as String[])
    }

    /**
     * Added before the application's own post-processors, so it runs first: both instances reach
     * Liquibase together, the moment the race was seen in. An instance that never gets there (it
     * failed earlier) lets the other one go on after a minute.
     */
    static BeanPostProcessor meetingBeforeMigration(CyclicBarrier migrationGate) {
        new BeanPostProcessor() {
            @Override
            Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof SpringLiquibase) {
                    try {
                        migrationGate.await(1, MINUTES)
                    } catch (BrokenBarrierException | TimeoutException otherInstanceNotThere) {
                        // go on alone: the spec then reports how the other one failed
                    }
                }
                bean
            }
        }
    }

    static Throwable failureOf(Future<ConfigurableApplicationContext> start) {
        try {
            start.get(3, MINUTES)
            null
        } catch (ExecutionException failed) {
            failed.cause
        }
    }

    static JdbcTemplate jdbcTemplateOf(ConfigurableApplicationContext instance) {
        instance.getBean(JdbcTemplate)
    }

    static int advisoryLocksHeld(JdbcTemplate jdbcTemplate) {
        jdbcTemplate.queryForObject('''SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND d.datname = current_database()''', Integer)
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }
}
