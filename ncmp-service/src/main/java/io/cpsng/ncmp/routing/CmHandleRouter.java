package io.cpsng.ncmp.routing;

import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.inventory.RouteRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The one router from a reference to its handle (ADR 0010): the handle with that id, else the handle whose
 * alternate id is the longest prefix of it in whole '/'-separated segments (an exact alternate id is the longest
 * prefix of itself), ignoring a '#' fragment: '/A=1/B=2/C=3' is owned by '/A=1/B=2' over '/A=1', and '/A=10' is not
 * owned by '/A=1'. Of many references, only those with as many '/' as some id has are probed as ids, and only the
 * prefixes with as many '/' as some alternate id has as alternate ids (indexes answer which numbers are in use, one
 * probe each); the candidates go to the unique indexes in statements of up to 50,000, which PostgreSQL may plan as
 * a scan of the table once it holds 1,000,000 handles (ADR 0010): the time per reference grows little with the
 * number of handles, and there is nothing to warm.
 */
@Component
public class CmHandleRouter {

    // candidates probed per statement: bounds the array parameters and the rows held at once (statements of 5,000,
    // faster in a scratch spec on a vacuumed table of 1,000,000, made DataJobsPerfSpec's routing and KPI row 9 slower)
    private static final int PROBES_PER_STATEMENT = 50_000;
    // up to this many references, every prefix is probed in one statement rather than the numbers of '/' in use
    // asked first: measured at 50,000 handles, 100 references took 0.52 ms one way and 1.0 ms the other, 200 took
    // about the same either way
    private static final int FEW_REFERENCES = 200;
    private final RouteRows routeRows;

    CmHandleRouter(final RouteRows routeRows) {
        this.routeRows = routeRows;
    }

    /** The handle the reference leads to, if any. */
    public Optional<CmHandleRoute> route(final String reference) {
        return Optional.ofNullable(routeAll(List.of(reference)).get(reference));
    }

    /** The handle each reference leads to; references that lead to none are not in the answer. */
    public Map<String, CmHandleRoute> routeAll(final Collection<String> references) {
        final List<String> referenceList = List.copyOf(references);
        final List<CmHandleRoute> routeList = routeEach(referenceList);
        final Map<String, CmHandleRoute> routes = HashMap.newHashMap(referenceList.size());
        for (int index = 0; index < referenceList.size(); index++) {
            if (routeList.get(index) != null) {
                routes.put(referenceList.get(index), routeList.get(index));
            }
        }
        return routes;
    }

    /**
     * The handle each reference leads to, in the references' order: null where it leads to none. Each reference's
     * candidate prefixes are cut once and kept (their hashes with them) for the second pass; a prefix many
     * references share is probed once.
     */
    public List<CmHandleRoute> routeEach(final List<String> references) {
        final BitSet idSlashCounts = references.size() <= FEW_REFERENCES ? null : new BitSet();
        final BitSet alternateIdSlashCounts = idSlashCounts == null ? null : new BitSet();
        if (idSlashCounts != null) {
            routeRows.slashCountsInUse(idSlashCounts, alternateIdSlashCounts);
        }
        final String[] paths = new String[references.size()];
        final Set<String> idCandidates = new LinkedHashSet<>();
        final List<String> prefixes = new ArrayList<>(references.size());
        final int[] firstPrefixOf = new int[references.size() + 1];
        final Set<String> alternateIdCandidates = new LinkedHashSet<>();
        for (int index = 0; index < paths.length; index++) {
            final String path = withoutFragment(references.get(index));
            paths[index] = path;
            firstPrefixOf[index] = prefixes.size();
            final int slashes = addCandidatePrefixes(path, alternateIdSlashCounts, prefixes);
            if (!path.isEmpty() && inUse(idSlashCounts, slashes)) {
                idCandidates.add(path);
            }
            alternateIdCandidates.addAll(prefixes.subList(firstPrefixOf[index], prefixes.size()));
        }
        firstPrefixOf[paths.length] = prefixes.size();
        final Map<String, CmHandleRoute> byId = new HashMap<>();
        final Map<String, CmHandleRoute> byAlternateId = new HashMap<>();
        probe(idCandidates, alternateIdCandidates, byId, byAlternateId);
        final CmHandleRoute[] routes = new CmHandleRoute[paths.length];
        for (int index = 0; index < paths.length; index++) {
            CmHandleRoute route = byId.isEmpty() ? null : byId.get(paths[index]);
            // the longest prefix that is an alternate id: the candidates were kept shortest first
            for (int prefix = firstPrefixOf[index + 1] - 1; route == null && prefix >= firstPrefixOf[index];
                 prefix--) {
                route = byAlternateId.get(prefixes.get(prefix));
            }
            routes[index] = route;
        }
        return Arrays.asList(routes);
    }

    /**
     * The prefixes of the reference, without its fragment, that end before a '/' or at its end and have a number
     * of '/' some alternate id has (any number, given null); shortest first.
     */
    static List<String> candidatePrefixes(final String reference, final BitSet slashCountsInUse) {
        final List<String> prefixes = new ArrayList<>(2);
        addCandidatePrefixes(withoutFragment(reference), slashCountsInUse, prefixes);
        return prefixes;
    }

    /** Adds the candidate prefixes of the path, shortest first; answers the number of '/' in the path. */
    private static int addCandidatePrefixes(final String path, final BitSet slashCountsInUse,
                                            final Collection<String> candidates) {
        int slashes = 0;
        for (int index = 0; index < path.length(); index++) {
            if (path.charAt(index) == '/') {
                if (index > 0 && inUse(slashCountsInUse, slashes)) {
                    candidates.add(path.substring(0, index));
                }
                slashes++;
            }
        }
        if (!path.isEmpty() && inUse(slashCountsInUse, slashes)) {
            candidates.add(path);
        }
        return slashes;
    }

    private static boolean inUse(final BitSet slashCountsInUse, final int slashes) {
        return slashCountsInUse == null || slashCountsInUse.get(slashes);
    }

    private static String withoutFragment(final String reference) {
        final int fragment = reference.indexOf('#');
        return fragment < 0 ? reference : reference.substring(0, fragment);
    }

    private void probe(final Collection<String> ids, final Collection<String> alternateIds,
                       final Map<String, CmHandleRoute> byId, final Map<String, CmHandleRoute> byAlternateId) {
        final List<String> idChunk = new ArrayList<>();
        final List<String> alternateIdChunk = new ArrayList<>();
        final var remainingIds = ids.iterator();
        final var remainingAlternateIds = alternateIds.iterator();
        while (remainingIds.hasNext() || remainingAlternateIds.hasNext()) {
            while (remainingIds.hasNext() && idChunk.size() < PROBES_PER_STATEMENT) {
                idChunk.add(remainingIds.next());
            }
            while (remainingAlternateIds.hasNext() && alternateIdChunk.size() < PROBES_PER_STATEMENT) {
                alternateIdChunk.add(remainingAlternateIds.next());
            }
            routeRows.probe(idChunk, alternateIdChunk, (matchedById, route) -> {
                if (matchedById) {
                    byId.put(route.cmHandleId(), route);
                } else {
                    byAlternateId.put(route.alternateId(), route);
                }
            });
            idChunk.clear();
            alternateIdChunk.clear();
        }
    }
}
