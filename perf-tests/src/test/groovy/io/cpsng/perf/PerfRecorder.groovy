package io.cpsng.perf

import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.temporal.ChronoUnit

/**
 * Collects the figures of one test JVM: each record is appended to results.csv at once (so a run
 * that dies still leaves its figures), report.md and the charts are written when the run ends
 * ({@link PerfReportExtension}). Writing again later rewrites them from every figure so far.
 */
class PerfRecorder {

    static final File REPORT_DIRECTORY = new File(System.getProperty('perf.report.dir', 'target/perf-report'))
    static final String CSV_HEADER = 'scenario,family,size,seconds,rate,unit,budget,result,heap_mb'

    private static final List<Measurement> measurements = []
    private static OffsetDateTime runStart

    static synchronized void startRun() {
        if (runStart == null) {
            runStart = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)
            REPORT_DIRECTORY.mkdirs()
            csvFile.setText(CSV_HEADER + '\n', 'UTF-8')
        }
    }

    /** Records one figure with the heap in use now; the caller asserts the budget on what it returns. */
    static synchronized Measurement record(String scenario, String family, long size, double seconds, double rate,
                                           String unit, Budget budget) {
        startRun()
        def measurement = new Measurement(scenario, family, size, seconds, rate, unit, budget, heapInUseMb())
        measurements << measurement
        csvFile.append(measurement.csvLine() + '\n', 'UTF-8')
        println "PERF ${measurement}"
        measurement
    }

    static synchronized void finishRun() {
        if (measurements.empty) {
            return
        }
        REPORT_DIRECTORY.mkdirs()
        def chartFiles = PerfCharts.write(measurements, REPORT_DIRECTORY)
        new File(REPORT_DIRECTORY, 'report.md').setText(markdown(chartFiles), 'UTF-8')
    }

    static synchronized List<Measurement> getMeasurements() {
        List.copyOf(measurements)
    }

    private static String markdown(List<String> chartFiles) {
        def budgeted = measurements.findAll { it.budget().set }
        def failed = budgeted.findAll { !it.meetsBudget() }
        def runtime = Runtime.runtime
        def lines = [
            '# Performance report',
            '',
            "Run started ${runStart}; ${runtime.availableProcessors()} cores, Java ${System.getProperty('java.version')}, " +
                "max heap ${runtime.maxMemory().intdiv(1024 * 1024)} MB, " +
                "${System.getProperty('os.name')} ${System.getProperty('os.arch')}.",
            "Command: `./mvnw -B -pl perf-tests verify -Pperf`. Figures: results.csv.",
            '',
            "**${budgeted.size() - failed.size()} of ${budgeted.size()} budgets met**" +
                (failed ? "; missed: ${failed*.scenario.unique().join('; ')}." : '.'),
            '',
            '| scenario | size | time | rate | budget | result |',
            '|---|---:|---:|---:|---|---|']
        lines.addAll(measurements*.markdownRow())
        lines << ''
        chartFiles.each { lines << "![${it}](${it})" }
        lines.join('\n') + '\n'
    }

    private static File getCsvFile() {
        new File(REPORT_DIRECTORY, 'results.csv')
    }

    private static long heapInUseMb() {
        def runtime = Runtime.runtime
        (runtime.totalMemory() - runtime.freeMemory()).intdiv(1024 * 1024)
    }
}
