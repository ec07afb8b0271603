package io.cpsng.ncmp.api.model;

import java.time.Instant;

/**
 * A lifecycle event of a CM handle as clients receive it: its place in the feed (position), the CloudEvent id
 * (the same on every delivery) and source, the handle's alternate id, module set tag and data producer when it
 * changed, the kind (create, update or delete), when it happened, and what changed as JSON objects in the
 * reference's LCM event v2 shape (oldValues null on create).
 */
public record LcmEvent(long position, String id, String source, String cmHandleId, String alternateId,
                       String moduleSetTag, String dataProducerIdentifier, String eventType, Instant time,
                       String oldValuesJson, String newValuesJson) {
}
