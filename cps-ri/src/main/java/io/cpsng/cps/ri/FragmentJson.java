package io.cpsng.cps.ri;

import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Leaves to and from the jsonb attributes column; decimals stay BigDecimal so decimal64 keeps its digits. */
final class FragmentJson {

    private static final JsonMapper JSON = JsonMapper.builder()
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .build();
    private static final TypeReference<Map<String, Object>> LEAVES = new TypeReference<>() { };

    private FragmentJson() {
    }

    static String toJson(final Map<String, Object> leaves) {
        return JSON.writeValueAsString(leaves);
    }

    static Map<String, Object> toLeaves(final String json) {
        return JSON.readValue(json, LEAVES);
    }

    static Object toValue(final String json) {
        return JSON.readValue(json, Object.class);
    }
}
