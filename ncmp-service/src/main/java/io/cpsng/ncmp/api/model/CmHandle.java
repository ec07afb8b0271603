package io.cpsng.ncmp.api.model;

import java.util.Map;

/**
 * The one shape of a CM handle, from registration to search results. In an update, a property
 * mapped to null is removed. The state is null in registration requests.
 */
public record CmHandle(String id, String dmiServiceName, String dmiDataServiceName, String dmiModelServiceName,
                       Map<String, String> additionalProperties, Map<String, String> publicProperties,
                       String moduleSetTag, String alternateId, String dataProducerIdentifier,
                       String trustLevel, CompositeState state) {

    public CmHandle {
        additionalProperties = additionalProperties == null ? Map.of() : additionalProperties;
        publicProperties = publicProperties == null ? Map.of() : publicProperties;
        moduleSetTag = moduleSetTag == null ? "" : moduleSetTag;
    }

    public CmHandle withState(final CompositeState newState) {
        return new CmHandle(id, dmiServiceName, dmiDataServiceName, dmiModelServiceName, additionalProperties,
            publicProperties, moduleSetTag, alternateId, dataProducerIdentifier, trustLevel, newState);
    }

    /** The DMI plugin that serves this handle's models: the model plugin if there is one. */
    public String modelPlugin() {
        return dmiModelServiceName == null || dmiModelServiceName.isBlank() ? dmiServiceName : dmiModelServiceName;
    }

    /** The DMI plugin that serves this handle's data: the data plugin if there is one. */
    public String dataPlugin() {
        return dmiDataServiceName == null || dmiDataServiceName.isBlank() ? dmiServiceName : dmiDataServiceName;
    }
}
