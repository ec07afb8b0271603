package io.cpsng.ncmp.datajobs;

import io.cpsng.ncmp.api.NcmpReadDataJobService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.ClassifiedSelectors;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.inventory.CmHandleRows;
import io.cpsng.ncmp.routing.CmHandleRouter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * Read data jobs sorted as the reference sorts them (it sends nothing to a plugin either): a selector naming a
 * managed element or MeContext by id is routed like an FDN; one naming them by a part of the id goes to every
 * handle whose alternate id holds it; any other selector, or one searching the whole tree ("//"), is for every
 * plugin. Selectors are one a line or joined by OR; blank lines and lines starting with "&&" are left out. A
 * handle's selectors are grouped under the plugin of its read data jobs (dmiDatajobsReadPlugin), else its data plugin.
 */
@Service
class ReadDataJobs implements NcmpReadDataJobService {

    private static final Pattern BY_ID_PART = Pattern.compile(
        "(ManagedElement|MeContext)\\[contains\\(id,\\s*[\"']([^\"']*)[\"']\\)]");

    private final CmHandleRouter cmHandleRouter;
    private final CmHandleRows cmHandleRows;

    ReadDataJobs(final CmHandleRouter cmHandleRouter, final CmHandleRows cmHandleRows) {
        this.cmHandleRouter = cmHandleRouter;
        this.cmHandleRows = cmHandleRows;
    }

    @Override
    public ClassifiedSelectors classifyReadJob(final String dataNodeSelector) {
        if (dataNodeSelector == null || dataNodeSelector.isBlank()) {
            throw new InvalidInputException("No selector", "readProperties.dataNodeSelector is required");
        }
        final List<Selector> selectors = DataNodeSelectors.split(dataNodeSelector).stream().map(Selector::of).toList();
        return classified(selectors, routesByFdn(selectors));
    }

    /** The selectors naming an FDN routed together: one probe of the index per prefix length, not per selector. */
    private Map<String, CmHandleRoute> routesByFdn(final List<Selector> selectors) {
        final Set<String> fdns = new LinkedHashSet<>();
        selectors.forEach(selector -> {
            if (selector.fdn() != null) {
                fdns.add(selector.fdn());
            }
        });
        return fdns.isEmpty() ? Map.of() : cmHandleRouter.routeAll(fdns);
    }

    private ClassifiedSelectors classified(final List<Selector> selectors,
                                           final Map<String, CmHandleRoute> routesByFdn) {
        final List<String> broadcast = new ArrayList<>();
        final Map<String, Map<String, List<String>>> byPlugin = new LinkedHashMap<>();
        final Set<String> notReady = new LinkedHashSet<>();
        final List<String> errors = new ArrayList<>();
        for (final Selector selector : selectors) {
            if (selector.isBroadcast()) {
                broadcast.add(selector.text());
                continue;
            }
            final List<CmHandleRoute> routes = selector.idPart() != null
                ? cmHandleRows.findRoutesByAlternateIdContaining(List.of("ManagedElement=" + selector.idPart(),
                    "MeContext=" + selector.idPart()))
                : Optional.ofNullable(routesByFdn.get(selector.fdn())).map(List::of).orElse(List.of());
            if (routes.isEmpty()) {
                errors.add(selector.text());
            }
            for (final CmHandleRoute route : routes) {
                if (route.cmHandleState() == CmHandleState.READY) {
                    byPlugin.computeIfAbsent(route.dataJobsReadPlugin(), plugin -> new LinkedHashMap<>())
                        .computeIfAbsent(route.dataJobsReadPlugin() + "#" + route.dataProducerIdentifier(),
                            producer -> new ArrayList<>()).add(selector.text());
                } else {
                    notReady.add(selector.text());
                }
            }
        }
        return new ClassifiedSelectors(broadcast, byPlugin, List.copyOf(notReady), errors);
    }

    /**
     * A selector as it is routed: to every plugin (broadcast), by a part of an id (idPart), or by the FDN of its
     * leading steps (fdn; null when it names an id without such steps, and then it routes nowhere).
     */
    private record Selector(String text, String idPart, String fdn, boolean isBroadcast) {

        static Selector of(final String text) {
            if (text.contains("//")) {
                return new Selector(text, null, null, true);
            }
            // the patterns only where their literal parts are: a pattern searched through each of 100,000 selectors
            // was half of classifying them
            final Matcher byIdPart = text.contains("[contains(id") ? BY_ID_PART.matcher(text) : null;
            if (byIdPart != null && byIdPart.find()) {
                return new Selector(text, byIdPart.group(2), null, false);
            }
            if (text.contains("ManagedElement[id=") || text.contains("MeContext[id=")) {
                return new Selector(text, null, DataNodeSelectors.fdnOf(text).orElse(null), false);
            }
            return new Selector(text, null, null, true);
        }
    }
}
