package io.cpsng.ncmp.api.model;

import java.util.List;

/** The handles of a registration that failed, per operation; all empty when everything succeeded. */
public record RegistrationResult(List<RegistrationError> failedCreatedCmHandles,
                                 List<RegistrationError> failedUpdatedCmHandles,
                                 List<RegistrationError> failedRemovedCmHandles,
                                 List<RegistrationError> failedUpgradeCmHandles) {

    public boolean allSucceeded() {
        return failedCreatedCmHandles.isEmpty() && failedUpdatedCmHandles.isEmpty()
            && failedRemovedCmHandles.isEmpty() && failedUpgradeCmHandles.isEmpty();
    }
}
