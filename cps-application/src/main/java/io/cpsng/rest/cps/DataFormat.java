package io.cpsng.rest.cps;

import io.cpsng.cps.api.model.ContentType;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Supplier;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Which text format data comes in and goes out in. As in the reference, the request's Content-Type decides,
 * even on a GET; a read without a Content-Type also honours an Accept of XML.
 */
final class DataFormat {

    static final MediaType TEXT_PLAIN_UTF8 = new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8);
    private static final MediaType APPLICATION_XML_UTF8 =
        new MediaType(MediaType.APPLICATION_XML, StandardCharsets.UTF_8);
    private static final String XML = MediaType.APPLICATION_XML_VALUE;

    private DataFormat() {
    }

    /** The format of a request body: XML if the Content-Type says so, JSON otherwise. */
    static ContentType ofBody(final String contentTypeHeader) {
        return mentions(contentTypeHeader, XML) ? ContentType.XML : ContentType.JSON;
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

    private static boolean mentions(final String header, final String mediaType) {
        return header != null && header.toLowerCase(Locale.ROOT).contains(mediaType);
    }
}
