package io.cpsng.rest.error;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses text PostgreSQL cannot store, or that is not text at all, before any work: a query parameter with a
 * broken percent-encoding, bytes that are not UTF-8, or a NUL (%00) answers 400 naming the parameter; a JSON, XML
 * or text body is checked as it streams to its reader (a NUL, raw or escaped as \u0000, half a surrogate pair
 * escaped in JSON, or, in a body of UTF-8, bytes that are not UTF-8), and its reader fails with
 * {@link UnstorableTextException}, answered 400 by the error advice. Without this, such text reaches a statement
 * and fails as a 500, or is decoded with replacement characters and stored.
 * The query string is decoded here rather than through getParameter, which would read a form body. A Content-Type
 * of a POST, PUT or PATCH that is a wildcard (*&#47;*, application/*) names no body format: 415.
 */
public class RequestTextFilter extends OncePerRequestFilter {

    private static final char NUL = '\u0000';
    private static final Set<String> BODY_METHODS = Set.of("POST", "PUT", "PATCH");

    @Override
    protected void doFilterInternal(final HttpServletRequest request, final HttpServletResponse response,
                                    final FilterChain filterChain) throws ServletException, IOException {
        final String badParameter = badParameter(request.getQueryString());
        if (badParameter != null) {
            response.sendError(HttpStatus.BAD_REQUEST.value(), badParameter);
            return;
        }
        if (BODY_METHODS.contains(request.getMethod()) && isWildcard(request.getContentType())) {
            // the endpoints' body readers take a wildcard type for an error of their own: it was a 500
            response.sendError(HttpStatus.UNSUPPORTED_MEDIA_TYPE.value(), "Content-Type " + shown(request
                .getContentType()) + " is a wildcard: name the media type of the body, such as application/json");
            return;
        }
        final Check check = checkOf(request.getContentType());
        filterChain.doFilter(check == Check.NONE ? request : new CheckedBodyRequest(request, check), response);
    }

    private static boolean isWildcard(final String contentType) {
        if (contentType == null) {
            return false;
        }
        try {
            final MediaType mediaType = MediaType.parseMediaType(contentType);
            return mediaType.isWildcardType() || mediaType.isWildcardSubtype();
        } catch (final IllegalArgumentException unreadableType) {
            return false; // refused by the endpoint's own reading of it
        }
    }

    /** Why a parameter of the query cannot be taken, or null. */
    private static String badParameter(final String queryString) {
        if (queryString == null) {
            return null;
        }
        for (final String parameter : queryString.split("&")) {
            final int equals = parameter.indexOf('=');
            final String rawName = equals < 0 ? parameter : parameter.substring(0, equals);
            final String name = decoded(rawName);
            final String value = equals < 0 ? "" : decoded(parameter.substring(equals + 1));
            final String shownName = name == null ? "'" + shown(rawName) + "'" : shown(name);
            if (name == null || value == null) {
                return "Parameter " + shownName + " is not percent-encoded UTF-8";
            }
            if (name.indexOf(NUL) >= 0 || value.indexOf(NUL) >= 0) {
                return "Parameter " + shownName + " holds a NUL character (%00), which cannot be stored";
            }
        }
        return null;
    }

    /** The text a form-encoded part stands for, or null when its escapes or its bytes are broken. */
    private static String decoded(final String encoded) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int index = 0; index < encoded.length(); index++) {
            final char next = encoded.charAt(index);
            if (next == '%') {
                if (index + 2 >= encoded.length()) {
                    return null;
                }
                final int high = Character.digit(encoded.charAt(index + 1), 16);
                final int low = Character.digit(encoded.charAt(index + 2), 16);
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high * 16 + low);
                index += 2;
            } else if (next == '+') {
                bytes.write(' ');
            } else if (next < 0x80) {
                bytes.write(next);
            } else {
                bytes.writeBytes(String.valueOf(next).getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (final CharacterCodingException notUtf8) {
            return null;
        }
    }

    /** A name as an error message may show it: short, and without the control characters it may hold. */
    private static String shown(final String name) {
        final String printable = name.replaceAll("\\p{Cntrl}", "?");
        return printable.length() > 100 ? printable.substring(0, 100) + "..." : printable;
    }

    /** What a body of the content type is checked for; see {@link Check}. */
    private static Check checkOf(final String contentType) {
        if (contentType == null) {
            return Check.NONE;
        }
        final MediaType mediaType;
        final Charset charset;
        try {
            mediaType = MediaType.parseMediaType(contentType);
            charset = mediaType.getCharset();
        } catch (final IllegalArgumentException unreadableType) {
            return Check.NONE; // refused by the endpoint's own reading of it
        }
        if (!isText(mediaType)) {
            return Check.NONE;
        }
        final boolean json = mediaType.getSubtype().endsWith("json");
        if (charset == null || StandardCharsets.UTF_8.equals(charset)) {
            return json ? Check.UTF_8_JSON : Check.UTF_8;
        }
        if (charset.newEncoder().maxBytesPerChar() == 1) {
            return json ? Check.NUL_JSON : Check.NUL;
        }
        return Check.NONE; // a NUL byte is part of a character in UTF-16 and its kind
    }

    private static boolean isText(final MediaType mediaType) {
        final String subtype = mediaType.getSubtype();
        final boolean structured = "json".equals(subtype) || "xml".equals(subtype) || subtype.endsWith("+json")
            || subtype.endsWith("+xml");
        return "text".equals(mediaType.getType()) || ("application".equals(mediaType.getType()) && structured);
    }

    /**
     * What a body is checked for: NUL bytes always, and escaped NULs in JSON; that its bytes are UTF-8 when it is
     * in UTF-8, as bodies are when they name no charset. A body in a charset of several bytes a character (UTF-16)
     * is not checked: its reader decodes it.
     */
    private enum Check {
        NONE(false, false), NUL(false, false), NUL_JSON(false, true), UTF_8(true, false), UTF_8_JSON(true, true);

        private final boolean utf8;
        private final boolean json;

        Check(final boolean utf8, final boolean json) {
            this.utf8 = utf8;
            this.json = json;
        }
    }

    /** Thrown to the body's reader at the first byte that cannot be stored; the error advice answers 400. */
    public static final class UnstorableTextException extends IOException {

        UnstorableTextException(final String message) {
            super(message);
        }
    }

    private static final class CheckedBodyRequest extends HttpServletRequestWrapper {

        private final Check check;
        private ServletInputStream checkedStream;

        CheckedBodyRequest(final HttpServletRequest request, final Check check) {
            super(request);
            this.check = check;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (checkedStream == null) {
                checkedStream = new CheckedInputStream(super.getInputStream(), check);
            }
            return checkedStream;
        }
    }

    /**
     * Passes the body through while following it byte by byte: UTF-8 sequences (a lead byte and the continuation
     * bytes it announces, no surrogate or overlong form) and, in JSON, escapes (an odd run of backslashes, then u
     * and four hex digits): u0000 is a NUL, and a surrogate escape must be half of a pair, high then low, as a
     * lone one is no character (the driver would store it as '?').
     */
    private static final class CheckedInputStream extends WatchedBodyStream {

        private static final int ESCAPE_DIGITS = 4;

        private final Check check;
        private long offset;
        private int continuationBytesDue;
        private int secondByteLow = 0x80;
        private int secondByteHigh = 0xBF;
        private long sequenceStart;
        private int backslashRun;
        private int escapeDigitsSeen = -1;
        private int escapeValue;
        private long escapeStart;
        // after a high surrogate escape: how many bytes of the low one's backslash and u are still due (2, then 1)
        private int lowEscapeBytesDue;
        private boolean lowEscapeOpen;
        private long highEscapeStart;

        CheckedInputStream(final ServletInputStream body, final Check check) {
            super(body);
            this.check = check;
        }

        @Override
        void watch(final byte next) throws UnstorableTextException {
            final int unsigned = next & 0xFF;
            if (unsigned == 0) {
                throw new UnstorableTextException("The body holds a NUL character at byte " + offset
                    + ", which cannot be stored.");
            }
            if (check.utf8) {
                checkUtf8(unsigned);
            }
            if (check.json) {
                checkEscape(unsigned);
            }
            offset++;
        }

        /**
         * A run of ASCII bytes other than NUL and backslash changes nothing but the offset once no UTF-8 sequence
         * or escape is open: such runs, most of a body, are skipped in a tight loop (byte by byte, a body of 20 MB
         * took 25 ms).
         */
        @Override
        void watch(final byte[] buffer, final int start, final int count) throws UnstorableTextException {
            final int end = start + count;
            int index = start;
            while (index < end) {
                if (continuationBytesDue == 0 && backslashRun == 0 && escapeDigitsSeen < 0
                    && lowEscapeBytesDue == 0) {
                    final int runStart = index;
                    while (index < end && buffer[index] > 0 && buffer[index] != '\\') {
                        index++;
                    }
                    offset += index - runStart;
                }
                if (index < end) {
                    watch(buffer[index]);
                    index++;
                }
            }
        }

        private void checkUtf8(final int unsigned) throws UnstorableTextException {
            final boolean continuation = (unsigned & 0xC0) == 0x80;
            if (continuationBytesDue > 0) {
                if (!continuation || unsigned < secondByteLow || unsigned > secondByteHigh) {
                    throw notUtf8(sequenceStart);
                }
                secondByteLow = 0x80;
                secondByteHigh = 0xBF;
                continuationBytesDue--;
            } else if (unsigned >= 0x80) {
                sequenceStart = offset;
                continuationBytesDue = continuationBytesOf(unsigned);
                // the second byte's range rules out overlong forms, surrogates (ED A0-BF) and code points past U+10FFFF
                secondByteLow = unsigned == 0xE0 ? 0xA0 : unsigned == 0xF0 ? 0x90 : 0x80;
                secondByteHigh = unsigned == 0xED ? 0x9F : unsigned == 0xF4 ? 0x8F : 0xBF;
            }
        }

        private int continuationBytesOf(final int leadByte) throws UnstorableTextException {
            if (leadByte >= 0xC2 && leadByte <= 0xDF) {
                return 1;
            }
            if (leadByte >= 0xE0 && leadByte <= 0xEF) {
                return 2;
            }
            if (leadByte >= 0xF0 && leadByte <= 0xF4) {
                return 3;
            }
            throw notUtf8(offset);
        }

        private void checkEscape(final int unsigned) throws UnstorableTextException {
            if (escapeDigitsSeen >= 0) {
                final int digit = Character.digit(unsigned, 16);
                if (digit >= 0) {
                    escapeValue = escapeValue * 16 + digit;
                    if (++escapeDigitsSeen == ESCAPE_DIGITS) {
                        escapeDigitsSeen = -1;
                        escapeRead();
                    }
                    return;
                }
                // not an escape JSON knows: its parser refuses it, unless it was due as a high surrogate's pair
                escapeDigitsSeen = -1;
                if (lowEscapeOpen) {
                    throw unpairedSurrogate(highEscapeStart);
                }
            }
            if (lowEscapeBytesDue > 0) {
                if (unsigned != (lowEscapeBytesDue == 2 ? '\\' : 'u')) {
                    throw unpairedSurrogate(highEscapeStart);
                }
                lowEscapeBytesDue--;
                lowEscapeOpen = lowEscapeBytesDue == 0;
            }
            if (unsigned == '\\') {
                backslashRun++;
                return;
            }
            if (unsigned == 'u' && backslashRun % 2 == 1) {
                escapeDigitsSeen = 0;
                escapeValue = 0;
                escapeStart = offset - 1;
            }
            backslashRun = 0;
        }

        private void escapeRead() throws UnstorableTextException {
            final boolean lowSurrogate = Character.isLowSurrogate((char) escapeValue);
            if (lowEscapeOpen != lowSurrogate) {
                throw unpairedSurrogate(lowEscapeOpen ? highEscapeStart : escapeStart);
            }
            lowEscapeOpen = false;
            if (escapeValue == 0) {
                throw new UnstorableTextException("The body holds a NUL character (\\u0000) at byte " + escapeStart
                    + ", which cannot be stored.");
            }
            if (Character.isHighSurrogate((char) escapeValue)) {
                lowEscapeBytesDue = 2;
                highEscapeStart = escapeStart;
            }
        }

        private static UnstorableTextException unpairedSurrogate(final long byteOffset) {
            return new UnstorableTextException("The body holds a surrogate escape without its pair at byte "
                + byteOffset + ", which is no character and cannot be stored.");
        }

        @Override
        void watchEnd() throws UnstorableTextException {
            if (check.utf8 && continuationBytesDue > 0) {
                throw notUtf8(sequenceStart);
            }
            if (lowEscapeBytesDue > 0) {
                throw unpairedSurrogate(highEscapeStart);
            }
        }

        private static UnstorableTextException notUtf8(final long byteOffset) {
            return new UnstorableTextException("The body is not valid UTF-8: invalid byte sequence at byte "
                + byteOffset + ".");
        }
    }
}
