package io.cpsng.cps.ri;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Reads the text PostgreSQL writes for a jsonb value, in UTF-8 as the driver hands it over, into the values a JSON
 * mapper binds it to (LinkedHashMap, ArrayList, String, Boolean, null; the smallest of Integer, Long and BigInteger
 * that holds an integer; BigDecimal for any other number, so decimal64 keeps its digits), a fragment's own leaves as
 * {@link ReadLeaves}. A read decodes one such text per fragment, hundreds of thousands a second: with a streaming
 * JSON parser, setting the parser up for each took a fifth of the decoding and its token loop most of the rest.
 * Any JSON is read (whitespace anywhere); malformed text is refused with an IllegalStateException saying where
 * (a number with leading zeros is taken, where JSON has none: PostgreSQL writes numbers plain).
 */
final class JsonbText {

    // leaf names recur in every fragment of a kind: one String each, shared by every read (a slot may be taken over
    // by another name, whose String is as good; Strings are immutable, so a thread seeing another's is safe)
    private static final int NAME_SLOTS = 4096;
    private static final String[] NAMES = new String[NAME_SLOTS];
    private static final int MAX_CACHED_NAME = 64;
    private static final int MAX_LONG_DIGITS = 18;

    private final byte[] text;
    private int position;

    private JsonbText(final byte[] text) {
        this.text = text;
    }

    /** The leaves of an object text. */
    static Map<String, Object> leaves(final byte[] text) {
        final JsonbText reader = new JsonbText(text);
        if (reader.nextNonSpace() != '{') {
            throw reader.refused("not a JSON object");
        }
        final Map<String, Object> leaves = reader.leavesAfterBrace();
        reader.requireEnd();
        return leaves;
    }

    /** The value of any JSON text. */
    static Object value(final byte[] text) {
        final JsonbText reader = new JsonbText(text);
        final Object value = reader.value(reader.nextNonSpace());
        reader.requireEnd();
        return value;
    }

    private Map<String, Object> leavesAfterBrace() {
        final List<Object> namesAndValues = new ArrayList<>(16);
        readMembers((name, value) -> {
            namesAndValues.add(name);
            namesAndValues.add(value);
        });
        if (namesAndValues.size() / 2 > ReadLeaves.MAX_LEAVES) {
            final Map<String, Object> leaves = new LinkedHashMap<>();
            for (int index = 0; index < namesAndValues.size(); index += 2) {
                leaves.put((String) namesAndValues.get(index), namesAndValues.get(index + 1));
            }
            return leaves;
        }
        return new ReadLeaves(namesAndValues.toArray());
    }

    private Map<String, Object> objectAfterBrace() {
        final Map<String, Object> object = new LinkedHashMap<>();
        readMembers(object::put);
        return object;
    }

    private void readMembers(final BiConsumer<String, Object> members) {
        int next = nextNonSpace();
        if (next == '}') {
            return;
        }
        while (true) {
            if (next != '"') {
                throw refused("a member name expected");
            }
            final String name = name();
            if (nextNonSpace() != ':') {
                throw refused("':' expected");
            }
            members.accept(name, value(nextNonSpace()));
            next = nextNonSpace();
            if (next == '}') {
                return;
            }
            if (next != ',') {
                throw refused("',' or '}' expected");
            }
            next = nextNonSpace();
        }
    }

    private List<Object> arrayAfterBracket() {
        final List<Object> array = new ArrayList<>();
        int next = nextNonSpace();
        if (next == ']') {
            return array;
        }
        while (true) {
            array.add(value(next));
            next = nextNonSpace();
            if (next == ']') {
                return array;
            }
            if (next != ',') {
                throw refused("',' or ']' expected");
            }
            next = nextNonSpace();
        }
    }

    /** The value starting with the byte just read. */
    private Object value(final int first) {
        return switch (first) {
            case '"' -> string();
            case '{' -> objectAfterBrace();
            case '[' -> arrayAfterBracket();
            case 't' -> literal("rue", Boolean.TRUE);
            case 'f' -> literal("alse", Boolean.FALSE);
            case 'n' -> literal("ull", null);
            default -> {
                if (first == '-' || first >= '0' && first <= '9') {
                    yield number();
                }
                throw refused("a value expected");
            }
        };
    }

    private Object literal(final String rest, final Object value) {
        for (int index = 0; index < rest.length(); index++) {
            if (position >= text.length || text[position++] != rest.charAt(index)) {
                throw refused("a literal misspelt");
            }
        }
        return value;
    }

