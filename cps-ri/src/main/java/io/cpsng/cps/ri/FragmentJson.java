package io.cpsng.cps.ri;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Leaves to and from the jsonb attributes column; decimals stay BigDecimal so decimal64 keeps its digits.
 * A read turns one attributes text into leaves per fragment, hundreds of thousands a second: they are read token
 * by token, as the mapper would bind them to a map (LinkedHashMap, ArrayList, the smallest integer type that holds
 * the number; a fragment's own leaves as {@link ReadLeaves}), without the mapper's per-call set-up. Buffers are
 * recycled per thread: the shared pool's deque was a tenth of a read's time.
 */
final class FragmentJson {

    private static final JsonFactory FACTORY = JsonFactory.builder()
        .recyclerPool(JsonRecyclerPools.threadLocalPool())
        .build();
    private static final JsonMapper JSON = JsonMapper.builder(FACTORY)
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .build();

    private FragmentJson() {
    }

    static String toJson(final Map<String, Object> leaves) {
        return JSON.writeValueAsString(leaves);
    }

    /** The leaves of the attributes text in UTF-8, as the driver hands it over: no String is made of it. */
    static Map<String, Object> toLeaves(final byte[] json) {
        try (JsonParser parser = JSON.createParser(json)) {
            final JsonToken first = parser.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new IllegalStateException("Fragment attributes are not a JSON object: " + first);
            }
            return readLeaves(parser);
        }
    }

    static Object toValue(final String json) {
        try (JsonParser parser = JSON.createParser(json)) {
            return readValue(parser, parser.nextToken());
        }
    }

    // jsonb holds each name once; many leaves go to a hash map, where finding one does not mean a scan
    private static Map<String, Object> readLeaves(final JsonParser parser) {
        final List<Object> namesAndValues = new ArrayList<>(16);
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            namesAndValues.add(parser.currentName());
            namesAndValues.add(readValue(parser, parser.nextToken()));
        }
        if (namesAndValues.size() / 2 > ReadLeaves.MAX_LEAVES) {
            final Map<String, Object> leaves = new LinkedHashMap<>();
            for (int index = 0; index < namesAndValues.size(); index += 2) {
                leaves.put((String) namesAndValues.get(index), namesAndValues.get(index + 1));
            }
            return leaves;
        }
        return new ReadLeaves(namesAndValues.toArray());
    }

    private static Map<String, Object> readObject(final JsonParser parser) {
        final Map<String, Object> object = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            final String name = parser.currentName();
            object.put(name, readValue(parser, parser.nextToken()));
        }
        return object;
    }

    private static List<Object> readArray(final JsonParser parser) {
        final List<Object> array = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            array.add(readValue(parser, token));
        }
        return array;
    }

    private static Object readValue(final JsonParser parser, final JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT -> parser.getNumberValue();
            case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            case START_OBJECT -> readObject(parser);
            case START_ARRAY -> readArray(parser);
            default -> throw new IllegalStateException("Unexpected JSON token in fragment attributes: " + token);
        };
    }
}
