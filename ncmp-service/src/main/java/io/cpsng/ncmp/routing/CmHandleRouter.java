package io.cpsng.ncmp.routing;

import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.inventory.RouteRows;
import java.util.ArrayList;
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
 * probe each); every candidate is one probe of a unique index, all in one statement per 50,000: the time per
 * reference does not grow with the number of handles, and there is nothing to warm.
 */
@Component
public class CmHandleRouter {

    // candidates probed per statement: bounds the array parameters and the rows held at once
    private static final int PROBES_PER_STATEMENT = 50_000;
    private static final int FEW_REFERENCES = 16;
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
        final Set<String> distinctReferences = new LinkedHashSet<>(references);
        // a few references are cheaper probed as ids and at every prefix than asked first which can match
        final BitSet idSlashCounts = distinctReferences.size() <= FEW_REFERENCES ? null : new BitSet();
        final BitSet alternateIdSlashCounts = idSlashCounts == null ? null : new BitSet();
        if (idSlashCounts != null) {
            routeRows.slashCountsInUse(idSlashCounts, alternateIdSlashCounts);
        }
        final List<String> idCandidates = new ArrayList<>();
        final Set<String> alternateIdCandidates = new LinkedHashSet<>();
        for (final String reference : distinctReferences) {
            final String path = withoutFragment(reference);
            if (!path.isEmpty() && inUse(idSlashCounts, slashesIn(path))) {
                idCandidates.add(path);
            }
            addCandidatePrefixes(path, alternateIdSlashCounts, alternateIdCandidates);
        }
        final Map<String, CmHandleRoute> byId = new HashMap<>();
        final Map<String, CmHandleRoute> byAlternateId = new HashMap<>();
        probe(idCandidates, alternateIdCandidates, byId, byAlternateId);
        // the prefixes are cut again rather than kept: a list per reference weighs more than the cutting costs
        final Map<String, CmHandleRoute> routes = new HashMap<>();
        for (final String reference : distinctReferences) {
            final String path = withoutFragment(reference);
            CmHandleRoute route = byId.get(path);
            if (route == null) {
                route = longestPrefixRoute(path, alternateIdSlashCounts, byAlternateId);
            }
            if (route != null) {
                routes.put(reference, route);
            }
        }
        return routes;
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

    private static void addCandidatePrefixes(final String path, final BitSet slashCountsInUse,
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
    }

    /** The route of the longest candidate prefix of the path that is an alternate id; null if none is. */
    private static CmHandleRoute longestPrefixRoute(final String path, final BitSet slashCountsInUse,
                                                    final Map<String, CmHandleRoute> byAlternateId) {
        int slashesBefore = slashesIn(path);
        if (!path.isEmpty() && inUse(slashCountsInUse, slashesBefore)) {
            final CmHandleRoute route = byAlternateId.get(path);
            if (route != null) {
                return route;
            }
        }
        for (int index = path.length() - 1; index > 0; index--) {
            if (path.charAt(index) == '/') {
                slashesBefore--;
                if (inUse(slashCountsInUse, slashesBefore)) {
                    final CmHandleRoute route = byAlternateId.get(path.substring(0, index));
                    if (route != null) {
                        return route;
                    }
                }
            }
        }
        return null;
    }

    private static boolean inUse(final BitSet slashCountsInUse, final int slashes) {
        return slashCountsInUse == null || slashCountsInUse.get(slashes);
    }

    private static String withoutFragment(final String reference) {
        final int fragment = reference.indexOf('#');
        return fragment < 0 ? reference : reference.substring(0, fragment);
    }

    private static int slashesIn(final String text) {
        int slashes = 0;
        for (int index = 0; index < text.length(); index++) {
            if (text.charAt(index) == '/') {
                slashes++;
            }
        }
        return slashes;
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
