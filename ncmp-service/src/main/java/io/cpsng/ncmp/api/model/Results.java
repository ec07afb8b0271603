package io.cpsng.ncmp.api.model;

import java.util.function.Consumer;

/**
 * Results of a search that was validated and not yet run: forEach reads them from the database as it hands them
 * over, so that any number of results passes through a flat heap. Each call of forEach runs the search anew.
 */
@FunctionalInterface
public interface Results<T> {

    void forEach(Consumer<? super T> action);
}
