package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.CmHandleQuery.Condition;
import java.util.List;
import java.util.Map;

/**
 * The body of every CM-handle search, as the reference's CmHandleQueryParameters:
 * {"cmHandleQueryParameters": [{"conditionName": "hasAllModules", "conditionParameters": [{"moduleName": "m"}]}]}.
 */
record CmHandleQueryParameters(List<ConditionProperties> cmHandleQueryParameters) {

    record ConditionProperties(String conditionName, List<Map<String, String>> conditionParameters) {
    }

    /** A missing body or list means no condition: every handle. */
    static CmHandleQuery toCmHandleQuery(final CmHandleQueryParameters cmHandleQueryParameters) {
        if (cmHandleQueryParameters == null || cmHandleQueryParameters.cmHandleQueryParameters() == null) {
            return CmHandleQuery.ALL;
        }
        return new CmHandleQuery(cmHandleQueryParameters.cmHandleQueryParameters().stream()
            .map(condition -> condition == null ? new Condition(null, null)
                : new Condition(condition.conditionName(), condition.conditionParameters()))
            .toList());
    }
}
