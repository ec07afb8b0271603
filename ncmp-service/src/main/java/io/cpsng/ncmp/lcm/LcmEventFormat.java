package io.cpsng.ncmp.lcm;

/** What lifecycle events look like on Kafka (docs/events.md): the reference's two formats, or CloudEvents. */
public enum LcmEventFormat {
    /** The reference's default (LcmEventV1): header fields in the value and as headers, the payload in "event". */
    V1,
    /** The reference's LcmEventV2: as V1, with the payload's old and new values as maps. */
    V2,
    /** CloudEvents 1.0 in binary mode (ce_ headers), the value {"data": LCM event v2}: the HTTP feed's events. */
    CLOUDEVENTS
}
