package io.cpsng.ncmp.inventory;

import java.time.Duration;
import java.util.Collection;
import java.util.function.Function;

/** Parameters as this package's statements take them: one array per column, never one parameter per handle. */
final class SqlArrays {

    private SqlArrays() {
    }

    static String[] texts(final Collection<String> values) {
        return values.toArray(String[]::new);
    }

    /** One column of the rows, in their order. */
    static <T> String[] column(final Collection<T> rows, final Function<T, String> value) {
        return rows.stream().map(value).toArray(String[]::new);
    }

    /** A duration as the seconds make_interval takes. */
    static double seconds(final Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
