package io.cpsng.rest;

import io.cpsng.rest.error.BadRequestException;
import java.time.Duration;
import org.springframework.boot.convert.DurationStyle;

/** The wait parameter of the event feeds: a duration with its unit, 30s or PT30S. */
public final class FeedWait {

    private FeedWait() {
    }

    /** A bare number is refused: Spring would read wait=3 as 3 ms, where a client meant seconds. */
    public static Duration parse(final String wait) {
        if (!wait.isEmpty() && wait.chars().allMatch(Character::isDigit)) {
            throw invalid(wait + " has no unit");
        }
        try {
            return DurationStyle.detectAndParse(wait);
        } catch (final IllegalArgumentException notADuration) {
            throw invalid("not " + wait);
        }
    }

    private static BadRequestException invalid(final String problem) {
        return new BadRequestException("Invalid wait", "wait must be a duration with its unit, like 30s or PT30S: "
            + problem);
    }
}
