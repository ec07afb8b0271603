package io.cpsng.perf

import groovy.transform.CompileStatic

/** The limit a figure must meet: a minimum (rates, higher is better) or a maximum (time per operation, ratios). */
@CompileStatic
record Budget(String comparison, Double limit) {

    static final Budget NONE = new Budget(null, null)

    static Budget atLeast(Number limit) {
        new Budget('>=', limit.doubleValue())
    }

    static Budget atMost(Number limit) {
        new Budget('<=', limit.doubleValue())
    }

    boolean isSet() {
        limit != null
    }

    boolean isMetBy(double figure) {
        if (!set) {
            return true
        }
        comparison == '>=' ? figure >= limit : figure <= limit
    }

    String describe(String unit) {
        set ? "${comparison} ${Figures.number(limit)} ${unit}" : ''
    }
}
