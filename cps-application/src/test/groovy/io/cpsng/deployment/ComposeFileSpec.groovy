package io.cpsng.deployment

import io.cpsng.config.AuthProperties
import io.cpsng.database.EmbeddedPostgresServer
import io.cpsng.dmistub.DmiStubKafka
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.cache.HazelcastProperties
import io.cpsng.ncmp.datajobs.subscription.SubscriptionProperties
import io.cpsng.ncmp.dmi.DmiProperties
import org.springframework.boot.context.properties.ConfigurationProperties
import org.yaml.snakeyaml.Yaml
import spock.lang.Requires
import spock.lang.Shared
import spock.lang.Specification

import java.nio.file.Files
import java.nio.file.Path

/**
 * There is no Docker engine here to bring the stack up, so this checks that docker-compose.yml
 * agrees with the code and the repository: services, mounts, ports and environment names.
 */
class ComposeFileSpec extends Specification {

    static final Path PROJECT_ROOT = Path.of('..').toAbsolutePath().normalize()
    static final List<Class> PROPERTY_RECORDS = [HazelcastProperties, AuthProperties, DmiProperties, SubscriptionProperties]
    static final Set<String> SPRING_ENVIRONMENT = ['SERVER_ADDRESS', 'SERVER_PORT', 'SPRING_DATASOURCE_URL',
        'SPRING_DATASOURCE_USERNAME', 'SPRING_DATASOURCE_PASSWORD', 'SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE',
        'SPRING_KAFKA_BOOTSTRAP_SERVERS'] as Set

    @Shared
    Map compose = new Yaml().load(Files.readString(PROJECT_ROOT.resolve('docker-compose.yml')))

    @Shared
    Map services = compose.services

    def 'The stack has the database, two instances, Kafka, the DMI stub and the load balancer, plus monitoring'() {
        expect: 'the services named in the issues'
            services.keySet().containsAll(['postgres', 'ncmp-0', 'ncmp-1', 'kafka', 'dmi-stub', 'nginx', 'prometheus', 'grafana'])
        and: 'monitoring only with its profile'
            services.prometheus.profiles == ['monitoring']
            services.grafana.profiles == ['monitoring']
    }

    def 'The stack\'s database sorts text as the embedded one does'() {
        expect: 'its initdb arguments are those the embedded database is made with'
            services.postgres.environment.POSTGRES_INITDB_ARGS.split(' ') as List ==
                EmbeddedPostgresServer.CODE_POINT_COLLATION
    }

    def 'Every service a service depends on exists'() {
        expect: 'each depends_on names a service of the file'
            services.each { name, service ->
                def dependencies = service.depends_on instanceof Map ? service.depends_on.keySet() : (service.depends_on ?: [])
                assert services.keySet().containsAll(dependencies): "${name} depends on a missing service"
            }
    }

    def 'Both instances come from one template and form one Hazelcast cluster'() {
        expect: 'the same image, command and environment'
            services['ncmp-0'].image == services['ncmp-1'].image
            services['ncmp-0'].command == services['ncmp-1'].command
            services['ncmp-0'].environment == services['ncmp-1'].environment
        and: 'the member list names both by their host names'
            services['ncmp-0'].environment.NCMP_HAZELCAST_MEMBERS.split(',') as Set ==
                [services['ncmp-0'].hostname, services['ncmp-1'].hostname] as Set
        and: 'readiness is the health check the others wait for'
            services['ncmp-0'].healthcheck.test.join(' ').contains('/actuator/health/readiness')
            services.nginx.depends_on['ncmp-0'].condition == 'service_healthy'
    }

    def 'An instance out of memory exits and is started again'() {
        expect: 'the JVM exits on OutOfMemoryError'
            services['ncmp-0'].command.contains('-XX:+ExitOnOutOfMemoryError')
        and: 'the flag comes before -jar, where the JVM reads it'
            services['ncmp-0'].command.indexOf('-XX:+ExitOnOutOfMemoryError') < services['ncmp-0'].command.indexOf('-jar')
        and: 'compose restarts an instance that exited'
            services['ncmp-0'].restart == 'unless-stopped'
    }

