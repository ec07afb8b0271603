package io.cpsng.cps.api;

import java.util.regex.Pattern;

/**
 * A JSON reader's message as a client may read it: Gson and Jackson address the programmer who configured them
 * ("Use JsonReader.setStrictness(...)", "from `StreamReadConstraints.getMaxNestingDepth()`", a troubleshooting
 * link); that advice is theirs, not the client's, and is left out.
 */
public final class ReaderMessages {

    private static final Pattern READER_ADVICE = Pattern.compile(
        "\\s*Use JsonReader\\.setStrictness\\([^)]*\\) to accept malformed JSON"
            + "|\\s*See https?://\\S+"
            + "|, from `[^`]*`"
            + "|\\s*\\(but could if coercion was enabled using `[^`]*`\\)");

    private ReaderMessages() {
    }

    public static String withoutReaderAdvice(final String message) {
        return message == null ? null : READER_ADVICE.matcher(message).replaceAll("").strip();
    }
}
