package io.cpsng

import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext

/**
 * The application as a spec of the event paths starts it: on a free port, authentication off, module sync and
 * health checks off unless the spec's settings say otherwise, on the shared database and the real broker, its
 * lifecycle and inventory topics the run's own so that specs do not read each other's events.
 */
class KafkaInstance {

    static ConfigurableApplicationContext start(String run, List<String> settings) {
        def defaults = ['--spring.datasource.hikari.maximum-pool-size=5', '--server.port=0',
                        '--security.auth.enabled=false', '--ncmp.module-sync.enabled=false',
                        '--ncmp.dmi.health-check-interval=0s',
                        "--spring.kafka.bootstrap-servers=${TestKafka.BOOTSTRAP_SERVERS}",
                        "--ncmp.lcm-events.topic=lcm-${run}", "--ncmp.lcm-events.inventory-events-topic=inventory-${run}"]
        // a setting given twice on the command line would be both values joined: the spec's replaces the default
        def named = settings.collect { nameOf(it) } as Set
        def arguments = TestDatabase.applicationArguments() + defaults.findAll { !(nameOf(it) in named) } + settings
        new SpringApplicationBuilder(Application).run(arguments*.toString() as String[])
    }

    private static String nameOf(CharSequence argument) {
        argument.toString().split('=')[0]
    }

    static int portOf(ConfigurableApplicationContext instance) {
        instance.environment.getProperty('local.server.port') as int
    }
}
