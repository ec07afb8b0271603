package io.cpsng.dmistub;

import java.util.Map;

/** {@code java -jar dmi-stub.jar [--port 8783] [--modules-delay-ms=200] ...}: the stub as a process, without Docker. */
public final class DmiStubLauncher {

    private static final String PORT_FLAG = "--port";
    private static final String PORT_VARIABLE = "DMI_STUB_PORT";

    private DmiStubLauncher() {
    }

    public static void main(final String[] args) {
        if (args.length > 0 && ("--help".equals(args[0]) || "-h".equals(args[0]))) {
            System.out.print(usage());
            return;
        }
        final DmiStub dmiStub;
        try {
            dmiStub = start(args, System.getenv());
        } catch (final IllegalArgumentException badOption) {
            System.err.println(badOption.getMessage());
            System.err.print(usage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(dmiStub::stop, "dmi-stub-shutdown"));
        System.out.println("DMI stub listening on " + dmiStub.baseUrl() + " with " + dmiStub.settings());
    }

    /** Starts the stub with the environment's settings, overridden by the options ("--flag=value" or "--flag value"). */
    static DmiStub start(final String[] args, final Map<String, String> environment) {
        int port = environment.containsKey(PORT_VARIABLE)
            ? parsePort(environment.get(PORT_VARIABLE)) : DmiStub.DEFAULT_PORT;
        DmiStubSettings settings = DmiStubSettings.fromEnvironment(environment);
        DmiStubKafka kafka = DmiStubKafka.fromEnvironment(environment);
        for (int index = 0; index < args.length; index++) {
            final String[] flagAndValue = args[index].split("=", 2);
            final String flag = flagAndValue[0];
            final String value;
            if (flagAndValue.length == 2) {
                value = flagAndValue[1];
            } else if (index + 1 < args.length) {
                value = args[++index];
            } else {
                throw new IllegalArgumentException("No value for " + flag);
            }
            if (PORT_FLAG.equals(flag)) {
                port = parsePort(value);
            } else if (DmiStubKafka.isFlag(flag)) {
                kafka = kafka.withFlag(flag, value);
            } else {
                settings = settings.withFlag(flag, value);
            }
        }
        return DmiStub.start(port, settings, kafka);
    }

    private static int parsePort(final String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException(PORT_FLAG + " (" + PORT_VARIABLE + ") is not a number: " + value,
                notANumber);
        }
    }

    private static String usage() {
        return String.format("Usage: java -jar dmi-stub.jar [options]; each option also as an environment variable%n"
            + "  %-26s %-30s %s%n", PORT_FLAG + "=N", PORT_VARIABLE, "port, " + DmiStub.DEFAULT_PORT + " by default")
            + DmiStubSettings.usage() + DmiStubKafka.usage();
    }
}
