package io.cpsng.cps.impl;

import io.cpsng.cps.api.NameRules;
import io.cpsng.cps.api.exceptions.DataValidationException;

/** Dataspace, schema set and anchor names: no blanks, no characters that have a meaning in paths or URLs. */
final class NameValidator {

    private NameValidator() {
    }

    static void validateNames(final String... names) {
        for (final String name : names) {
            validateName(name);
        }
    }

    private static void validateName(final String name) {
        if (name == null || name.isBlank()) {
            throw new DataValidationException("Name or ID Validation Error.", "A name must not be empty.");
        }
        if (name.length() > NameRules.MOST_CHARACTERS) {
            throw new DataValidationException("Name or ID Validation Error.", "A name has at most "
                + NameRules.MOST_CHARACTERS + " characters; " + name.substring(0, 20) + "... has " + name.length() + ".");
        }
        final int unsupportedCharacter = NameRules.firstUnsupportedCharacter(name);
        if (unsupportedCharacter >= 0) {
            throw new DataValidationException("Name or ID Validation Error.",
                name.replaceAll("\\p{Cntrl}", "?") + " invalid token encountered at position " + (unsupportedCharacter + 1));
        }
    }
}
