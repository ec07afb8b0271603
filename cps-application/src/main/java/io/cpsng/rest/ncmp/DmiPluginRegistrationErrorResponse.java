package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.model.RegistrationError;
import io.cpsng.ncmp.api.model.RegistrationResult;
import java.util.List;

/** The handles of a registration that failed, per operation, with the reference's error codes ("109"...). */
record DmiPluginRegistrationErrorResponse(List<CmHandleRegistrationError> failedCreatedCmHandles,
                                          List<CmHandleRegistrationError> failedUpdatedCmHandles,
                                          List<CmHandleRegistrationError> failedRemovedCmHandles,
                                          List<CmHandleRegistrationError> failedUpgradeCmHandles) {

    record CmHandleRegistrationError(String cmHandle, String errorCode, String errorText) {
    }

    static DmiPluginRegistrationErrorResponse of(final RegistrationResult registrationResult) {
        return new DmiPluginRegistrationErrorResponse(toErrors(registrationResult.failedCreatedCmHandles()),
            toErrors(registrationResult.failedUpdatedCmHandles()),
            toErrors(registrationResult.failedRemovedCmHandles()),
            toErrors(registrationResult.failedUpgradeCmHandles()));
    }

    private static List<CmHandleRegistrationError> toErrors(final List<RegistrationError> registrationErrors) {
        return registrationErrors.stream()
            .map(error -> new CmHandleRegistrationError(error.cmHandle(), error.errorCode().code(), error.errorText()))
            .toList();
    }
}
