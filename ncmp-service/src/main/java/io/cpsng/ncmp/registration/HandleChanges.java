package io.cpsng.ncmp.registration;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a registration request makes of a handle: the handle it creates, the handle an update leaves. */
final class HandleChanges {

    private HandleChanges() {
    }

    /** The handle as it is inserted: with the request's plugins and without null properties (the row says ADVISED). */
    static CmHandle advised(final CmHandle cmHandle, final DmiPluginRegistration registration) {
        return new CmHandle(cmHandle.id(), registration.dmiPlugin(), registration.dmiDataPlugin(),
            registration.dmiModelPlugin(), withoutNulls(cmHandle.additionalProperties()),
            withoutNulls(cmHandle.publicProperties()), cmHandle.moduleSetTag(), cmHandle.alternateId(),
            cmHandle.dataProducerIdentifier(), cmHandle.trustLevel(), null);
    }

    /**
     * Properties mapped to null are removed; the alternate id stays as registered; a data producer is only taken if
     * none is set; the trust level is the one requested (null keeps the registered one, see
     * RegistrationRows#updateRegistered).
     */
    static CmHandle merged(final CmHandle current, final CmHandle update, final String requestedTrustLevel) {
        return new CmHandle(current.id(), current.dmiServiceName(), current.dmiDataServiceName(),
            current.dmiModelServiceName(), mergeProperties(current.additionalProperties(),
            update.additionalProperties()), mergeProperties(current.publicProperties(), update.publicProperties()),
            current.moduleSetTag(), current.alternateId(),
            firstNonBlank(current.dataProducerIdentifier(), update.dataProducerIdentifier()),
            requestedTrustLevel, current.state());
    }

    private static Map<String, String> mergeProperties(final Map<String, String> current,
                                                       final Map<String, String> changes) {
        final Map<String, String> merged = new LinkedHashMap<>(current);
        changes.forEach((name, value) -> {
            if (value == null) {
                merged.remove(name);
            } else {
                merged.put(name, value);
            }
        });
        return merged;
    }

    private static Map<String, String> withoutNulls(final Map<String, String> properties) {
        return mergeProperties(Map.of(), properties);
    }

    private static String firstNonBlank(final String first, final String second) {
        return first == null || first.isBlank() ? second : first;
    }
}
