package io.cpsng.rest.error;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error page: answers errors raised outside the controllers (a filter's sendError, an
 * exception escaping the filter chain) in the one JSON error shape, in place of Spring Boot's
 * timestamp/status/error/path body.
 */
@RestController
class ServletErrorController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ErrorMessage> error(final HttpServletRequest request) {
        final Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        final int statusCode = statusAttribute instanceof Integer status ? status
            : HttpStatus.INTERNAL_SERVER_ERROR.value();
        final Object messageAttribute = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
        // a 5xx message may come from an exception and carry internals; a 4xx one was written for the client
        final String containerMessage = statusCode < 500 && messageAttribute instanceof String message ? message : null;
        return ResponseEntity.status(statusCode).contentType(MediaType.APPLICATION_JSON)
            .body(ContainerErrorValve.errorMessage(statusCode, containerMessage));
    }
}
