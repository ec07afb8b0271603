package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.CmHandleInventory.NCMP_DATASPACE;
import static io.cpsng.ncmp.inventory.CmHandleInventory.NFP_OPERATIONAL_DATASPACE;
import static io.cpsng.ncmp.inventory.CmHandleInventory.REGISTRY_ANCHOR;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.CpsQueryService;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.path.Xpaths;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.CmHandleQuery.Condition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Translates CM-handle searches into one SQL condition on the handle's ncmp_cm_handle row
 * ({@link #toSqlCondition}), after validating them; {@link #findCmHandleIds} still evaluates them on the
 * store's dmi-registry model, until reads come from the table.
 *
 * <p>The store evaluation runs a few store queries, never one per handle: every condition parameter
 * is one cps-path query on the registry that the store runs as indexed SQL, giving the ids of the matching
 * handles; the id sets are intersected here, stopping at the first empty one. hasAllModules comes last: it
 * reads the schema sets once and then the anchors of the remaining candidates in one call.
 *
 * <p>A condition on nodes below the handles (properties, state) selects those nodes and takes the handle id
 * from their xpaths rather than asking the store for their cm-handles ancestors: hasAllProperties over
 * 25,000 handles took 95 s in the ancestor form; selecting the property nodes takes 0.2 s for 20,000.
 */
@Component
class CmHandleSearch {

    static final String TRUST_LEVEL_COMPLETE = "COMPLETE";
    static final String TRUST_LEVEL_NONE = "NONE";

    private static final String CM_HANDLES = "/dmi-registry/cm-handles";
    private static final String CM_HANDLE_KEY_PREFIX = CM_HANDLES + "[@id=";
    private static final String ANCESTOR_CM_HANDLES = "/ancestor::cm-handles";
    private static final String ID_LEAF = "/@id";
    private static final String ANCESTOR_AXIS = "/ancestor::";
    private static final String INVALID_QUERY = "Invalid query parameter";
    private static final String ADDITIONAL_PROPERTIES = "additional-properties";
    private static final JsonMapper JSON_MAPPER = JsonMapper.builder().build();

    private final CpsQueryService cpsQueryService;
    private final CpsModuleService cpsModuleService;
    private final CpsAnchorService cpsAnchorService;
    private final AlternateIds alternateIds;

    CmHandleSearch(final CpsQueryService cpsQueryService, final CpsModuleService cpsModuleService,
                   final CpsAnchorService cpsAnchorService, final AlternateIds alternateIds) {
        this.cpsQueryService = cpsQueryService;
        this.cpsModuleService = cpsModuleService;
        this.cpsAnchorService = cpsAnchorService;
        this.alternateIds = alternateIds;
    }

    /** A condition that passed validation: what it is and the values of its parameters, by parameter name. */
    private record ValidCondition(SearchCondition condition, List<Map.Entry<String, String>> parameters) {

        List<String> values() {
            return parameters.stream().map(Map.Entry::getValue).toList();
        }
    }

    /**
     * The ids of the handles meeting every condition of the query; InvalidInputException names the first
     * malformed or not allowed condition. Additional properties are private to the inventory interface:
     * elsewhere a cps-path reaching them matches nothing.
     */
    Set<String> findCmHandleIds(final CmHandleQuery cmHandleQuery, final Set<SearchCondition> allowedConditions) {
        final List<ValidCondition> conditions = validate(cmHandleQuery, allowedConditions);
        if (conditions.isEmpty()) {
            return allCmHandleIds();
        }
        final boolean additionalPropertiesVisible = allowedConditions.contains(
            SearchCondition.HAS_ALL_ADDITIONAL_PROPERTIES);
        Set<String> candidates = null;
        for (final ValidCondition validCondition : modulesLast(conditions)) {
            final Set<String> matching = evaluate(validCondition, candidates, additionalPropertiesVisible);
            candidates = candidates == null ? matching : intersection(candidates, matching);
            if (candidates.isEmpty()) {
                break;
            }
        }
        return candidates;
    }

    /** The handles registered with the plugin as DMI, data or model plugin. */
    Set<String> findCmHandleIdsWithDmiPlugin(final String dmiPluginIdentifier) {
        final String plugin = Xpaths.quote(dmiPluginIdentifier);
        return queryIds(CM_HANDLES + "[@dmi-service-name=" + plugin + " or @dmi-data-service-name=" + plugin
            + " or @dmi-model-service-name=" + plugin + "]" + ID_LEAF);
    }

    /**
     * The query as one condition on {@code ncmp_cm_handle h}, validated as {@link #findCmHandleIds} does:
     * every condition holds (one given twice holds twice) and no condition means every handle. The bind
     * parameters grow with the query, never with the inventory. Additional properties are private to the
     * inventory interface: elsewhere a cps-path reaching them matches no handle.
     */
    SqlCondition toSqlCondition(final CmHandleQuery cmHandleQuery, final Set<SearchCondition> allowedConditions) {
        final boolean additionalPropertiesVisible = allowedConditions.contains(
            SearchCondition.HAS_ALL_ADDITIONAL_PROPERTIES);
        // every condition is translated, so an unsupported cps-path is refused even next to one matching nothing
        return SqlCondition.and(validate(cmHandleQuery, allowedConditions).stream()
            .map(validCondition -> toSqlCondition(validCondition, additionalPropertiesVisible))
            .toList());
    }

    /** The handles registered with the plugin as DMI, data or model plugin, as a condition on {@code h}. */
    SqlCondition withDmiPlugin(final String dmiPluginIdentifier) {
        return SqlCondition.of("? in (h.dmi_service_name, h.dmi_data_service_name, h.dmi_model_service_name)",
            dmiPluginIdentifier);
    }

    private SqlCondition toSqlCondition(final ValidCondition validCondition,
                                        final boolean additionalPropertiesVisible) {
        return switch (validCondition.condition()) {
            case HAS_ALL_PROPERTIES -> withAllProperties("h.public_properties", validCondition.parameters());
            case HAS_ALL_ADDITIONAL_PROPERTIES ->
                withAllProperties("h.additional_properties", validCondition.parameters());
            case WITH_CPS_PATH ->
                InventoryCpsPath.toSqlCondition(validCondition.values().getFirst(), additionalPropertiesVisible);
            case WITH_DMI_PLUGIN -> SqlCondition.and(validCondition.values().stream().map(this::withDmiPlugin).toList());
            case WITH_TRUST_LEVEL -> SqlCondition.and(validCondition.values().stream()
                .map(trustLevel -> SqlCondition.of("coalesce(h.trust_level, 'COMPLETE') = ?", trustLevel)).toList());
            case HAS_ALL_MODULES -> withAllModules(validCondition.values());
        };
    }

    /**
     * One containment of all the pairs, which the GIN index (jsonb_path_ops) serves; a name asked with two
     * values cannot be met, and one JSON object could not say so (its last value would win).
     */
    private static SqlCondition withAllProperties(final String propertiesColumn,
                                                  final List<Map.Entry<String, String>> properties) {
        final Map<String, String> valuesByName = new LinkedHashMap<>();
        for (final Map.Entry<String, String> property : properties) {
            final String earlierValue = valuesByName.putIfAbsent(property.getKey(), property.getValue());
            if (earlierValue != null && !earlierValue.equals(property.getValue())) {
                return SqlCondition.FALSE;
            }
        }
        return SqlCondition.of(propertiesColumn + " @> ?::jsonb", JSON_MAPPER.writeValueAsString(valuesByName));
    }

    /** The schema sets holding every module (by name) are found in the store; the handle names its set. */
    private SqlCondition withAllModules(final List<String> moduleNames) {
        final String[] schemaSetNames = cpsModuleService.getSchemaSets(NFP_OPERATIONAL_DATASPACE).stream()
            .filter(schemaSet -> moduleNamesOf(schemaSet).containsAll(moduleNames))
            .map(SchemaSet::name)
            .toArray(String[]::new);
        return schemaSetNames.length == 0 ? SqlCondition.FALSE
            : SqlCondition.of("h.schema_set_name = any(?)", (Object) schemaSetNames);
    }

    /** The ids in order, or their alternate ids (a handle without one keeps its id), ordered too. */
    List<String> toReferences(final Collection<String> cmHandleIds, final boolean outputAlternateId) {
        if (!outputAlternateId) {
            return cmHandleIds.stream().sorted().toList();
        }
        final Map<String, String> alternateIdsByCmHandleId = alternateIds.alternateIdsOf(cmHandleIds);
        return cmHandleIds.stream().map(cmHandleId -> alternateIdsByCmHandleId.getOrDefault(cmHandleId, cmHandleId))
            .sorted().toList();
    }

    private Set<String> evaluate(final ValidCondition validCondition, final Set<String> candidates,
                                 final boolean additionalPropertiesVisible) {
        return switch (validCondition.condition()) {
            case HAS_ALL_PROPERTIES -> findWithAllProperties("public-properties", validCondition.parameters());
            case HAS_ALL_ADDITIONAL_PROPERTIES ->
                findWithAllProperties(ADDITIONAL_PROPERTIES, validCondition.parameters());
            case WITH_CPS_PATH -> findWithCpsPath(validCondition.values().getFirst(), additionalPropertiesVisible);
            case WITH_DMI_PLUGIN -> findWithEach(validCondition.values(), this::findCmHandleIdsWithDmiPlugin);
            case WITH_TRUST_LEVEL -> findWithEach(validCondition.values(), this::findWithTrustLevel);
            case HAS_ALL_MODULES -> findWithAllModules(validCondition.values(), candidates);
        };
    }

    private Set<String> allCmHandleIds() {
        return queryIds(CM_HANDLES + ID_LEAF);
    }

    /** One query per property: a handle has the property when it has an entry with that name and value. */
    private Set<String> findWithAllProperties(final String propertyList,
                                              final List<Map.Entry<String, String>> properties) {
        return findWithEach(properties, property -> queryCmHandleIdsHolding(CM_HANDLES + "/" + propertyList
            + "[@name=" + Xpaths.quote(property.getKey()) + " and @value=" + Xpaths.quote(property.getValue()) + "]"));
    }

    /**
     * Any cps-path on the registry, meaning the handles that are or hold what it selects. A trailing
     * ancestor::cm-handles (the reference adds it itself, and clients may write it) changes nothing but
     * speed, so it is dropped; other ancestor axes go to the store as given (only cm-handles have an id).
     */
    private Set<String> findWithCpsPath(final String cpsPath, final boolean additionalPropertiesVisible) {
        if (!additionalPropertiesVisible && cpsPath.contains(ADDITIONAL_PROPERTIES)) {
            return Set.of();
        }
        final String selectingPath = cpsPath.endsWith(ANCESTOR_CM_HANDLES)
            ? cpsPath.substring(0, cpsPath.length() - ANCESTOR_CM_HANDLES.length()) : cpsPath;
        if (selectingPath.contains(ANCESTOR_AXIS) || selectsCmHandles(selectingPath)) {
            return queryIds(selectingPath + ID_LEAF);
        }
        return queryCmHandleIdsHolding(selectingPath);
    }

    /** Handles registered without a trust level are trusted completely, as in the reference. */
    private Set<String> findWithTrustLevel(final String trustLevel) {
        final Set<String> untrusted = queryIds(CM_HANDLES + "[@trust-level=" + Xpaths.quote(TRUST_LEVEL_NONE) + "]"
            + ID_LEAF);
        if (TRUST_LEVEL_NONE.equals(trustLevel)) {
            return untrusted;
        }
        final Set<String> trusted = allCmHandleIds();
        trusted.removeAll(untrusted);
        return trusted;
    }

    /** Schema sets holding every module (by name), then the anchors (named by handle id) on those sets. */
    private Set<String> findWithAllModules(final List<String> moduleNames, final Set<String> candidates) {
        final Set<String> schemaSetNames = cpsModuleService.getSchemaSets(NFP_OPERATIONAL_DATASPACE).stream()
            .filter(schemaSet -> moduleNamesOf(schemaSet).containsAll(moduleNames))
            .map(SchemaSet::name)
            .collect(Collectors.toSet());
        if (schemaSetNames.isEmpty()) {
            return Set.of();
        }
        final Collection<Anchor> anchors = candidates == null
            ? cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE)
            : cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, candidates);
        return anchors.stream().filter(anchor -> schemaSetNames.contains(anchor.schemaSetName()))
            .map(Anchor::name)
            .collect(Collectors.toCollection(HashSet::new));
    }

    /** The handles holding the nodes the cps-path selects, each node read without descendants. */
    private Set<String> queryCmHandleIdsHolding(final String cpsPath) {
        return cpsQueryService.queryDataNodes(NCMP_DATASPACE, REGISTRY_ANCHOR, cpsPath,
                FetchDescendantsOption.OMIT_DESCENDANTS).stream()
            .map(dataNode -> cmHandleIdOf(dataNode.xpath()))
            .filter(Objects::nonNull)
            .collect(Collectors.toCollection(HashSet::new));
    }

    private Set<String> queryIds(final String cpsPath) {
        return cpsQueryService.queryDataLeaf(NCMP_DATASPACE, REGISTRY_ANCHOR, cpsPath).stream()
            .map(String::valueOf)
            .collect(Collectors.toCollection(HashSet::new));
    }

    /** The handles that every one of the parameters finds; stops at the first empty set. */
    private static <T> Set<String> findWithEach(final List<T> parameters,
                                                final Function<T, Set<String>> find) {
        Set<String> found = null;
        for (final T parameter : parameters) {
            found = found == null ? find.apply(parameter) : intersection(found, find.apply(parameter));
            if (found.isEmpty()) {
                break;
            }
        }
        return found;
    }

    private static boolean selectsCmHandles(final String cpsPath) {
        final String lastStepName = Xpaths.lastStepName(cpsPath);
        return "cm-handles".equals(lastStepName.substring(lastStepName.indexOf(':') + 1));
    }

    /**
     * The id of the handle a node belongs to, from the node's canonical xpath
     * /dmi-registry/cm-handles[@id='...']/...: the id is quoted as {@link Xpaths#quote} does (with ' unless
     * it holds one, then with ", and with ' and the ' inside doubled if it holds both); null for a node
     * that is not a handle or below one.
     */
    static String cmHandleIdOf(final String xpath) {
        final int quoteAt = CM_HANDLE_KEY_PREFIX.length();
        if (!xpath.startsWith(CM_HANDLE_KEY_PREFIX) || xpath.length() <= quoteAt) {
            return null;
        }
        final char quote = xpath.charAt(quoteAt);
        final StringBuilder cmHandleId = new StringBuilder();
        int position = quoteAt + 1;
        while (position < xpath.length()) {
            final char character = xpath.charAt(position);
            final boolean doubledQuote = character == quote && quote == '\''
                && position + 1 < xpath.length() && xpath.charAt(position + 1) == quote;
            if (character == quote && !doubledQuote) {
                return cmHandleId.toString();
            }
            cmHandleId.append(character);
            position += doubledQuote ? 2 : 1;
        }
        return null;
    }

    private static Set<String> intersection(final Set<String> first, final Set<String> second) {
        final Set<String> smaller = first.size() <= second.size() ? first : second;
        final Set<String> larger = smaller == first ? second : first;
        final Set<String> both = new HashSet<>(smaller);
        both.retainAll(larger);
        return both;
    }

    private static Set<String> moduleNamesOf(final SchemaSet schemaSet) {
        return schemaSet.moduleReferences().stream().map(ModuleReference::name).collect(Collectors.toSet());
    }

    private static List<ValidCondition> modulesLast(final List<ValidCondition> conditions) {
        return conditions.stream()
            .sorted(Comparator.comparing(
                validCondition -> validCondition.condition() == SearchCondition.HAS_ALL_MODULES))
            .toList();
    }

    private static List<ValidCondition> validate(final CmHandleQuery cmHandleQuery,
                                                 final Set<SearchCondition> allowedConditions) {
        final List<ValidCondition> validConditions = new ArrayList<>();
        for (final Condition condition : cmHandleQuery.conditions()) {
            final SearchCondition searchCondition = SearchCondition.named(condition.name())
                .filter(allowedConditions::contains)
                .orElseThrow(() -> invalid("Wrong 'conditionName': " + condition.name() + " - supply one of "
                    + allowedConditions.stream().map(SearchCondition::conditionName).toList()));
            final List<Map.Entry<String, String>> parameters = validateParameters(condition);
            validateValues(searchCondition, parameters);
            validConditions.add(new ValidCondition(searchCondition, parameters));
        }
        return validConditions;
    }

    /** Each parameter is a map of exactly one non-empty name to a value. */
    private static List<Map.Entry<String, String>> validateParameters(final Condition condition) {
        if (condition.parameters() == null || condition.parameters().isEmpty()) {
            throw invalid("Empty 'conditionParameters' for " + condition.name()
                + " - supply at least one condition parameter");
        }
        final List<Map.Entry<String, String>> parameters = new ArrayList<>();
        for (final Map<String, String> parameter : condition.parameters()) {
            if (parameter == null || parameter.isEmpty()) {
                throw invalid("Empty condition parameter in " + condition.name() + " - supply a name and a value");
            }
            if (parameter.size() > 1) {
                throw invalid("Too many names in one condition parameter of " + condition.name()
                    + " - supply one name per condition parameter");
            }
            final Map.Entry<String, String> nameAndValue = parameter.entrySet().iterator().next();
            if (nameAndValue.getKey() == null || nameAndValue.getKey().isBlank()) {
                throw invalid("Missing condition parameter name in " + condition.name() + " - supply a name");
            }
            if (nameAndValue.getValue() == null) {
                throw invalid("Missing value of '" + nameAndValue.getKey() + "' in " + condition.name());
            }
            parameters.add(Map.entry(nameAndValue.getKey(), nameAndValue.getValue()));
        }
        return parameters;
    }

    private static void validateValues(final SearchCondition searchCondition,
                                       final List<Map.Entry<String, String>> parameters) {
        switch (searchCondition) {
            case HAS_ALL_MODULES -> parameters.forEach(parameter -> {
                if (!"moduleName".equals(parameter.getKey()) || parameter.getValue().isBlank()) {
                    throw invalid("Wrong module condition parameter '" + parameter.getKey()
                        + "' - supply {\"moduleName\": \"a module name\"}");
                }
            });
            case WITH_CPS_PATH -> {
                final Map.Entry<String, String> cpsPath = parameters.getFirst();
                if (parameters.size() > 1 || !"cpsPath".equals(cpsPath.getKey()) || cpsPath.getValue().isBlank()) {
                    throw invalid("Wrong cps-path condition - supply exactly one {\"cpsPath\": \"a cps-path\"}");
                }
            }
            case WITH_TRUST_LEVEL -> parameters.forEach(parameter -> {
                final String trustLevel = parameter.getValue();
                if (!TRUST_LEVEL_COMPLETE.equals(trustLevel) && !TRUST_LEVEL_NONE.equals(trustLevel)) {
                    throw invalid("Wrong trust level '" + trustLevel + "' - supply COMPLETE or NONE");
                }
            });
            case WITH_DMI_PLUGIN -> parameters.forEach(parameter -> {
                if (parameter.getValue().isBlank()) {
                    throw invalid("Empty DMI plugin name - supply {\"dmi-service-name\": \"a DMI plugin\"}");
                }
            });
            case HAS_ALL_PROPERTIES, HAS_ALL_ADDITIONAL_PROPERTIES -> {
                // any name and value: a property the handle does not have simply matches nothing
            }
        }
    }

    private static InvalidInputException invalid(final String details) {
        return new InvalidInputException(INVALID_QUERY, details);
    }
}
