package io.cpsng.cps.ri;

import java.util.Map;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.json.JsonMapper;

/**
 * Leaves as the text of the jsonb attributes column, written by the mapper ({@link JsonbText} reads them back). The
 * mapper's buffers are recycled per thread: the shared pool's deque was a tenth of a read's time.
 */
final class FragmentJson {

    private static final JsonFactory FACTORY = JsonFactory.builder()
        .recyclerPool(JsonRecyclerPools.threadLocalPool())
        .build();
    private static final JsonMapper JSON = JsonMapper.builder(FACTORY).build();

    private FragmentJson() {
    }

    static String toJson(final Map<String, Object> leaves) {
        return JSON.writeValueAsString(leaves);
    }
}
