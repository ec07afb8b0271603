package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A DMI plugin's registration request, shaped as the reference's RestDmiPluginRegistration. In updated
 * handles a property given as null is removed.
 */
record RestDmiPluginRegistration(String dmiPlugin, String dmiDataPlugin, String dmiModelPlugin,
                                 List<RestInputCmHandle> createdCmHandles, List<RestInputCmHandle> updatedCmHandles,
                                 List<String> removedCmHandles, RestUpgradedCmHandles upgradedCmHandles) {

    /** A handle to create or update; a trust level other than COMPLETE or NONE makes the request unreadable. */
    record RestInputCmHandle(String cmHandle, Map<String, String> cmHandleProperties,
                             Map<String, String> publicCmHandleProperties, String moduleSetTag,
                             TrustLevel trustLevel, String alternateId, String dataProducerIdentifier) {

        CmHandle toCmHandle() {
            return new CmHandle(cmHandle, null, null, null, cmHandleProperties, publicCmHandleProperties, moduleSetTag,
                alternateId, dataProducerIdentifier, trustLevel == null ? null : trustLevel.name(), null);
        }
    }

    enum TrustLevel { COMPLETE, NONE }

    record RestUpgradedCmHandles(List<String> cmHandles, String moduleSetTag) {
    }

    DmiPluginRegistration toDmiPluginRegistration() {
        return new DmiPluginRegistration(dmiPlugin, dmiDataPlugin, dmiModelPlugin, toCmHandles(createdCmHandles),
            toCmHandles(updatedCmHandles), removedCmHandles, upgradedCmHandles == null ? null
            : new UpgradedCmHandles(upgradedCmHandles.cmHandles(), upgradedCmHandles.moduleSetTag()));
    }

    private static List<CmHandle> toCmHandles(final List<RestInputCmHandle> restInputCmHandles) {
        return restInputCmHandles == null ? null
            // a null entry stays null, for the registration to refuse by its position
            : restInputCmHandles.stream().map(input -> input == null ? null : input.toCmHandle())
                .collect(Collectors.toList());
    }
}
