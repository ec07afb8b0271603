package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.api.model.CmHandleState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * The one router from a reference to its handle (ADR 0010): the handle with that id, else the handle whose
 * alternate id is the longest prefix of it in whole '/'-separated segments (an exact alternate id is the longest
 * prefix of itself), ignoring a '#' fragment. '/A=1/B=2' is owned by '/A=1/B=2' over '/A=1', and '/A=10' is not
 * owned by '/A=1'. Every candidate prefix is one probe of the unique alternate-id index: the time per reference
 * does not grow with the number of handles, and there is nothing to warm.
 */
@Component
public class CmHandleRouter {

    // prefixes probed per statement: bounds the array parameter and the rows held at once
    private static final int PREFIXES_PER_STATEMENT = 50_000;
    private static final String ROUTE_COLUMNS = "h.id, h.alternate_id, coalesce(nullif(h.dmi_data_service_name, ''),"
        + " h.dmi_service_name) AS data_plugin, h.data_producer_identifier, h.module_set_tag, h.cm_handle_state";
    private static final RowMapper<CmHandleRoute> ROUTE = (resultSet, rowNumber) -> new CmHandleRoute(
        resultSet.getString("id"), resultSet.getString("alternate_id"), resultSet.getString("data_plugin"),
        resultSet.getString("data_producer_identifier"), resultSet.getString("module_set_tag"),
        CmHandleState.valueOf(resultSet.getString("cm_handle_state")));

    private final JdbcTemplate jdbcTemplate;

    CmHandleRouter(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** The handle the reference leads to, if any. */
    public Optional<CmHandleRoute> route(final String reference) {
        return Optional.ofNullable(routeAll(List.of(reference)).get(reference));
    }

    /** The handle each reference leads to; references that lead to none are not in the answer. */
    public Map<String, CmHandleRoute> routeAll(final Collection<String> references) {
        final Set<String> distinctReferences = new LinkedHashSet<>(references);
        final Map<String, CmHandleRoute> routes = probe("h.id", CmHandleRoute::cmHandleId, distinctReferences);
        final Map<String, List<String>> prefixesByReference = new HashMap<>();
        final Set<String> prefixes = new LinkedHashSet<>();
        for (final String reference : distinctReferences) {
            if (!routes.containsKey(reference)) {
                final List<String> referencePrefixes = prefixesOf(reference);
                prefixesByReference.put(reference, referencePrefixes);
                prefixes.addAll(referencePrefixes);
            }
        }
        final Map<String, CmHandleRoute> byAlternateId = probe("h.alternate_id", CmHandleRoute::alternateId, prefixes);
        prefixesByReference.forEach((reference, referencePrefixes) -> {
            for (final String prefix : referencePrefixes.reversed()) {
                final CmHandleRoute route = byAlternateId.get(prefix);
                if (route != null) {
                    routes.put(reference, route);
                    return;
                }
            }
        });
        return routes;
    }

    /** The reference without its fragment, cut at each '/' that starts a segment, shortest first, whole last. */
    static List<String> prefixesOf(final String reference) {
        final int fragment = reference.indexOf('#');
        final String path = fragment < 0 ? reference : reference.substring(0, fragment);
        final List<String> prefixes = new ArrayList<>();
        for (int slash = path.indexOf('/', 1); slash > 0; slash = path.indexOf('/', slash + 1)) {
            prefixes.add(path.substring(0, slash));
        }
        if (!path.isEmpty()) {
            prefixes.add(path);
        }
        return prefixes;
    }

    /** The handles whose column holds one of the values, keyed by that value. */
    private Map<String, CmHandleRoute> probe(final String column, final Function<CmHandleRoute, String> key,
                                             final Collection<String> values) {
        final Map<String, CmHandleRoute> routes = new HashMap<>();
        final List<String> chunk = new ArrayList<>(Math.min(values.size(), PREFIXES_PER_STATEMENT));
        final Iterator<String> remaining = values.iterator();
        while (remaining.hasNext()) {
            chunk.add(remaining.next());
            if (chunk.size() == PREFIXES_PER_STATEMENT || !remaining.hasNext()) {
                jdbcTemplate.query("SELECT " + ROUTE_COLUMNS + " FROM ncmp_cm_handle h WHERE " + column + " = ANY(?)",
                    resultSet -> {
                        final CmHandleRoute route = ROUTE.mapRow(resultSet, 0);
                        routes.put(key.apply(route), route);
                    }, (Object) chunk.toArray(String[]::new));
                chunk.clear();
            }
        }
        return routes;
    }
}
