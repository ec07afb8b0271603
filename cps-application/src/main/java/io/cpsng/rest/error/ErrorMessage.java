package io.cpsng.rest.error;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/** The JSON body of every error answer: the status as "400 BAD_REQUEST", what went wrong, and where. */
public record ErrorMessage(String status, String message, String details) {

    static ErrorMessage of(final HttpStatusCode statusCode, final String message, final String details) {
        final HttpStatus httpStatus = HttpStatus.resolve(statusCode.value());
        final String status = httpStatus == null ? String.valueOf(statusCode.value()) : httpStatus.toString();
        return new ErrorMessage(status, message, details);
    }
}
