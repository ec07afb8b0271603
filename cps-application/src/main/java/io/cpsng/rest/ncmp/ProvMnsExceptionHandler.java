package io.cpsng.rest.ncmp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.exceptions.ProvMnsException;
import io.cpsng.ncmp.api.exceptions.ProvMnsException.Problem;
import io.cpsng.rest.error.BadRequestException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
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

        static ProvMnsError of(final ProvMnsException exception, final HttpStatus status, final boolean read) {
            return new ProvMnsError(String.valueOf(status.value()), exception.getProblem().type(),
                exception.getMessage(), exception.getBadOp(), read ? List.of() : null, read ? null : List.of(),
                read ? null : List.of(), List.of());
        }
    }

    @ExceptionHandler(ProvMnsException.class)
    ResponseEntity<ProvMnsError> handleProvMnsException(final ProvMnsException exception,
                                                        final HttpServletRequest request) {
        final HttpStatus status = statusOf(exception.getProblem());
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
            .body(ProvMnsError.of(exception, status, HttpMethod.GET.matches(request.getMethod())));
    }

    /** The statuses the reference answers for each problem. */
    private static HttpStatus statusOf(final Problem problem) {
        return switch (problem) {
            case INVALID_REQUEST -> HttpStatus.BAD_REQUEST;
            case NO_HANDLE_OWNS_FDN -> HttpStatus.NOT_FOUND;
            case HANDLE_NOT_READY -> HttpStatus.NOT_ACCEPTABLE;
            case POLICY_DENIED -> HttpStatus.CONFLICT;
            case TOO_MANY_OPERATIONS -> HttpStatus.CONTENT_TOO_LARGE;
            case NOT_SUPPORTED -> HttpStatus.UNPROCESSABLE_CONTENT;
            case PLUGIN_UNREACHABLE -> HttpStatus.BAD_GATEWAY;
            case PLUGIN_SILENT -> HttpStatus.GATEWAY_TIMEOUT;
        };
    }

    /** A query parameter ProvMnS does not serve, or one given twice. */
    @ExceptionHandler(BadRequestException.class)
    ResponseEntity<ProvMnsError> handleBadRequest(final BadRequestException exception,
                                                  final HttpServletRequest request) {
        return handleProvMnsException(new ProvMnsException(Problem.INVALID_REQUEST, exception.getDetails()), request);
    }
}
