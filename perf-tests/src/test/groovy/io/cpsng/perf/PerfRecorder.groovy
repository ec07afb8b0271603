package io.cpsng.perf

import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.temporal.ChronoUnit

/**
 * Collects the figures of one test JVM: each record is appended to results.csv at once (so a run
 * that dies still leaves its figures), report.md and the charts are written when the run ends
 * ({@link PerfReportExtension}). Writing again later rewrites them from every figure so far. A test JVM
 * started with perf.report.continue=true (a later failsafe execution of the same run, with another heap)
 * adds its figures to those already in results.csv instead of starting a new report.
 */
class PerfRecorder {

    static final File REPORT_DIRECTORY = new File(System.getProperty('perf.report.dir', 'target/perf-report'))
    static final String CSV_HEADER = 'scenario,family,size,seconds,rate,unit,budget,result,heap_mb'

    private static final List<Measurement> measurements = []
    private static OffsetDateTime runStart
    private static String loadAverageAtStart

    static synchronized void startRun() {
        if (runStart == null) {
            runStart = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)
            loadAverageAtStart = loadAverage()
            REPORT_DIRECTORY.mkdirs()
            if (Boolean.getBoolean('perf.report.continue') && csvFile.exists()) {
                csvFile.readLines('UTF-8').drop(1).each { measurements << Measurement.fromCsvLine(it) }
                return
            }
            // a run that records fewer families must not leave an earlier run's charts next to its report
            REPORT_DIRECTORY.listFiles().findAll { it.name.endsWith('.png') || it.name == 'report.md' }*.delete()
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
        println "PERF report ${new File(REPORT_DIRECTORY, 'report.md')}"
        budgetSummary().each { println "PERF ${it}" }
    }

    /** The budgets met, and a line for each one missed: the report's summary, printed at the end too. */
    private static List<String> budgetSummary() {
        def budgeted = measurements.findAll { it.budget.set }
        def failed = budgeted.findAll { !it.meetsBudget() }
        def lines = ["**${budgeted.size() - failed.size()} of ${budgeted.size()} budgets met.**".toString() +
                         (failed ? ' Missed (they fail the build only with `-Dperf.strict=true`):' : '')]
        failed.each {
            lines << "- ${it.scenario}, size ${it.size}: ${Figures.number(it.rate)} ${it.unit}, budget ${it.budget.describe(it.unit)}".toString()
        }
        lines
    }

    private static String markdown(List<String> chartFiles) {
        def runtime = Runtime.runtime
        def lines = [
            '# Performance report',
            '',
            "Run started ${runStart}; ${runtime.availableProcessors()} cores, Java ${System.getProperty('java.version')}, " +
                "max heap ${runtime.maxMemory().intdiv(1024 * 1024)} MB in the JVM that wrote this report " +
                "(store specs run at 512 MB, NCMP specs at 1 GB: perf-tests/pom.xml), " +
                "${System.getProperty('os.name')} ${System.getProperty('os.arch')}; " +
                "load average (1, 5, 15 min) ${loadAverageAtStart} at the start, ${loadAverage()} at the end.",
            "Command: `./mvnw -B -pl perf-tests verify -Pperf`. Figures: results.csv.",
            '']
        lines.addAll(budgetSummary())
        lines.addAll([
            '',
            '| scenario | size | time | rate | budget | result |',
            '|---|---:|---:|---:|---|---|'])
        lines.addAll(measurements*.markdownRow())
        lines << ''
        chartFiles.each { lines << "![${it}](${it})" }
        lines.join('\n') + '\n'
    }

    /** Other work on the machine skews every figure: the report says how busy it was. */
    private static String loadAverage() {
        def loadAverageFile = new File('/proc/loadavg')
        loadAverageFile.exists() ? loadAverageFile.text.tokenize()[0..2].join(' ') : 'unknown'
    }

    private static File getCsvFile() {
        new File(REPORT_DIRECTORY, 'results.csv')
    }

    private static long heapInUseMb() {
        def runtime = Runtime.runtime
        (runtime.totalMemory() - runtime.freeMemory()).intdiv(1024 * 1024)
    }
}
