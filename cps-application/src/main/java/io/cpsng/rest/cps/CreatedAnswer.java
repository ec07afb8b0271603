package io.cpsng.rest.cps;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The answer to creating a dataspace, schema set or anchor: 201, with the name as plain text in v1 only. */
final class CreatedAnswer {

    private static final MediaType TEXT_PLAIN_UTF8 = new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8);

    private CreatedAnswer() {
    }

    /** The deprecated v1 answers with the name it was given; v2 with no body. */
    static ResponseEntity<String> of(final String apiVersion, final String name) {
        final ResponseEntity.BodyBuilder created = ResponseEntity.status(HttpStatus.CREATED);
        return "v1".equals(apiVersion) ? created.contentType(TEXT_PLAIN_UTF8).body(name) : created.build();
    }
}