    private Object number() {
        final int start = position - 1;
        boolean integer = true;
        while (position < text.length) {
            final byte current = text[position];
            if (current >= '0' && current <= '9' || current == '-' || current == '+') {
                position++;
            } else if (current == '.' || current == 'e' || current == 'E') {
                integer = false;
                position++;
            } else {
                break;
            }
        }
        final String digits = new String(text, start, position - start, StandardCharsets.ISO_8859_1);
        try {
            if (!integer) {
                return new BigDecimal(digits);
            }
            final int length = digits.charAt(0) == '-' ? digits.length() - 1 : digits.length();
            if (length <= MAX_LONG_DIGITS) {
                final long value = Long.parseLong(digits);
                if (value == (int) value) {
                    return (int) value;
                }
                return value;
            }
            final BigInteger value = new BigInteger(digits);
            if (value.bitLength() < Long.SIZE) {
                return value.longValue();
            }
            return value;
        } catch (final NumberFormatException notANumber) {
            throw refused("not a number: " + digits);
        }
    }

    /** A member name after its opening quote, the one String kept for it where it is short and plain. */
    private String name() {
        final int start = position;
        int hash = 0;
        while (position < text.length) {
            final byte current = text[position];
            if (current == '"') {
                final int length = position - start;
                position++;
                return length <= MAX_CACHED_NAME ? sharedName(start, length, hash) : plain(start, length);
            }
            if (current == '\\' || current < 0) {
                position = start;
                return string();
            }
            hash = 31 * hash + current;
            position++;
        }
        throw refused("a name not closed");
    }

    private String sharedName(final int start, final int length, final int hash) {
        final int slot = (hash ^ hash >>> 16) & (NAME_SLOTS - 1);
        final String cached = NAMES[slot];
        if (cached != null && sameAscii(cached, start, length)) {
            return cached;
        }
        final String name = plain(start, length);
        NAMES[slot] = name;
        return name;
    }

    private boolean sameAscii(final String name, final int start, final int length) {
        if (name.length() != length) {
            return false;
        }
        for (int index = 0; index < length; index++) {
            if (name.charAt(index) != text[start + index]) {
                return false;
            }
        }
        return true;
    }

    private String plain(final int start, final int length) {
        return new String(text, start, length, StandardCharsets.ISO_8859_1);
    }

    /** A string after its opening quote. */
    private String string() {
        final int start = position;
        boolean ascii = true;
        while (position < text.length) {
            final byte current = text[position];
            if (current == '"') {
                final int length = position - start;
                position++;
                return ascii ? plain(start, length) : new String(text, start, length, StandardCharsets.UTF_8);
            }
            if (current == '\\') {
                return escapedString(start);
            }
            ascii &= current >= 0;
            position++;
        }
        throw refused("a string not closed");
    }

    /** The rest of a string with escapes, its plain start before the first one. */
    private String escapedString(final int start) {
        final StringBuilder string = new StringBuilder(new String(text, start, position - start,
            StandardCharsets.UTF_8));
        int plainStart = position;
        while (position < text.length) {
            final byte current = text[position];
            if (current == '"') {
                string.append(new String(text, plainStart, position - plainStart, StandardCharsets.UTF_8));
                position++;
                return string.toString();
            }
            if (current != '\\') {
                position++;
                continue;
            }
            string.append(new String(text, plainStart, position - plainStart, StandardCharsets.UTF_8));
            if (position + 1 >= text.length) {
                break;
            }
            final byte escaped = text[position + 1];
            position += 2;
            string.append(switch (escaped) {
                case '"' -> '"';
                case '\\' -> '\\';
                case '/' -> '/';
                case 'b' -> '\b';
                case 'f' -> '\f';
                case 'n' -> '\n';
                case 'r' -> '\r';
                case 't' -> '\t';
                case 'u' -> unicodeEscape();
                default -> throw refused("an unknown escape");
            });
            plainStart = position;
        }
        throw refused("a string not closed");
    }

    private char unicodeEscape() {
        if (position + 4 > text.length) {
            throw refused("a \\u escape cut short");
        }
        int code = 0;
        for (int index = 0; index < 4; index++) {
            final int digit = Character.digit(text[position++], 16);
            if (digit < 0) {
                throw refused("a \\u escape with a non-hex digit");
            }
            code = code * 16 + digit;
        }
        return (char) code;
    }

    private int nextNonSpace() {
        while (position < text.length) {
            final byte current = text[position++];
            if (current != ' ' && current != '\n' && current != '\r' && current != '\t') {
                return current;
            }
        }
        return -1;
    }

    private void requireEnd() {
        if (nextNonSpace() != -1) {
            throw refused("more after the value");
        }
    }

    private IllegalStateException refused(final String problem) {
        final int shown = Math.min(text.length, 100);
        return new IllegalStateException("Fragment attributes are not JSON (" + problem + " at byte " + position
            + "): " + new String(Arrays.copyOf(text, shown), StandardCharsets.UTF_8));
    }
}
