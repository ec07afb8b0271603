package io.cpsng.rest.error;

import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/** The JSON body of every error answer: the status as "400 BAD_REQUEST", what went wrong, and where. */
public record ErrorMessage(String status, String message, String details) {

    // a refusal quoting what it refuses (a wrong name, a path) must not send a 5 MB value back to its sender
    static final int MOST_CHARACTERS = 4_096;

    public static ErrorMessage of(final HttpStatusCode statusCode, final String message, final String details) {
        final HttpStatus httpStatus = HttpStatus.resolve(statusCode.value());
        final String status = httpStatus == null ? String.valueOf(statusCode.value()) : httpStatus.toString();
        return new ErrorMessage(status, bounded(message), bounded(details));
    }

    private static String bounded(final String text) {
        return text == null || text.length() <= MOST_CHARACTERS ? text
            : text.substring(0, MOST_CHARACTERS) + "... (" + String.format(Locale.ROOT, "%,d", text.length())
                + " characters in all)";
    }
}