    def 'The instances start as demo.sh starts the service: the jar extracted by its script, its class archive options'() {
        given: 'the java options scripts/startup-cache.sh prints for demo.sh'
            def script = Files.readString(PROJECT_ROOT.resolve('scripts/startup-cache.sh'))
            def printedOptions = (script.readLines().find { it.startsWith('printf') } =~ /-XX:[^\s=]+/)*.toString()
        expect: 'the script prints the archive options'
            printedOptions == ['-XX:+AutoCreateSharedArchive', '-XX:SharedArchiveFile']
        and: 'the instances pass the same, before -jar, the archive in a volume of each instance\'s own'
            def command = services['ncmp-0'].command
            printedOptions.every { option -> command.findIndexOf { it.startsWith(option) } in 0..<command.indexOf('-jar') }
            def archiveFolder = command.find { it.startsWith('-XX:SharedArchiveFile=') }.split('=')[1].replaceAll('/[^/]+$', '')
            ['ncmp-0', 'ncmp-1'].collect { name -> services[name].volumes.find { it.endsWith(":${archiveFolder}") } }
                .with { it.every() && it.toSet().size() == 2 }
        and: 'the jar they start is the one the script extracted into the volume they share'
            def extractor = services['ncmp-app']
            extractor.command[0..1] == ['bash', '/scripts/startup-cache.sh']
            def (jar, extractedInto) = extractor.command[2..3]
            command[command.indexOf('-jar') + 1] == "${extractedInto}/app/${jar.split('/').last()}".toString()
            services['ncmp-0'].volumes.contains(extractor.volumes.find { it.endsWith(":${extractedInto}") } + ':ro')
            services['ncmp-0'].depends_on['ncmp-app'].condition == 'service_completed_successfully'
    }

    def 'Every environment name of the instances is a setting the service reads'() {
        expect: 'each name is a Spring setting we use or binds to one of our configuration records'
            services['ncmp-0'].environment.keySet().each { name ->
                assert name in SPRING_ENVIRONMENT || bindsToPropertyRecord(name): "${name} is read by nothing"
            }
    }

    def 'Every DMI stub variable of the compose file changes a stub setting'() {
        expect: 'each DMI_STUB_ variable, given a non-default value, gives other settings than the defaults'
            services['dmi-stub'].environment.keySet().each { name ->
                def value = name.endsWith('RATE') ? '0.5' : '7'
                assert DmiStubSettings.fromEnvironment([(name): value]) != DmiStubSettings.DEFAULTS ||
                    DmiStubKafka.fromEnvironment([(name): value]) != DmiStubKafka.NONE: "${name} is read by nothing"
            }
    }

    def 'Mounted files and folders exist in the repository or are built by Maven'() {
        expect: 'each bind mount source exists, or is a jar the build makes'
            services.each { name, service ->
                service.volumes?.findAll { it.startsWith('./') }?.each { volume ->
                    def source = volume.split(':')[0]
                    assert Files.exists(PROJECT_ROOT.resolve(source)) || builtJars().contains(source): "${name} mounts ${source}"
                }
            }
    }

