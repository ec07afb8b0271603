package io.cpsng.cps.ri;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.json.JsonMapper;

/**
 * Leaves to and from the jsonb attributes column; decimals stay BigDecimal so decimal64 keeps its digits. Written
 * by the mapper, read by {@link JsonbText} into the types the mapper would bind them to. The mapper's buffers are
 * recycled per thread: the shared pool's deque was a tenth of a read's time.
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

    /** The leaves of the attributes text in UTF-8, as the driver hands it over: no String is made of it. */
    static Map<String, Object> toLeaves(final byte[] json) {
        return JsonbText.leaves(json);
    }

    static Object toValue(final String json) {
        return JsonbText.value(json.getBytes(StandardCharsets.UTF_8));
    }
}
