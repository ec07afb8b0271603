package io.cpsng.perf

import groovy.transform.CompileStatic

/** Wall-clock time of the operation under test and nothing else. */
@CompileStatic
class Meter {

    static double secondsFor(Closure<?> operation) {
        final long start = System.nanoTime()
        operation.call()
        (System.nanoTime() - start) / 1e9d
    }

    static double median(List<Double> values) {
        def sorted = values.toSorted()
        def middle = sorted.size().intdiv(2)
        sorted.size() % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2d
    }
}