    def 'The instances send lifecycle events to the compose Kafka, a single KRaft node they wait for'() {
        given: 'the broker\'s settings'
            def kafka = services.kafka.environment
        expect: 'the official image, broker and controller in one node'
            services.kafka.image.startsWith('apache/kafka:')
            kafka.KAFKA_PROCESS_ROLES == 'broker,controller'
            kafka.KAFKA_CONTROLLER_QUORUM_VOTERS == "${kafka.KAFKA_NODE_ID}@kafka:9093".toString()
        and: 'the instances reach it where it says it is'
            kafka.KAFKA_ADVERTISED_LISTENERS == 'PLAINTEXT://' + services['ncmp-0'].environment.SPRING_KAFKA_BOOTSTRAP_SERVERS
            kafka.KAFKA_LISTENERS.contains('PLAINTEXT://:9092')
        and: 'one node can hold the internal topics'
            kafka.KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR == '1'
        and: 'the instances start once it is healthy'
            services['ncmp-0'].depends_on.kafka.condition == 'service_healthy'
            services.kafka.healthcheck.test.join(' ').contains('localhost:9092')
        and: 'its data is kept in a named volume'
            compose.volumes.containsKey('kafka-data')
    }

    def 'Ports agree with the code'() {
        expect: 'nginx publishes 8080 and forwards to the instances on their server port'
            services.nginx.ports == ['8080:8080']
            def nginxConf = Files.readString(PROJECT_ROOT.resolve('docker/nginx/nginx.conf'))
            def serverPort = services['ncmp-0'].environment.SERVER_PORT
            nginxConf.contains("server ncmp-0:${serverPort};") && nginxConf.contains("server ncmp-1:${serverPort};")
            nginxConf.contains('least_conn;')
        and: 'the DMI stub listens where the launcher listens by default'
            services['dmi-stub'].command.join(' ').contains('--port 8783')
            services['dmi-stub'].ports == ['8783:8783']
        and: 'Prometheus scrapes the instances on their server port'
            def prometheus = new Yaml().load(Files.readString(PROJECT_ROOT.resolve('docker/prometheus/prometheus.yml')))
            prometheus.scrape_configs[0].static_configs[0].targets == ["ncmp-0:${serverPort}", "ncmp-1:${serverPort}"]*.toString()
    }

    // runs where the docker compose plugin is installed; these machines have only the docker client
    @Requires({ ComposeFileSpec.dockerComposeAvailable() })
    def 'docker compose accepts the file'() {
        expect: 'docker compose config exits 0'
            def process = new ProcessBuilder('docker', 'compose', '-f', 'docker-compose.yml', 'config', '-q')
                .directory(PROJECT_ROOT.toFile()).redirectErrorStream(true)
            process.environment().put('CPS_PASSWORD', 'any')
            process.start().waitFor() == 0
    }

    static boolean dockerComposeAvailable() {
        try {
            return new ProcessBuilder('docker', 'compose', 'version').start().waitFor() == 0
        } catch (IOException noDocker) {
            return false
        }
    }

    /** The jars the compose file mounts, as the poms name them. */
    static Set<String> builtJars() {
        def applicationPom = Files.readString(PROJECT_ROOT.resolve('cps-application/pom.xml'))
        def dmiStubPom = Files.readString(PROJECT_ROOT.resolve('dmi-stub/pom.xml'))
        def jars = [] as Set
        if (applicationPom.contains('<finalName>cps-application</finalName>') && applicationPom.contains('<classifier>exec</classifier>')) {
            jars << './cps-application/target/cps-application-exec.jar'
        }
        if (dmiStubPom.contains('dmi-stub-extension')) {
            jars << './dmi-stub/target/dmi-stub-extension.jar'
        }
        if (dmiStubPom.contains('<outputFile>${project.build.directory}/dmi-stub.jar</outputFile>')) {
            jars << './dmi-stub/target/dmi-stub.jar'
        }
        jars
    }

    /** NCMP_HAZELCAST_MEMBERS binds to ncmp.hazelcast.members, a component of a record of ours. */
    static boolean bindsToPropertyRecord(String environmentName) {
        PROPERTY_RECORDS.any { record ->
            def prefix = record.getAnnotation(ConfigurationProperties).value().replaceAll('[.-]', '_').toUpperCase()
            environmentName.startsWith(prefix + '_') && record.recordComponents*.name*.toUpperCase()
                .contains(environmentName.substring(prefix.length() + 1).replace('_', ''))
        }
    }
}
