package io.cpsng.rest.error;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's report of errors it finds before any servlet runs (a malformed URL or encoding, a request line
 * or header over the size limit, an unparseable request), in the same JSON shape as every other error instead
 * of Tomcat's HTML page. Errors inside the application never get here: they are answered by the advice or
 * by {@link ServletErrorController}.
 */
public class ContainerErrorValve extends ErrorReportValve {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected void report(final Request request, final Response response, final Throwable throwable) {
        final int statusCode = response.getStatus();
        if (statusCode < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        final AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return; // the connection is gone: nobody would read the report
        }
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            final Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(JSON.writeValueAsString(errorMessage(statusCode, response.getMessage())));
                response.finishResponse();
            }
        } catch (final IOException | IllegalStateException responseGone) {
            // the client went away while the report was written: there is nobody left to tell
        }
    }

    static ErrorMessage errorMessage(final int statusCode, final String containerMessage) {
        final HttpStatusCode status = HttpStatusCode.valueOf(statusCode);
        final HttpStatus httpStatus = HttpStatus.resolve(statusCode);
        final String message = httpStatus == null ? "Request refused" : httpStatus.getReasonPhrase();
        final String details = containerMessage == null || containerMessage.isBlank()
            ? detailsOf(statusCode) : containerMessage;
        return ErrorMessage.of(status, message, details);
    }

    private static String detailsOf(final int statusCode) {
        return statusCode == HttpStatus.BAD_REQUEST.value()
            ? "The request could not be read: a malformed URL or percent-encoding, characters not allowed in a URL,"
                + " or a request line or header larger than server.max-http-request-header-size."
            : "The server refused the request before it reached the application.";
    }
}
