package io.cpsng.rest.ncmp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.exceptions.ProvMnsException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** ProvMnS refusals in the 3GPP ProvMnS error shape the reference answers: {status, type, title, badOp}. */
@RestControllerAdvice(assignableTypes = ProvMnsRestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ProvMnsExceptionHandler {

    /** The status as a string, as the ProvMnS schema has it; badOp only for a refused patch operation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ProvMnsError(String status, String type, String title, String badOp) {
    }

    @ExceptionHandler(ProvMnsException.class)
    ResponseEntity<ProvMnsError> handleProvMnsException(final ProvMnsException exception) {
        return ResponseEntity.status(exception.getStatus()).contentType(MediaType.APPLICATION_JSON)
            .body(new ProvMnsError(String.valueOf(exception.getStatus()), exception.getType(), exception.getMessage(),
                exception.getBadOp()));
    }
}
