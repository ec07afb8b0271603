package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.model.Results;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Function;
import org.springframework.http.MediaType;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes search results as a JSON array straight into the response while they are read from the database, so
 * the heap holds one element at a time whatever the number of results. The search was validated before (a bad
 * query is answered 400 before anything is written); a failure once the answer has begun can only cut it short.
 */
final class JsonArrayResponse {

    private static final JsonMapper JSON = JsonMapper.shared();

    private JsonArrayResponse() {
    }

    static <T> void write(final HttpServletResponse response, final Results<T> results,
                          final Function<T, ?> toJson) throws IOException {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        try (OutputStream body = response.getOutputStream(); JsonGenerator generator = JSON.createGenerator(body)) {
            generator.writeStartArray();
            results.forEach(result -> JSON.writeValue(generator, toJson.apply(result)));
            generator.writeEndArray();
        }
    }
}
