package io.cpsng.ncmp.api.model;

/**
 * Where a reference to a handle leads: the handle (id and alternate id), the DMI plugin that serves its data, and
 * what the plugin is told with a request (its data producer and module set tag), with its state.
 */
public record CmHandleRoute(String cmHandleId, String alternateId, String dataPlugin, String dataProducerIdentifier,
                            String moduleSetTag, CmHandleState cmHandleState) {
}
