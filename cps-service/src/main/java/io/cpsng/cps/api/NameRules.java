package io.cpsng.cps.api;

/**
 * The rule every dataspace, schema set and anchor name follows: not blank, at most {@value #MOST_CHARACTERS}
 * characters, and none of the characters that mean something in paths or URLs, nor control or bidirectional
 * formatting characters (which make a name read as another). Callers that make names (NCMP makes anchors of
 * CM-handle ids and schema sets of tags) check them here before the store would refuse them.
 */
public final class NameRules {

    public static final int MOST_CHARACTERS = 255;

    public static final String UNSUPPORTED_CHARACTERS = "!\" #$%&'()*+,./\\:;<=>?@[]^`{|}~";

    private NameRules() {
    }

    /** The index of the first character the store does not accept in a name, or -1 when there is none. */
    public static int firstUnsupportedCharacter(final String name) {
        for (int position = 0; position < name.length(); position++) {
            final char character = name.charAt(position);
            if (UNSUPPORTED_CHARACTERS.indexOf(character) >= 0 || Character.isISOControl(character)
                || Character.getType(character) == Character.FORMAT) {
                return position;
            }
        }
        return -1;
    }

    public static boolean isValid(final String name) {
        return name != null && !name.isBlank() && name.length() <= MOST_CHARACTERS && firstUnsupportedCharacter(name) < 0;
    }
}
