package io.cpsng.rest.cps;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.function.Supplier;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Which text format data comes in and goes out in. As in the reference, the request's Content-Type decides,
 * even on a GET; a read without a Content-Type also honours an Accept of XML.
 */
final class DataFormat {

    private static final MediaType APPLICATION_XML_UTF8 =
        new MediaType(MediaType.APPLICATION_XML, StandardCharsets.UTF_8);
    private static final String XML = MediaType.APPLICATION_XML_VALUE;

    private DataFormat() {
    }

    /** The format of a request body: XML if the Content-Type says so, JSON otherwise. */
    static ContentType ofBody(final String contentTypeHeader) {
        return mentions(contentTypeHeader, XML) ? ContentType.XML : ContentType.JSON;
    }

    /**
     * The text of a request body in the charset its Content-Type names (UTF-8 when it names none), refusing bytes
     * that are not valid in it instead of storing replacement characters.
     */
    static String text(final byte[] body, final String contentTypeHeader) {
        final Charset charset = charsetOf(contentTypeHeader);
        final CharsetDecoder decoder = charset.newDecoder();
        final ByteBuffer input = ByteBuffer.wrap(body);
        final CharBuffer output = CharBuffer.allocate((int) Math.ceil(body.length * (double) decoder.maxCharsPerByte()));
        CoderResult result = decoder.decode(input, output, true);
        if (!result.isError()) {
            result = decoder.flush(output);
        }
        if (result.isError()) {
            throw new DataValidationException("Invalid data", "The request body is not valid " + charset.name()
                + ": invalid byte sequence at byte " + input.position() + "; send the data encoded in "
                + charset.name());
        }
        return output.flip().toString();
    }

    /** The format of an answer: the Content-Type's if there is one, else XML only if Accept asks for it alone. */
    static ContentType ofAnswer(final String contentTypeHeader, final String acceptHeader) {
        if (contentTypeHeader != null && !contentTypeHeader.isBlank()) {
            return ofBody(contentTypeHeader);
        }
        final boolean acceptsXmlOnly = mentions(acceptHeader, XML)
            && !mentions(acceptHeader, MediaType.APPLICATION_JSON_VALUE);
        return acceptsXmlOnly ? ContentType.XML : ContentType.JSON;
    }

    /** A 200 answer with a JSON or XML body; the type is set so Accept negotiation cannot reject it. */
    static ResponseEntity<Object> ok(final ContentType format, final Supplier<JsonNode> json,
                                     final Supplier<String> xml) {
        return format == ContentType.XML
            ? ResponseEntity.ok().contentType(APPLICATION_XML_UTF8).body(xml.get())
            : ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.get());
    }

    private static Charset charsetOf(final String contentTypeHeader) {
        try {
            final Charset charset = contentTypeHeader == null || contentTypeHeader.isBlank() ? null
                : MediaType.parseMediaType(contentTypeHeader).getCharset();
            return charset == null ? StandardCharsets.UTF_8 : charset;
        } catch (final InvalidMediaTypeException | UnsupportedCharsetException unknownCharset) {
            throw new DataValidationException("Invalid Content-Type", "Content-Type '" + contentTypeHeader
                + "' could not be used: " + unknownCharset.getMessage());
        }
    }

    private static boolean mentions(final String header, final String mediaType) {
        return header != null && header.toLowerCase(Locale.ROOT).contains(mediaType);
    }
}
