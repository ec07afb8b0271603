package io.cpsng.ncmp.datajobs;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A data job's dataNodeSelector as the reference reads it, for read jobs and subscriptions alike: selectors one a
 * line or joined by OR, blank lines and lines starting with "&&" left out, each once; a selector's leading
 * /Class[id="value"] steps name the FDN /Class=value that routes it.
 */
public final class DataNodeSelectors {

    private static final Pattern SELECTOR_SEPARATOR = Pattern.compile("\\R|\\s+OR\\s+");
    private static final Pattern FDN_SEGMENT = Pattern.compile("/(\\w[\\w-]*)\\[id=[\"']([^\"']*)[\"']]");

    private DataNodeSelectors() {
    }

    /** The selectors, in their order, each once. */
    public static Set<String> split(final String dataNodeSelector) {
        final Set<String> selectors = new LinkedHashSet<>();
        for (final String line : SELECTOR_SEPARATOR.split(dataNodeSelector)) {
            final String selector = line.trim();
            if (!selector.isEmpty() && !selector.startsWith("&&")) {
                selectors.add(selector);
            }
        }
        return selectors;
    }

    /** The FDN of the selector's leading /Class[id="value"] segments: /Class=value/...; empty if it has none. */
    public static Optional<String> fdnOf(final String selector) {
        final StringBuilder fdn = new StringBuilder();
        // each segment where the last one ended: lookingAt tries there only, find searched the rest of the text
        final Matcher segment = FDN_SEGMENT.matcher(selector);
        while (segment.lookingAt()) {
            fdn.append('/').append(segment.group(1)).append('=').append(segment.group(2));
            segment.region(segment.end(), selector.length());
        }
        return fdn.isEmpty() ? Optional.empty() : Optional.of(fdn.toString());
    }
}
