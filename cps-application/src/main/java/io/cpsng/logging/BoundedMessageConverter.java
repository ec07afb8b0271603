package io.cpsng.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * A log message cut at {@value #MOST_CHARACTERS} characters: a message may quote what a client sent (a 5 MB
 * value, a statement with 65,535 parameters), and no client may fill the disk through the log.
 */
public class BoundedMessageConverter extends MessageConverter {

    static final int MOST_CHARACTERS = 2_000;

    @Override
    public String convert(final ILoggingEvent event) {
        return bounded(event.getFormattedMessage(), MOST_CHARACTERS);
    }

    static String bounded(final String text, final int mostCharacters) {
        if (text == null || text.length() <= mostCharacters) {
            return text;
        }
        return text.substring(0, mostCharacters) + "... (" + text.length() + " characters, cut)";
    }
}
