package io.cpsng.rest.error;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over the limit with 413 before they are read into memory: by Content-Length when the
 * client sends one, otherwise while the body streams in. Multipart uploads have their own limit
 * (spring.servlet.multipart) and are left to it.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final long maxBodyBytes;
    private final String limitDescription;

    public RequestBodyLimitFilter(final DataSize maxBodySize, final String settingName) {
        this.maxBodyBytes = maxBodySize.toBytes();
        this.limitDescription = settingName + " (" + maxBodySize.toBytes() + " bytes)";
    }

    @Override
    protected void doFilterInternal(final HttpServletRequest request, final HttpServletResponse response,
                                    final FilterChain filterChain) throws ServletException, IOException {
        if (isMultipart(request)) {
            filterChain.doFilter(request, response);
            return;
        }
        final long contentLength = request.getContentLengthLong();
        if (contentLength > maxBodyBytes) {
            response.sendError(HttpStatus.CONTENT_TOO_LARGE.value(), tooLarge(contentLength + " bytes"));
            return;
        }
        filterChain.doFilter(contentLength < 0 ? new LimitedBodyRequest(request) : request, response);
    }

    private String tooLarge(final String size) {
        return "The request body of " + size + " is larger than the limit " + limitDescription + ".";
    }

    private static boolean isMultipart(final HttpServletRequest request) {
        final String contentType = request.getContentType();
        return contentType != null && contentType.toLowerCase().startsWith("multipart/");
    }

    /** Thrown while reading a body that streams past the limit; the error advice answers it with 413. */
    public static final class RequestBodyTooLargeException extends IOException {

        RequestBodyTooLargeException(final String message) {
            super(message);
        }
    }

    /** A body of unknown length (chunked), counted as it is read. */
    private final class LimitedBodyRequest extends HttpServletRequestWrapper {

        private ServletInputStream limitedStream;

        LimitedBodyRequest(final HttpServletRequest request) {
            super(request);
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (limitedStream == null) {
                limitedStream = new LimitedInputStream(super.getInputStream());
            }
            return limitedStream;
        }
    }

    private final class LimitedInputStream extends WatchedBodyStream {

        private long bytesRead;

        LimitedInputStream(final ServletInputStream body) {
            super(body);
        }

        @Override
        void watch(final byte next) throws RequestBodyTooLargeException {
            count(1);
        }

        @Override
        void watch(final byte[] buffer, final int start, final int count) throws RequestBodyTooLargeException {
            count(count);
        }

        private void count(final int bytes) throws RequestBodyTooLargeException {
            bytesRead += bytes;
            if (bytesRead > maxBodyBytes) {
                throw new RequestBodyTooLargeException(tooLarge("more than " + maxBodyBytes + " bytes"));
            }
        }
    }
}
