package io.cpsng.rest.error;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * What the JSON reader of a request body found wrong, and where in the body ($.createdCmHandles[0].trustLevel),
 * told as the client wrote it: the reader's own messages name the classes it was filling.
 */
final class UnreadableJson {

    private static final int MOST_VALUE_CHARACTERS = 100;

    private UnreadableJson() {
    }

    /** The details of a 400 for the failure, or null when no JSON reader's failure is among its causes. */
    static String details(final Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof JacksonException jacksonException) {
                return "The request body could not be read at " + path(jacksonException) + ": "
                    + problem(jacksonException);
            }
        }
        return null;
    }

    private static String path(final JacksonException failure) {
        final StringBuilder path = new StringBuilder("$");
        for (final JacksonException.Reference reference : failure.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append('.').append(cut(reference.getPropertyName()));
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String problem(final JacksonException failure) {
        return switch (failure) {
            case UnrecognizedPropertyException unknownMember -> "no such member here; the members taken are "
                + unknownMember.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList() + ".";
            case InvalidFormatException invalidFormat -> "the value " + cut(String.valueOf(invalidFormat.getValue()))
                + " is not " + expected(invalidFormat.getTargetType()) + ".";
            case MismatchedInputException mismatchedInput -> "the value is not "
                + expected(mismatchedInput.getTargetType()) + ".";
            case ValueInstantiationException valueInstantiation
                when valueInstantiation.getCause() instanceof IllegalArgumentException invalidValue ->
                cut(invalidValue.getMessage()) + ".";
            case StreamReadException malformed -> "malformed JSON" + where(malformed.getLocation()) + ".";
            default -> "the value cannot be taken.";
        };
    }

    /** What a value of the type is written as in JSON. */
    private static String expected(final Class<?> targetType) {
        if (targetType == null) {
            return "of the expected type";
        }
        if (targetType.isEnum()) {
            return "one of " + Arrays.toString(targetType.getEnumConstants());
        }
        if (targetType == String.class || targetType == Character.class || targetType == char.class) {
            return "a string";
        }
        if (targetType == Boolean.class || targetType == boolean.class) {
            return "true or false";
        }
        if (Number.class.isAssignableFrom(targetType) || targetType.isPrimitive()) {
            return "a number";
        }
        if (targetType.isArray() || Collection.class.isAssignableFrom(targetType)) {
            return "an array";
        }
        return Map.class.isAssignableFrom(targetType) || targetType.isRecord() ? "an object" : "of the expected type";
    }

    private static String where(final TokenStreamLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
            : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String cut(final String text) {
        return text.length() <= MOST_VALUE_CHARACTERS ? text : text.substring(0, MOST_VALUE_CHARACTERS) + "...";
    }
}
