package io.cpsng.rest.error;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.CpsException;
import io.cpsng.cps.api.exceptions.DatabaseOutage;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.exceptions.InUseException;
import io.cpsng.cps.api.exceptions.NotFoundException;
import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.exceptions.CmHandleNotReadyException;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.exceptions.KafkaUnavailableException;
import io.cpsng.ncmp.api.exceptions.NcmpException;
import io.cpsng.ncmp.api.exceptions.PolicyDeniedException;
import io.cpsng.ncmp.api.exceptions.TooManyTargetsException;
import io.cpsng.ncmp.api.exceptions.UnroutablePathsException;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.rest.error.RequestBodyLimitFilter.RequestBodyTooLargeException;
import io.cpsng.rest.error.RequestTextFilter.UnstorableTextException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Maps every exception a REST call can end with to an {@link ErrorMessage}. The store's and NCMP's exceptions
 * keep their message and details (a DMI plugin's error is the one other shape, carrying the plugin's answer);
 * Spring's own request errors (missing or mistyped parameter, unreadable body,
 * wrong method or media type...) keep their 4xx status, handled by the superclass and reshaped in
 * {@link #handleExceptionInternal}; everything else is a 500 that is logged and says no more than that.
 */
@RestControllerAdvice
public class RestExceptionHandler extends ResponseEntityExceptionHandler {

    static final String CHECK_LOGS = "Check logs for details.";


    private static final Logger LOGGER = LoggerFactory.getLogger(RestExceptionHandler.class);

    /**
     * The status each refusal of the store, NCMP or the endpoints is answered with. NOT_FOUND of the store is a
     * dataspace, schema set or anchor named in the request (a bad request); InvalidInputException an NCMP request
     * invalid as a whole (a registration's DMI URL, a search condition, a datastore).
     */
    private static final Map<HttpStatus, List<Class<? extends RuntimeException>>> REFUSALS = Map.of(
        HttpStatus.BAD_REQUEST, List.of(DataValidationException.class, NotFoundException.class,
            InvalidInputException.class, BadRequestException.class),
        HttpStatus.CONFLICT, List.of(AlreadyDefinedException.class, InUseException.class,
            PolicyDeniedException.class, CmHandleNotReadyException.class),
        HttpStatus.NOT_FOUND, List.of(CmHandleNotFoundException.class),
        HttpStatus.CONTENT_TOO_LARGE, List.of(TooManyTargetsException.class),
        HttpStatus.UNPROCESSABLE_CONTENT, List.of(UnroutablePathsException.class),
        HttpStatus.SERVICE_UNAVAILABLE, List.of(KafkaUnavailableException.class));

    /** A refusal in {@link #REFUSALS} keeps its message and details; one not listed there is unexpected. */
    @ExceptionHandler({CpsException.class, NcmpException.class, BadRequestException.class})
    ResponseEntity<Object> handleRefusal(final RuntimeException exception) {
        return REFUSALS.entrySet().stream()
            .filter(refusal -> refusal.getValue().stream().anyMatch(type -> type.isInstance(exception)))
            .findFirst()
            .map(refusal -> answer(refusal.getKey(), exception.getMessage(), detailsOf(exception)))
            .orElseGet(() -> handleUnexpected(exception));
    }

    /** Reading a data node that does not exist is 404; writing under or deleting one is a bad request. */
    @ExceptionHandler(DataNodeNotFoundException.class)
    ResponseEntity<Object> handleDataNodeNotFound(final CpsException exception, final HttpServletRequest request) {
        final HttpStatus status = HttpMethod.GET.matches(request.getMethod())
            ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST;
        return answer(status, exception.getMessage(), exception.getDetails());
    }

    /**
     * A DMI plugin's error, in the reference's shape: {"message", "dmi-response": {"http-code", "body"}}.
     * A plugin that could not be reached answered nothing; as the reference does, that is told as a 503
     * with the reason as body.
     */
    @ExceptionHandler(DmiException.class)
    ResponseEntity<Object> handleDmiError(final DmiException exception) {
        LOGGER.warn("DMI plugin call failed: {}", exception.getDetails());
        final DmiResponse dmiResponse = exception.getDmiResponse();
        final DmiErrorResponse dmiErrorResponse = dmiResponse == null
            ? new DmiErrorResponse(HttpStatus.SERVICE_UNAVAILABLE.value(), exception.getDetails())
            : new DmiErrorResponse(dmiResponse.status(), dmiResponse.body());
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY).contentType(MediaType.APPLICATION_JSON)
            .body(new DmiErrorMessage(exception.getMessage(), dmiErrorResponse));
    }

    record DmiErrorMessage(String message, @JsonProperty("dmi-response") DmiErrorResponse dmiResponse) {
    }

    record DmiErrorResponse(@JsonProperty("http-code") int httpCode, String body) {
    }

    /** A malformed multipart request; an upload too large is answered 413 by the superclass. */
    @ExceptionHandler(MultipartException.class)
    ResponseEntity<Object> handleBadMultipart(final MultipartException exception) {
        LOGGER.debug("Unreadable multipart request", exception);
        return answer(HttpStatus.BAD_REQUEST, "Invalid multipart request", "The multipart request could not be read.");
    }

    /** Parameters the container cannot read: one without a name ("?=1", "?a&=1"), in the query or a form body. */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<Object> handleUnreadableParameters(final InvalidParameterException exception) {
        LOGGER.debug("Unreadable parameters", exception);
        return answer(HttpStatus.BAD_REQUEST, "Invalid parameters", "The query string or form body holds a parameter "
            + "that cannot be read, such as one without a name (the container: " + exception.getMessage() + ")");
    }

    /**
     * A parameter name the security firewall will not take (a control or unassigned character): the firewall checks
     * names when the parameters are first read, in the endpoints' interceptor, so it ended here as a 500 with its
     * stack trace, unauthenticated too.
     */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<Object> handleRejectedRequest(final RequestRejectedException exception) {
        LOGGER.debug("Request rejected by the firewall", exception);
        return answer(HttpStatus.BAD_REQUEST, "Invalid parameters", "The query string or form body holds a "
            + "parameter whose name has a control or unassigned character");
    }

    /**
     * A statement of the data services stopped by PostgreSQL at cps.store.statement-timeout: the request, not the
     * store, is what cannot be done in that time (a cps-path of hundreds of conditions over a large anchor).
     */
    @ExceptionHandler(QueryTimeoutException.class)
    ResponseEntity<Object> handleStatementTimeout(final QueryTimeoutException exception) {
        LOGGER.warn("A statement was stopped at cps.store.statement-timeout: {}", exception.getClass().getSimpleName());
        return answer(HttpStatus.UNPROCESSABLE_CONTENT, "Request too expensive", "The request ran longer than "
            + "cps.store.statement-timeout allows and was stopped; nothing of it was written. Narrow it: a cps-path "
            + "with fewer conditions or one starting from the top, or less data at once.");
    }

    /** Not answered: thrown on to the container, which closes the connection (see the exception). */
    @ExceptionHandler(AnswerCutShortException.class)
    ResponseEntity<Object> handleAnswerCutShort(final AnswerCutShortException exception) {
        throw exception;
    }

    /** Anything unexpected, including store exceptions without a mapping: their details may hold SQL. */
    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> handleUnexpected(final Exception exception) {
        final ResponseEntity<Object> badBody = badBody(exception);
        if (badBody != null) {
            return badBody;
        }
        final DatabaseOutage databaseOutage = DatabaseOutage.of(exception).orElse(null);
        if (databaseOutage != null) {
            return answerDatabaseOutage(databaseOutage);
        }
        LOGGER.error("Request failed", exception);
        return answer(HttpStatus.INTERNAL_SERVER_ERROR, internalErrorMessage(exception), CHECK_LOGS);
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(final Exception exception, final Object body,
                                                             final HttpHeaders headers,
                                                             final HttpStatusCode statusCode,
                                                             final WebRequest request) {
        final ResponseEntity<Object> badBody = badBody(exception);
        if (badBody != null) {
            return badBody;
        }
        final ResponseEntity<Object> problemResponse =
            super.handleExceptionInternal(exception, body, headers, statusCode, request);
        if (problemResponse == null) {
            return null; // the response is already committed: nothing more can be sent
        }
        if (statusCode.is5xxServerError()) {
            LOGGER.error("Request failed", exception);
            return answer(statusCode, problemResponse.getHeaders(), internalErrorMessage(exception), CHECK_LOGS);
        }
        LOGGER.debug("Request refused", exception);
        return answer(statusCode, problemResponse.getHeaders(), reasonPhrase(statusCode),
            clientErrorDetails(exception, problemResponse.getBody()));
    }

    /**
     * The database went away (503) or ran out of disk space (507) during the request, which wrote nothing: the
     * client may retry it as it is. Requests arriving while the database is known to be away do not get this far
     * ({@link DatabaseUnavailableFilter}).
     */
    private static ResponseEntity<Object> answerDatabaseOutage(final DatabaseOutage databaseOutage) {
        if (databaseOutage.diskFull()) {
            LOGGER.error("Request failed, the database's disk is full: {}", databaseOutage.reason());
            return answer(HttpStatus.INSUFFICIENT_STORAGE, "The database's disk is full", "PostgreSQL: "
                + databaseOutage.reason() + ". Nothing of this request was written; retry once space is freed.");
        }
        LOGGER.warn("Request failed, the database is unavailable: {}", databaseOutage.reason());
        final HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, DatabaseUnavailableFilter.RETRY_AFTER_SECONDS);
        return answer(HttpStatus.SERVICE_UNAVAILABLE, headers, "The database is unavailable",
            databaseOutage.reason() + ". Nothing of this request was written; retry it.");
    }

    /**
     * A body refused as it streamed in (past the size limit, or text that cannot be stored) surfaces as an
     * unreadable body, or as whatever its reader wraps it in; the client needs to know why.
     */
    private static ResponseEntity<Object> badBody(final Exception exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof RequestBodyTooLargeException requestBodyTooLarge) {
                return answer(HttpStatus.CONTENT_TOO_LARGE, HttpStatus.CONTENT_TOO_LARGE.getReasonPhrase(),
                    requestBodyTooLarge.getMessage());
            }
            if (cause instanceof UnstorableTextException unstorableText) {
                return answer(HttpStatus.BAD_REQUEST, "Invalid request body", unstorableText.getMessage());
            }
        }
        return null;
    }

    /** Spring's problem detail names the parameter, part or media type; it never includes a stack trace. */
    private static String clientErrorDetails(final Exception exception, final Object problemBody) {
        if (exception instanceof HttpMessageNotReadableException) {
            // its message names the controller method and the parser's internals
            if (exception.getMessage() != null && exception.getMessage().startsWith("Required request body")) {
                return "Required request body is missing.";
            }
            final String unreadableJson = UnreadableJson.details(exception);
            return unreadableJson == null ? "The request body could not be read." : unreadableJson;
        }
        if (problemBody instanceof ProblemDetail problemDetail && problemDetail.getDetail() != null) {
            return problemDetail.getDetail();
        }
        return CHECK_LOGS;
    }

    private static String detailsOf(final RuntimeException refusal) {
        return switch (refusal) {
            case CpsException cpsException -> cpsException.getDetails();
            case NcmpException ncmpException -> ncmpException.getDetails();
            case BadRequestException badRequestException -> badRequestException.getDetails();
            default -> null;
        };
    }

    private static String internalErrorMessage(final Exception exception) {
        // a store's or NCMP's exception message is a short summary; other messages may carry internals
        return exception instanceof CpsException || exception instanceof NcmpException
            ? exception.getMessage() : "Internal server error";
    }

    private static String reasonPhrase(final HttpStatusCode statusCode) {
        final HttpStatus httpStatus = HttpStatus.resolve(statusCode.value());
        return httpStatus == null ? "Request refused" : httpStatus.getReasonPhrase();
    }

    private static ResponseEntity<Object> answer(final HttpStatusCode statusCode, final String message,
                                                 final String details) {
        return answer(statusCode, new HttpHeaders(), message, details);
    }

    private static ResponseEntity<Object> answer(final HttpStatusCode statusCode, final HttpHeaders headers,
                                                 final String message, final String details) {
        // the type is set here so an Accept of application/xml cannot turn an error into a 406
        return ResponseEntity.status(statusCode).headers(headers).contentType(MediaType.APPLICATION_JSON)
            .body(ErrorMessage.of(statusCode, message, details));
    }
}
