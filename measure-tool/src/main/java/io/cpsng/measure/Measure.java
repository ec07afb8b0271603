package io.cpsng.measure;

import java.io.PrintStream;

/**
 * The measure tool's command line: {@code java -jar measure-tool/target/measure.jar --handles N --batch B
 * --clients C --tags T --dmi-delay MS --parallelism P}. Exits 0 when every handle became READY and no request
 * failed, 1 when not, 2 on wrong options or an unreachable service.
 */
public final class Measure {

    private Measure() {
    }

    public static void main(final String[] arguments) {
        System.exit(run(arguments, System.out, System.err));
    }

    public static int run(final String[] arguments, final PrintStream out, final PrintStream err) {
        if (arguments.length == 1 && ("--help".equals(arguments[0]) || "-h".equals(arguments[0]))) {
            out.print(usage());
            return 0;
        }
        final MeasureOptions options;
        try {
            options = MeasureOptions.parse(arguments, System.getenv());
        } catch (final IllegalArgumentException wrongOption) {
            err.println(wrongOption.getMessage());
            err.print(usage());
            return 2;
        }
        try {
            final MeasureResult result = new MeasureRun(options, out, System.console() != null).run();
            return result.allReady() && result.failedRequests() == 0 ? 0 : 1;
        } catch (final MeasureException failure) {
            err.println("Measure run failed: " + failure.getMessage());
            return 2;
        }
    }

    public static String usage() {
        return """
            Usage: java -jar measure-tool/target/measure.jar [options]
            Registers CM handles with a running service, follows them to READY and reports where the time went.
              --url URL                  the service (http://127.0.0.1:8080)
              --user NAME                Basic-auth user (CPS_USERNAME, or cpsuser)
              --password SECRET          Basic-auth password (CPS_PASSWORD; empty: no authentication)
              --handles N                handles to register (1000)
              --batch B                  handles per registration request (100)
              --clients C                clients sending requests at once (4)
              --tags T                   module set tags, 0 to 5; 0: every handle asks for its own modules (5)
              --dmi-delay MS             latency of the tool's DMI stub for module references (100)
              --dmi-resources-delay MS   latency of the tool's DMI stub for module resources (1000)
              --parallelism P            module-sync parallelism set on the service for the run (as configured)
              --dmi-url URL              use this DMI plugin instead of the tool's own stub
              --dmi-port PORT            port of the tool's own stub (any free one)
              --out DIR                  where trace.csv, progress.csv and timeline.png go (measure-results)
              --prefix TEXT              handle ids are TEXT-1 .. TEXT-N (measure-HHmmss)
              --keep                     leave the handles registered (default: deregister them, timed)
              --timeout-seconds S        how long to wait for READY (600)
              --sample K                 handles drawn in the timeline (40)
            """;
    }
}
