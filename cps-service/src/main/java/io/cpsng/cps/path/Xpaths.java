package io.cpsng.cps.path;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The canonical xpath form every stored fragment uses: "/" + steps joined by "/", a list entry's
 * step followed by its keys in YANG key order, [@k1='v1' and @k2='v2']. Values are quoted with '
 * unless they contain it (then with "), and a quote of the chosen kind inside is doubled.
 */
public final class Xpaths {

    /** The longest xpath a data node may have: PostgreSQL's b-tree entry of an xpath holds at most 2,704 bytes. */
    public static final int MOST_BYTES = 2_500;

    public static final String ROOT = "/";

    private Xpaths() {
    }

    public static boolean isRoot(final String xpath) {
        return xpath == null || xpath.isEmpty() || ROOT.equals(xpath);
    }

    public static String childXpath(final String parentXpath, final String childName) {
        return isRoot(parentXpath) ? "/" + childName : parentXpath + "/" + childName;
    }

    public static String listEntryXpath(final String parentXpath, final String listName,
                                        final Map<String, ?> keyValues) {
        return childXpath(parentXpath, listName) + keyPredicate(keyValues);
    }

    public static String keyPredicate(final Map<String, ?> keyValues) {
        return keyValues.entrySet().stream()
            .map(keyValue -> "@" + keyValue.getKey() + "=" + quote(String.valueOf(keyValue.getValue())))
            .collect(Collectors.joining(" and ", "[", "]"));
    }

    public static String quote(final String value) {
        if (value.indexOf('\'') < 0) {
            return "'" + value + "'";
        }
        if (value.indexOf('"') < 0) {
            return '"' + value + '"';
        }
        return "'" + value.replace("'", "''") + "'";
    }

    /** The xpath without key predicates: the same for every entry of a list. */
    public static String schemaPath(final String xpath) {
        final StringBuilder schemaPath = new StringBuilder(xpath.length());
        final Scanner scanner = new Scanner(xpath);
        while (scanner.hasNext()) {
            final char character = scanner.next();
            if (scanner.depth() == 0 && character != ']') {
                schemaPath.append(character);
            }
        }
        return schemaPath.toString();
    }

    /** The parent's xpath, "/" for a top-level node. */
    public static String parentXpath(final String xpath) {
        final int lastSeparator = lastStepStart(xpath) - 1;
        return lastSeparator <= 0 ? ROOT : xpath.substring(0, lastSeparator);
    }

    /** The last step with its predicate, e.g. "books[@title='x']". */
    public static String lastStep(final String xpath) {
        return xpath.substring(lastStepStart(xpath));
    }

    /** The name of the last step, without predicate. */
    public static String lastStepName(final String xpath) {
        final String lastStep = lastStep(xpath);
        final int predicateStart = lastStep.indexOf('[');
        return predicateStart < 0 ? lastStep : lastStep.substring(0, predicateStart);
    }

    /** The names of all steps, without predicates. */
    public static List<String> stepNames(final String xpath) {
        final List<String> stepNames = new ArrayList<>();
        for (final String step : schemaPath(xpath).split("/")) {
            if (!step.isEmpty()) {
                stepNames.add(step);
            }
        }
        return stepNames;
    }

    public static boolean isListEntry(final String xpath) {
        return xpath.endsWith("]");
    }

    private static int lastStepStart(final String xpath) {
        int lastSeparator = -1;
        final Scanner scanner = new Scanner(xpath);
        while (scanner.hasNext()) {
            final char character = scanner.next();
            if (character == '/' && scanner.depth() == 0 && !scanner.inQuotes()) {
                lastSeparator = scanner.position() - 1;
            }
        }
        return lastSeparator + 1;
    }

    /** Walks an xpath tracking predicate depth and quoted values, so '/' or ']' inside values are data. */
    private static final class Scanner {
        private final String text;
        private int position;
        private int depth;
        private char quote;

        Scanner(final String text) {
            this.text = text;
        }

        boolean hasNext() {
            return position < text.length();
        }

        char next() {
            final char character = text.charAt(position++);
            if (quote != 0) {
                if (character == quote) {
                    quote = 0;
                }
            } else if (depth > 0 && (character == '\'' || character == '"')) {
                quote = character;
            } else if (character == '[') {
                depth++;
            } else if (character == ']') {
                depth--;
            }
            return character;
        }

        int position() {
            return position;
        }

        int depth() {
            return depth;
        }

        boolean inQuotes() {
            return quote != 0;
        }
    }
}
