package io.cpsng.ncmp.dmi;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Every URL NCMP calls on a DMI plugin, built in one place so that each path segment and query parameter is
 * percent-encoded once and the same way: a cm handle id, datastore, FDN, topic or destination may hold any
 * character, '/' and '%' included.
 */
final class DmiUrls {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private DmiUrls() {
    }

    /** POST /dmi/v1/ch/{cmHandle}/modules. */
    static URI moduleReferences(final String plugin, final String cmHandleId) {
        return dmiV1(plugin).segment("ch").segment(cmHandleId).segment("modules").toUri();
    }

    /** POST /dmi/v1/ch/{cmHandle}/moduleResources. */
    static URI moduleResources(final String plugin, final String cmHandleId) {
        return dmiV1(plugin).segment("ch").segment(cmHandleId).segment("moduleResources").toUri();
    }

    /**
     * POST /dmi/v1/ch/{cmHandle}/data/ds/{datastore}?resourceIdentifier=&amp;options=&amp;topic=: the resource
     * identifier always (empty when there is none), the options only when there are some, the topic when given.
     */
    static URI passThrough(final String plugin, final String cmHandleId, final String datastore,
                           final String resourceIdentifier, final String options, final String topic) {
        return dmiV1(plugin).segment("ch").segment(cmHandleId).segment("data").segment("ds").segment(datastore)
            .query("resourceIdentifier", resourceIdentifier == null ? "" : resourceIdentifier)
            .query("options", options == null || options.isEmpty() ? null : options)
            .query("topic", topic)
            .toUri();
    }

    /** POST /dmi/v1/data?requestId=&amp;topic=. */
    static URI dataOperations(final String plugin, final String requestId, final String topic) {
        return dmiV1(plugin).segment("data").query("requestId", requestId).query("topic", topic).toUri();
    }

    /** POST /dmi/v1/cmwriteJob?destination=. */
    static URI writeJob(final String plugin, final String destination) {
        return dmiV1(plugin).segment("cmwriteJob").query("destination", destination).toUri();
    }

    /** GET /dmi/v1/cmwriteJob/dataProducer/{id}/dataProducerJob/{id}/{status or result}, ?destination= if given. */
    static URI writeJobQuery(final String plugin, final String dataProducerId, final String dataProducerJobId,
                             final String what, final String destination) {
        return dmiV1(plugin).segment("cmwriteJob").segment("dataProducer").segment(dataProducerId)
            .segment("dataProducerJob").segment(dataProducerJobId).segment(what)
            .query("destination", destination).toUri();
    }

    /**
     * {plugin}/ProvMnS/v1{fdn}?query, beside /dmi as the reference calls it. The FDN (it starts with '/') is the
     * path: each of its segments encoded, '=' and ',' kept as the reference sends them. The query in its order.
     */
    static URI provMns(final String plugin, final String fdn, final Map<String, String> query) {
        final Url url = new Url(plugin, "/ProvMnS/v1");
        final String[] segments = fdn.split("/", -1);
        for (int index = 0; index < segments.length; index++) {
            url.path.append(index == 0 ? "" : "/").append(encode(segments[index], true));
        }
        query.forEach(url::query);
        return url.toUri();
    }

    /** GET /actuator/health. */
    static URI health(final String plugin) {
        return new Url(plugin, "/actuator/health").toUri();
    }

    /**
     * The text's UTF-8 bytes, each percent-encoded unless it is a letter, digit or one of ".-*_" (the characters
     * java.net.URLEncoder leaves, so that plugins see what they always saw; a space is %20, never '+'), or, in an
     * FDN segment, '=' or ','.
     */
    static String encode(final String text, final boolean inFdn) {
        final StringBuilder encoded = new StringBuilder(text.length());
        for (final byte utf8Byte : text.getBytes(StandardCharsets.UTF_8)) {
            final int character = utf8Byte & 0xFF;
            if (isKept(character) || inFdn && (character == '=' || character == ',')) {
                encoded.append((char) character);
            } else {
                encoded.append('%').append(HEX[character >> 4]).append(HEX[character & 0xF]);
            }
        }
        return encoded.toString();
    }

    private static boolean isKept(final int character) {
        return character >= 'a' && character <= 'z' || character >= 'A' && character <= 'Z'
            || character >= '0' && character <= '9' || character == '.' || character == '-' || character == '*'
            || character == '_';
    }

    private static Url dmiV1(final String plugin) {
        return new Url(plugin, "/dmi/v1");
    }

    /** A URL being built: the plugin's address without its trailing '/', then the path, then the query. */
    private static final class Url {

        private final StringBuilder path;
        private final StringBuilder query = new StringBuilder();

        Url(final String plugin, final String root) {
            this.path = new StringBuilder(plugin.endsWith("/") ? plugin.substring(0, plugin.length() - 1) : plugin)
                .append(root);
        }

        Url segment(final String segment) {
            path.append('/').append(encode(segment, false));
            return this;
        }

        /** A parameter whose value is null is left out. */
        Url query(final String name, final String value) {
            if (value != null) {
                query.append(query.isEmpty() ? '?' : '&').append(encode(name, false)).append('=')
                    .append(encode(value, false));
            }
            return this;
        }

        URI toUri() {
            return URI.create(path.append(query).toString());
        }
    }
}
