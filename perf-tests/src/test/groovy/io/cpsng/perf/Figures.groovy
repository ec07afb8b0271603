package io.cpsng.perf

import groovy.transform.CompileStatic

/** How figures read in the report: thousands separated, a few significant digits, times in s or ms. */
@CompileStatic
class Figures {

    static String number(double value) {
        if (value >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, '%,.0f', value)
        }
        value >= 10 ? String.format(Locale.ROOT, '%.1f', value) : String.format(Locale.ROOT, '%.2f', value)
    }

    static String time(double seconds) {
        if (seconds >= 1) {
            return String.format(Locale.ROOT, '%.2f s', seconds)
        }
        seconds >= 0.001 ? String.format(Locale.ROOT, '%.1f ms', seconds * 1000)
            : String.format(Locale.ROOT, '%.3f ms', seconds * 1000)
    }
}
