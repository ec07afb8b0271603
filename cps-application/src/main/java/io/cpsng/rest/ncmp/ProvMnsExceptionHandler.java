package io.cpsng.rest.ncmp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.exceptions.ProvMnsException;
import io.cpsng.rest.error.BadRequestException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * ProvMnS refusals in the 3GPP ProvMnS error shapes the reference answers: a read's {status, type, title,
 * badQueryParams, otherProblems}, a write's {status, type, title, badAttributes, badObjects, otherProblems}, each
 * array always written (empty when empty), and badOp for a refused patch operation.
 */
@RestControllerAdvice(assignableTypes = ProvMnsRestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ProvMnsExceptionHandler {

    /** The status as a string, as the ProvMnS schema has it; the arrays of the other shape left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ProvMnsError(String status, String type, String title, String badOp, List<String> badQueryParams,
                        List<String> badAttributes, List<String> badObjects, List<String> otherProblems) {

        static ProvMnsError of(final ProvMnsException exception, final boolean read) {
            return new ProvMnsError(String.valueOf(exception.getStatus()), exception.getType(),
                exception.getMessage(), exception.getBadOp(), read ? List.of() : null, read ? null : List.of(),
                read ? null : List.of(), List.of());
        }
    }

    @ExceptionHandler(ProvMnsException.class)
    ResponseEntity<ProvMnsError> handleProvMnsException(final ProvMnsException exception,
                                                        final HttpServletRequest request) {
        return ResponseEntity.status(exception.getStatus()).contentType(MediaType.APPLICATION_JSON)
            .body(ProvMnsError.of(exception, HttpMethod.GET.matches(request.getMethod())));
    }

    /** A query parameter ProvMnS does not serve, or one given twice. */
    @ExceptionHandler(BadRequestException.class)
    ResponseEntity<ProvMnsError> handleBadRequest(final BadRequestException exception,
                                                  final HttpServletRequest request) {
        return handleProvMnsException(new ProvMnsException(400, "VALIDATION_ERROR", exception.getDetails()), request);
    }
}
