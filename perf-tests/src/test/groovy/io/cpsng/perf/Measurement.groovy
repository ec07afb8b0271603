package io.cpsng.perf

import groovy.transform.CompileStatic

/**
 * One recorded figure: what ran, at which size, how long, at what rate, against which budget.
 * A class, not a record: Groovy gives records a size() method that would hide the size component.
 */
@CompileStatic
final class Measurement {

    final String scenario
    final String family
    final long size
    final double seconds
    final double rate
    final String unit
    final Budget budget
    final long heapInUseMb

    Measurement(String scenario, String family, long size, double seconds, double rate, String unit, Budget budget,
                long heapInUseMb) {
        this.scenario = scenario
        this.family = family
        this.size = size
        this.seconds = seconds
        this.rate = rate
        this.unit = unit
        this.budget = budget
        this.heapInUseMb = heapInUseMb
    }

    boolean meetsBudget() {
        budget.isMetBy(rate)
    }

    /**
     * What a spec asserts of its figure. Budgets are set for one machine, so by default a missed one is a FAIL row
     * in the report and its summary, and the run goes on green; -Dperf.strict=true makes it fail the spec.
     */
    boolean holdsBudget() {
        meetsBudget() || !Boolean.getBoolean('perf.strict')
    }

    String result() {
        budget.set ? (meetsBudget() ? 'PASS' : 'FAIL') : ''
    }

    String csvLine() {
        [quoted(scenario), quoted(family), size, String.format(Locale.ROOT, '%.6f', seconds),
         String.format(Locale.ROOT, '%.3f', rate), quoted(unit), quoted(budget.describe(unit)), result(), heapInUseMb]
            .join(',')
    }

    /** A figure as {@link #csvLine()} wrote it, for a test JVM continuing the report of an earlier one. */
    static Measurement fromCsvLine(String line) {
        def fields = []
        def field = new StringBuilder()
        boolean quoted = false
        for (int index = 0; index < line.length(); index++) {
            char character = line.charAt(index)
            if (quoted && character == ('"' as char) && index + 1 < line.length() && line.charAt(index + 1) == ('"' as char)) {
                field.append('"')
                index++
            } else if (character == ('"' as char)) {
                quoted = !quoted
            } else if (character == (',' as char) && !quoted) {
                fields << field.toString()
                field.setLength(0)
            } else {
                field.append(character)
            }
        }
        fields << field.toString()
        new Measurement(fields[0] as String, fields[1] as String, fields[2] as long, fields[3] as double,
            fields[4] as double, fields[5] as String, budgetOf(fields[6] as String), fields[8] as long)
    }

    private static Budget budgetOf(String described) {
        if (!described) {
            return Budget.NONE
        }
        def words = described.tokenize(' ')
        new Budget(words[0], words[1].replace(',', '') as Double)
    }

    String markdownRow() {
        def shownResult = result() == 'FAIL' ? '**FAIL**' : (result() ?: 'no budget')
        "| ${scenario} | ${Figures.number(size)} | ${Figures.time(seconds)} | ${Figures.number(rate)} ${unit} " +
            "| ${budget.describe(unit)} | ${shownResult} |"
    }

    @Override
    String toString() {
        "${scenario} at ${size}: ${Figures.time(seconds)}, ${Figures.number(rate)} ${unit}" +
            (budget.set ? ", budget ${budget.describe(unit)}: ${result()}" : '')
    }

    private static String quoted(String text) {
        '"' + text.replace('"', '""') + '"'
    }
}
