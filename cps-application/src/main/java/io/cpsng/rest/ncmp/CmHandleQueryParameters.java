package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.CmHandleQuery.Condition;
import java.util.List;
import java.util.Map;

/**
 * The body of every CM-handle search, as the reference's CmHandleQueryParameters:
 * {"cmHandleQueryParameters": [{"conditionName": "hasAllModules", "conditionParameters": [{"moduleName": "m"}]}]}.
 * The reference's deprecated {@code conditions} is refused when it holds any: the reference ignores it, and a client
 * filtering by it would be answered every handle.
 */
record CmHandleQueryParameters(List<ConditionProperties> cmHandleQueryParameters, List<Object> conditions) {

    record ConditionProperties(String conditionName, List<Map<String, String>> conditionParameters) {
    }

    /**
     * The most conditions and condition parameters a search or a module refresh takes: each is a term of one SQL
     * statement, which takes at most 65,535 parameters, and the statement is planned before the first byte of the
     * answer goes out.
     */
    static final int MOST_CONDITION_TERMS = 1_000;

    /** A missing body or list means no condition: every handle. */
    static CmHandleQuery toCmHandleQuery(final CmHandleQueryParameters cmHandleQueryParameters) {
        if (cmHandleQueryParameters != null && cmHandleQueryParameters.conditions() != null
                && !cmHandleQueryParameters.conditions().isEmpty()) {
            throw new InvalidInputException("Member not served", "conditions (deprecated in the reference, which "
                + "ignores it) is not served: give the conditions as cmHandleQueryParameters.");
        }
        if (cmHandleQueryParameters == null || cmHandleQueryParameters.cmHandleQueryParameters() == null) {
            return CmHandleQuery.ALL;
        }
        final long terms = cmHandleQueryParameters.cmHandleQueryParameters().stream()
            .mapToLong(condition -> condition == null || condition.conditionParameters() == null ? 1
                : Math.max(1, condition.conditionParameters().size())).sum();
        if (terms > MOST_CONDITION_TERMS) {
            throw new InvalidInputException("Too many conditions", "A search has at most " + MOST_CONDITION_TERMS
                + " conditions and condition parameters in all; this one has " + terms + ".");
        }
        return new CmHandleQuery(cmHandleQueryParameters.cmHandleQueryParameters().stream()
            .map(condition -> condition == null ? new Condition(null, null)
                : new Condition(condition.conditionName(), condition.conditionParameters()))
            .toList());
    }
}
