package io.cpsng.ncmp.api.model;

/**
 * Where a reference to a handle leads: the handle (id and alternate id), the DMI plugins that serve its data (its
 * data plugin, and those of its read and write data jobs: the data plugin where the registration named none), and
 * what a plugin is told with a request (the data producer and module set tag), with its state.
 */
public record CmHandleRoute(String cmHandleId, String alternateId, String dataPlugin, String dataJobsReadPlugin,
                            String dataJobsWritePlugin, String dataProducerIdentifier, String moduleSetTag,
                            CmHandleState cmHandleState) {
}
