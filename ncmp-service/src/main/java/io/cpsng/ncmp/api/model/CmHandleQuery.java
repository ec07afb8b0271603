package io.cpsng.ncmp.api.model;

import java.util.List;
import java.util.Map;

/**
 * A search for CM handles: every condition must hold. Each condition has a name (hasAllModules,
 * hasAllProperties, cmHandleWithCpsPath...) and parameters, each a map of exactly one name to a value:
 * [{"moduleName": "m1"}, {"moduleName": "m2"}].
 */
public record CmHandleQuery(List<Condition> conditions) {

    public static final CmHandleQuery ALL = new CmHandleQuery(List.of());

    public CmHandleQuery {
        conditions = conditions == null ? List.of() : conditions;
    }

    /** One condition as the client sent it; validated by the search, not here, to say what is wrong. */
    public record Condition(String name, List<Map<String, String>> parameters) {
    }
}
