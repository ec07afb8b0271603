package io.cpsng.demokafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;

/**
 * {@code java -jar demo-kafka.jar [--data-directory data/kafka] [--port 9092]}: one Kafka node in KRaft mode (broker
 * and controller), Apache Kafka's own server from Maven Central, listening on 127.0.0.1, its data kept in the folder
 * (formatted on first start), so that the demo has every Kafka feature without Docker. Not for production: one
 * node, every topic replicated once.
 */
public final class DemoKafka {

    private DemoKafka() {
    }

    public static void main(final String[] args) {
        final Map<String, String> options = options(args);
        final Path dataDirectory = Path.of(options.getOrDefault("--data-directory", "data/kafka")).toAbsolutePath();
        final int port = Integer.parseInt(options.getOrDefault("--port", "9092"));
        final Path serverProperties = writeServerProperties(dataDirectory, port);
        if (!Files.exists(dataDirectory.resolve("logs").resolve("meta.properties"))) {
            final int formatted = StorageTool.execute(new String[] {"format", "-t", Uuid.randomUuid().toString(),
                "-c", serverProperties.toString(), "--standalone"}, System.out);
            if (formatted != 0) {
                System.err.println("The Kafka data folder " + dataDirectory + " could not be formatted");
                System.exit(formatted);
            }
        }
        System.out.println("Kafka starting on 127.0.0.1:" + port + " with data in " + dataDirectory);
        kafka.Kafka.main(new String[] {serverProperties.toString()});
    }

    /** The one node's configuration, written on every start so that a changed port applies. */
    static Path writeServerProperties(final Path dataDirectory, final int port) {
        final Map<String, String> properties = new LinkedHashMap<>();
        properties.put("process.roles", "broker,controller");
        properties.put("node.id", "1");
        properties.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + (port + 1));
        properties.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        properties.put("controller.listener.names", "CONTROLLER");
        properties.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        properties.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + (port + 1));
        properties.put("log.dirs", dataDirectory.resolve("logs").toString());
        properties.put("num.partitions", "8");
        // one node: every internal topic (offsets, transactions) has its one replica here
        properties.put("offsets.topic.replication.factor", "1");
        properties.put("transaction.state.log.replication.factor", "1");
        properties.put("transaction.state.log.min.isr", "1");
        properties.put("share.coordinator.state.topic.replication.factor", "1");
        properties.put("share.coordinator.state.topic.min.isr", "1");
        properties.put("group.initial.rebalance.delay.ms", "0");
        try {
            Files.createDirectories(dataDirectory);
            final Path file = dataDirectory.resolve("server.properties");
            Files.writeString(file, properties.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining(System.lineSeparator(), "", System.lineSeparator())));
            return file;
        } catch (final IOException writeFailure) {
            throw new UncheckedIOException("The Kafka data folder " + dataDirectory + " cannot be written", writeFailure);
        }
    }

    private static Map<String, String> options(final String[] args) {
        final Map<String, String> options = new LinkedHashMap<>();
        for (int index = 0; index < args.length; index++) {
            final String[] flagAndValue = args[index].split("=", 2);
            if (flagAndValue.length == 2) {
                options.put(flagAndValue[0], flagAndValue[1]);
            } else if (index + 1 < args.length) {
                options.put(flagAndValue[0], args[++index]);
            } else {
                throw new IllegalArgumentException("No value for " + args[index]);
            }
        }
        return options;
    }
}
