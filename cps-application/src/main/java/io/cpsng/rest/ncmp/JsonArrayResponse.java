package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.model.Results;
import io.cpsng.rest.error.AnswerCutShortException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Function;
import org.springframework.http.MediaType;
import tools.jackson.databind.SequenceWriter;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes search results as a JSON array straight into the response while they are read from the database, so
 * the heap holds one element at a time whatever the number of results. The search was validated before (a bad
 * query is answered 400 before anything is written); a failure once the answer has begun cuts it short.
 */
final class JsonArrayResponse {

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final int BUFFER_BYTES = 64 * 1024;

    private JsonArrayResponse() {
    }

    static <T> void write(final HttpServletResponse response, final Results<T> results,
                          final Function<T, ?> toJson) throws IOException {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        // One sequence writer for the whole array resolves each type's serializer once. It flushes after every
        // element unless told not to, and a flush reaches the socket: 200,000 ids went out as 200,000 chunks.
        final OutputStream body = response.getOutputStream();
        final SequenceWriter array = JSON.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
            .writeValuesAsArray(new BufferedOutputStream(body, BUFFER_BYTES));
        // Not closed when the results fail: closing would end the array and the answer, and the client would read
        // a complete-looking list. Failing before the buffer's first flush, the error is answered instead of the
        // list; failing later, the container cuts the answer short, which every client sees as a failure.
        try {
            results.forEach(result -> array.write(toJson.apply(result)));
        } catch (final RuntimeException failed) {
            throw response.isCommitted() ? new AnswerCutShortException(failed) : failed;
        }
        array.close();
    }
}
