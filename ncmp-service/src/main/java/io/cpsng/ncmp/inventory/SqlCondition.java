package io.cpsng.ncmp.inventory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A WHERE condition over one row of {@code ncmp_cm_handle h}: SQL text with {@code ?} bind markers and their
 * values in order. Combined conditions are parenthesised, so any of them can be embedded as it is.
 *
 * <p>The text never holds the jsonb {@code ?} operator: JDBC would take it for a bind marker.
 */
record SqlCondition(String sql, List<Object> parameters) {

    static final SqlCondition TRUE = new SqlCondition("true", List.of());
    static final SqlCondition FALSE = new SqlCondition("false", List.of());

    SqlCondition {
        // List.copyOf refuses nulls, and a null bind value would only ever be a bug here
        parameters = List.copyOf(parameters);
    }

    static SqlCondition of(final String sql, final Object... parameters) {
        return new SqlCondition(sql, Arrays.asList(parameters));
    }

    /** All conditions hold; TRUE when there are none, and FALSE as soon as one is FALSE. */
    static SqlCondition and(final List<SqlCondition> conditions) {
        final List<SqlCondition> relevant = conditions.stream().filter(condition -> !TRUE.equals(condition)).toList();
        if (relevant.contains(FALSE)) {
            return FALSE;
        }
        return combine(relevant, " and ", TRUE);
    }

    /** At least one condition holds; FALSE when there are none, and TRUE as soon as one is TRUE. */
    static SqlCondition or(final List<SqlCondition> conditions) {
        final List<SqlCondition> relevant = conditions.stream().filter(condition -> !FALSE.equals(condition)).toList();
        if (relevant.contains(TRUE)) {
            return TRUE;
        }
        return combine(relevant, " or ", FALSE);
    }

    private static SqlCondition combine(final List<SqlCondition> conditions, final String operator,
                                        final SqlCondition whenNone) {
        if (conditions.isEmpty()) {
            return whenNone;
        }
        if (conditions.size() == 1) {
            return conditions.getFirst();
        }
        final List<Object> parameters = new ArrayList<>();
        conditions.forEach(condition -> parameters.addAll(condition.parameters()));
        return new SqlCondition(conditions.stream().map(SqlCondition::sql)
            .collect(Collectors.joining(operator, "(", ")")), parameters);
    }
}
