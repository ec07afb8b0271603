package io.cpsng.cps.api;

/**
 * The rule every dataspace, schema set and anchor name follows: not blank, and none of the
 * characters that mean something in paths or URLs. Callers that make names (NCMP makes anchors of
 * CM-handle ids and schema sets of tags) check them here before the store would refuse them.
 */
public final class NameRules {

    private static final String UNSUPPORTED_CHARACTERS = "!\" #$%&'()*+,./\\:;<=>?@[]^`{|}~";

    private NameRules() {
    }

    /** The index of the first character the store does not accept in a name, or -1 when there is none. */
    public static int firstUnsupportedCharacter(final String name) {
        for (int position = 0; position < name.length(); position++) {
            if (UNSUPPORTED_CHARACTERS.indexOf(name.charAt(position)) >= 0) {
                return position;
            }
        }
        return -1;
    }

    public static boolean isValid(final String name) {
        return name != null && !name.isBlank() && firstUnsupportedCharacter(name) < 0;
    }
}
