package io.cpsng.cps.impl;

import io.cpsng.cps.api.exceptions.DataValidationException;

/** Dataspace, schema set and anchor names: no blanks, no characters that have a meaning in paths or URLs. */
final class NameValidator {

    private static final String UNSUPPORTED_CHARACTERS = "!\" #$%&'()*+,./\\:;<=>?@[]^`{|}~";

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
        for (int position = 0; position < name.length(); position++) {
            if (UNSUPPORTED_CHARACTERS.indexOf(name.charAt(position)) >= 0) {
                throw new DataValidationException("Name or ID Validation Error.",
                    name + " invalid token encountered at position " + (position + 1));
            }
        }
    }
}
