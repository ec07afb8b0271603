package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A DMI plugin's registration request, shaped as the reference's RestDmiPluginRegistration. In updated
 * handles a property given as null is removed. The reference's member this service does not serve (a handle status
 * given by the client) is refused when it holds a value, not ignored.
 */
record RestDmiPluginRegistration(String dmiPlugin, String dmiDataPlugin, String dmiModelPlugin,
                                 String dmiDatajobsReadPlugin, String dmiDatajobsWritePlugin,
                                 List<RestInputCmHandle> createdCmHandles, List<RestInputCmHandle> updatedCmHandles,
                                 List<String> removedCmHandles, RestUpgradedCmHandles upgradedCmHandles) {

    /** A handle to create or update; a trust level other than COMPLETE or NONE makes the request unreadable. */
    record RestInputCmHandle(String cmHandle, Map<String, String> cmHandleProperties,
                             Map<String, String> publicCmHandleProperties, String moduleSetTag,
                             TrustLevel trustLevel, String alternateId, String dataProducerIdentifier,
                             String cmHandleStatus) {

        CmHandle toCmHandle() {
            return new CmHandle(cmHandle, null, null, null, cmHandleProperties, publicCmHandleProperties, moduleSetTag,
                alternateId, dataProducerIdentifier, trustLevel == null ? null : trustLevel.name(), null);
        }
    }

    enum TrustLevel { COMPLETE, NONE }

    private static final String HANDLE_STATUS = "a handle's state is the one NCMP gives it (state.cmHandleState)";

    record RestUpgradedCmHandles(List<String> cmHandles, String moduleSetTag) {
    }

    DmiPluginRegistration toDmiPluginRegistration() {
        refuseStatusesGiven("createdCmHandles", createdCmHandles);
        refuseStatusesGiven("updatedCmHandles", updatedCmHandles);
        return new DmiPluginRegistration(dmiPlugin, dmiDataPlugin, dmiModelPlugin, dmiDatajobsReadPlugin,
            dmiDatajobsWritePlugin, toCmHandles(createdCmHandles), toCmHandles(updatedCmHandles), removedCmHandles,
            upgradedCmHandles == null ? null
            : new UpgradedCmHandles(upgradedCmHandles.cmHandles(), upgradedCmHandles.moduleSetTag()));
    }

    private static void refuseStatusesGiven(final String member, final List<RestInputCmHandle> restInputCmHandles) {
        if (restInputCmHandles == null) {
            return;
        }
        for (int position = 0; position < restInputCmHandles.size(); position++) {
            final RestInputCmHandle input = restInputCmHandles.get(position);
            if (input != null) {
                refuseIfGiven(member + "[" + position + "].cmHandleStatus", input.cmHandleStatus(), HANDLE_STATUS);
            }
        }
    }

    /** A member the reference takes and this service does not serve: empty is what leaving it out means. */
    private static void refuseIfGiven(final String member, final String value, final String why) {
        if (value != null && !value.isEmpty()) {
            throw new InvalidInputException("Member not served", member + " is not served by this NCMP: " + why
                + "; leave it out or empty.");
        }
    }

    private static List<CmHandle> toCmHandles(final List<RestInputCmHandle> restInputCmHandles) {
        return restInputCmHandles == null ? null
            // a null entry stays null, for the registration to refuse by its position
            : restInputCmHandles.stream().map(input -> input == null ? null : input.toCmHandle())
                .collect(Collectors.toList());
    }
}
