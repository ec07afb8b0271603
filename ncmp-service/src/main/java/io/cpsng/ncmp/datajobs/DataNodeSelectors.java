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

    private static final Pattern LINE_BREAK = Pattern.compile("\\R");
    private static final String OR = "OR";
    private static final Pattern FDN_SEGMENT = Pattern.compile("/(\\w[\\w-]*)\\[id=[\"']([^\"']*)[\"']]");

    private DataNodeSelectors() {
    }

    /** The selectors, in their order, each once. */
    public static Set<String> split(final String dataNodeSelector) {
        final Set<String> selectors = new LinkedHashSet<>();
        for (final String line : LINE_BREAK.split(dataNodeSelector)) {
            splitAtOr(line, selectors);
        }
        return selectors;
    }

    /**
     * Cuts the line where regex \s+OR\s+ would, in one pass: that regex backtracked through a run of blanks from
     * each of its positions, 16 s of a server thread for a selector holding 40,000 blanks in a row.
     */
    private static void splitAtOr(final String line, final Set<String> selectors) {
        int pieceStart = 0;
        int or = line.indexOf(OR);
        while (or >= 0) {
            final int afterOr = or + OR.length();
            if (or > pieceStart && isBlank(line.charAt(or - 1)) && afterOr < line.length()
                && isBlank(line.charAt(afterOr))) {
                add(line.substring(pieceStart, or), selectors);
                pieceStart = afterOr;
                while (pieceStart < line.length() && isBlank(line.charAt(pieceStart))) {
                    pieceStart++;
                }
            }
            or = line.indexOf(OR, Math.max(afterOr, pieceStart));
        }
        add(line.substring(pieceStart), selectors);
    }

    private static void add(final String piece, final Set<String> selectors) {
        final String selector = piece.trim();
        if (!selector.isEmpty() && !selector.startsWith("&&")) {
            selectors.add(selector);
        }
    }

    /** What regex \s matches. */
    private static boolean isBlank(final char character) {
        return character == ' ' || character == '\t' || character == '\n' || character == '\u000B'
            || character == '\f' || character == '\r';
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
