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

    String result() {
        budget.set ? (meetsBudget() ? 'PASS' : 'FAIL') : ''
    }

    String csvLine() {
        [quoted(scenario), quoted(family), size, String.format(Locale.ROOT, '%.6f', seconds),
         String.format(Locale.ROOT, '%.3f', rate), quoted(unit), quoted(budget.describe(unit)), result(), heapInUseMb]
            .join(',')
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
