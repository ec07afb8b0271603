package io.cpsng.ncmp.inventory;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** The conditions of CM-handle searches, by the names clients send, and which interface offers which. */
public enum SearchCondition {
    HAS_ALL_MODULES("hasAllModules"),
    HAS_ALL_PROPERTIES("hasAllProperties"),
    HAS_ALL_ADDITIONAL_PROPERTIES("hasAllAdditionalProperties"),
    WITH_CPS_PATH("cmHandleWithCpsPath"),
    WITH_DMI_PLUGIN("cmHandleWithDmiPlugin"),
    WITH_TRUST_LEVEL("cmHandleWithTrustLevel");

    /** Northbound clients never see what DMI plugins registered privately, nor search by plugin. */
    public static final Set<SearchCondition> NORTHBOUND =
        EnumSet.of(HAS_ALL_MODULES, HAS_ALL_PROPERTIES, WITH_CPS_PATH, WITH_TRUST_LEVEL);
    public static final Set<SearchCondition> INVENTORY = EnumSet.allOf(SearchCondition.class);

    private final String conditionName;

    SearchCondition(final String conditionName) {
        this.conditionName = conditionName;
    }

    String conditionName() {
        return conditionName;
    }

    static Optional<SearchCondition> named(final String conditionName) {
        return Arrays.stream(values()).filter(condition -> condition.conditionName.equals(conditionName)).findFirst();
    }
}
