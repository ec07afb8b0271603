package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import io.cpsng.ncmp.api.model.RegistrationResult;

/** What DMI plugins call: registration of their CM handles. */
public interface NcmpDmiRegistrationService {

    /**
     * Removes, creates, updates and upgrades the handles of the request, in that order. A handle that
     * cannot be processed is reported in the result and never fails the others.
     */
    RegistrationResult updateDmiRegistration(DmiPluginRegistration dmiPluginRegistration);
}
