package io.cpsng.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * A log message cut at {@value #MOST_CHARACTERS} characters, its control characters but tab written as escapes
 * (\u0000, \u000a): a message may quote what a client or a peer sent (a 5 MB value, a statement with 65,535
 * parameters, a Kafka record's NUL bytes, a line break and a forged log line after it), and no one may fill the
 * disk through the log, make it binary, or add lines to it. Stack traces are written apart, line by line.
 */
public class BoundedMessageConverter extends MessageConverter {

    static final int MOST_CHARACTERS = 2_000;

    @Override
    public String convert(final ILoggingEvent event) {
        return bounded(event.getFormattedMessage(), MOST_CHARACTERS);
    }

    static String bounded(final String text, final int mostCharacters) {
        if (text == null) {
            return null;
        }
        final String cut = text.length() <= mostCharacters ? text
            : text.substring(0, mostCharacters) + "... (" + text.length() + " characters, cut)";
        return withoutControlCharacters(cut);
    }

    private static String withoutControlCharacters(final String text) {
        int first = 0;
        while (first < text.length() && !isEscaped(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        final StringBuilder escaped = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int index = first; index < text.length(); index++) {
            final char character = text.charAt(index);
            if (isEscaped(character)) {
                escaped.append(String.format("\\u%04x", (int) character));
            } else {
                escaped.append(character);
            }
        }
        return escaped.toString();
    }

    private static boolean isEscaped(final char character) {
        return (character < ' ' && character != '\t') || character == 0x7f;
    }
}
