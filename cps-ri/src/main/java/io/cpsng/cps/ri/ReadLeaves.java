package io.cpsng.cps.ri;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The leaves of a fragment as read: names and values side by side in one array, in the order they were read, and
 * not to be changed. A read holds one per fragment, hundreds of thousands at once: a third of a LinkedHashMap's
 * memory, so a large read leaves the collector less to copy.
 */
final class ReadLeaves extends AbstractMap<String, Object> {

    /** More leaves than this are better in a hash map: a leaf is found by a scan here. */
    static final int MAX_LEAVES = 16;

    private final Object[] namesAndValues;

    /** Takes the array (name, value, name, value...) as it is: the caller hands it over and keeps no reference. */
    ReadLeaves(final Object[] namesAndValues) {
        this.namesAndValues = namesAndValues;
    }

    @Override
    public int size() {
        return namesAndValues.length / 2;
    }

    @Override
    public boolean containsKey(final Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public Object get(final Object name) {
        final int index = indexOf(name);
        return index < 0 ? null : namesAndValues[index + 1];
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return ReadLeaves.this.size();
            }

            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int index;

                    @Override
                    public boolean hasNext() {
                        return index < namesAndValues.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        final Entry<String, Object> entry =
                            new SimpleImmutableEntry<>((String) namesAndValues[index], namesAndValues[index + 1]);
                        index += 2;
                        return entry;
                    }
                };
            }
        };
    }

    private int indexOf(final Object name) {
        for (int index = 0; index < namesAndValues.length; index += 2) {
            if (Objects.equals(namesAndValues[index], name)) {
                return index;
            }
        }
        return -1;
    }
}
