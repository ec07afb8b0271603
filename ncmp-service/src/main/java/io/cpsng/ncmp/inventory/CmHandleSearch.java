package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.CmHandleQuery.Condition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Validates CM-handle searches and translates them into one SQL condition on the handle's ncmp_cm_handle row
 * ({@link #toSqlCondition}), so that a search is one statement whatever the number of handles: properties by
 * jsonb containment (GIN), cps-paths over the dmi-registry model by {@link InventoryCpsPath}, modules by the
 * module sets holding them.
 */
@Component
class CmHandleSearch {

    static final String TRUST_LEVEL_COMPLETE = "COMPLETE";
    static final String TRUST_LEVEL_NONE = "NONE";

    private static final String INVALID_QUERY = "Invalid query parameter";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CpsModuleService cpsModuleService;

    CmHandleSearch(final CpsModuleService cpsModuleService) {
        this.cpsModuleService = cpsModuleService;
    }

    /** A condition that passed validation: what it is and the values of its parameters, by parameter name. */
    private record ValidCondition(SearchCondition condition, List<Map.Entry<String, String>> parameters) {

        List<String> values() {
            return parameters.stream().map(Map.Entry::getValue).toList();
        }
    }

    /**
     * The query as one condition on {@code ncmp_cm_handle h}, validated first:
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
                .map(trustLevel -> SqlCondition.of(CmHandleColumns.TRUST_LEVEL + " = ?", trustLevel)).toList());
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
        return SqlCondition.of(propertiesColumn + " @> ?::jsonb", JSON.writeValueAsString(valuesByName));
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

    private static Set<String> moduleNamesOf(final SchemaSet schemaSet) {
        return schemaSet.moduleReferences().stream().map(ModuleReference::name).collect(Collectors.toSet());
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
