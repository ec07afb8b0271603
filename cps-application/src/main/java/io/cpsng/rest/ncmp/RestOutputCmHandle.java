package io.cpsng.rest.ncmp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CompositeState;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * A CM handle as clients see it, shaped as the reference's RestOutputCmHandle: public properties only, as a
 * one-element array of maps, and the composite state; the private (additional) properties as cmHandleProperties
 * only where a DMI plugin asks for them. The handle's own leaves are always there, "" when it has none, as the
 * reference writes them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record RestOutputCmHandle(String alternateId, String cmHandle, Map<String, String> cmHandleProperties,
                          String dataProducerIdentifier, String moduleSetTag,
                          List<Map<String, String>> publicCmHandleProperties, State state, String trustLevel) {

    /** The reference's time format, e.g. 2026-01-31T20:30:40.000+0000. */
    private static final DateTimeFormatter REFERENCE_TIME_FORMAT =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    // the shortest UTC time OffsetDateTime writes: to the minute, without seconds
    private static final String UTC_TO_THE_MINUTE = "2026-01-31T20:30Z";

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record State(String cmHandleState, LockReason lockReason, String lastUpdateTime, Boolean dataSyncEnabled,
                 DataStores dataSyncState) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LockReason(String reason, String details) {
    }

    record DataStores(SyncState operational) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SyncState(String syncState, String lastSyncTime) {
    }

    /** GET /ch/{cm-handle}/state. */
    record StateOnly(State state) {
    }

    /** GET /ch/{cm-handle}/properties. */
    record PublicPropertiesOnly(List<Map<String, String>> publicCmHandleProperties) {
    }

    /**
     * GET /v2/ch/{cm-handle} and the v2 searches: the handle's own leaves, without state or properties of any
     * kind, as the reference answers them (its v2 inventory search ignores outputDmiProperties).
     */
    record Lightweight(String alternateId, String cmHandle, String dataProducerIdentifier, String moduleSetTag,
                       String trustLevel) {
    }

    static RestOutputCmHandle of(final CmHandle cmHandle) {
        return of(cmHandle, false);
    }

    /** With the additional properties as cmHandleProperties ({} when none) if asked for. */
    static RestOutputCmHandle of(final CmHandle cmHandle, final boolean withAdditionalProperties) {
        return new RestOutputCmHandle(emptyIfNull(cmHandle.alternateId()), cmHandle.id(),
            withAdditionalProperties ? cmHandle.additionalProperties() : null,
            emptyIfNull(cmHandle.dataProducerIdentifier()), emptyIfNull(cmHandle.moduleSetTag()),
            publicPropertiesOf(cmHandle), stateOf(cmHandle.state()), cmHandle.trustLevel());
    }

    static StateOnly stateOnlyOf(final CmHandle cmHandle) {
        return new StateOnly(stateOf(cmHandle.state()));
    }

    static PublicPropertiesOnly publicPropertiesOnlyOf(final CmHandle cmHandle) {
        return new PublicPropertiesOnly(publicPropertiesOf(cmHandle));
    }

    static Lightweight lightweightOf(final CmHandle cmHandle) {
        return new Lightweight(emptyIfNull(cmHandle.alternateId()), cmHandle.id(),
            emptyIfNull(cmHandle.dataProducerIdentifier()), emptyIfNull(cmHandle.moduleSetTag()),
            cmHandle.trustLevel());
    }

    private static String emptyIfNull(final String value) {
        return value == null ? "" : value;
    }

    private static List<Map<String, String>> publicPropertiesOf(final CmHandle cmHandle) {
        return List.of(cmHandle.publicProperties());
    }

    private static State stateOf(final CompositeState compositeState) {
        if (compositeState == null) {
            return null;
        }
        final LockReason lockReason = compositeState.lockReason() == null ? null
            : new LockReason(compositeState.lockReason().reason(), compositeState.lockReason().details());
        return new State(compositeState.cmHandleState().name(), lockReason,
            referenceTimeOf(compositeState.lastUpdateTime()), compositeState.dataSyncEnabled(),
            new DataStores(new SyncState(syncStateOf(compositeState),
                referenceTimeOf(compositeState.lastSyncTime()))));
    }

    /** Without data sync there is nothing to sync: the reference says NONE_REQUESTED. */
    private static String syncStateOf(final CompositeState compositeState) {
        if (compositeState.dataSyncState() != null) {
            return compositeState.dataSyncState();
        }
        return compositeState.dataSyncEnabled() ? "UNSYNCHRONIZED" : "NONE_REQUESTED";
    }

    /**
     * The reference's form of a time (2026-01-31T20:30:40.123+0000). The inventory's times come in UTC as
     * OffsetDateTime writes them, to the millisecond (2026-01-31T20:30:40.123Z, or without the zero parts): those are
     * cut and padded, as parsing and formatting each was a third of a full search's time; any other form is parsed.
     */
    static String referenceTimeOf(final String isoTime) {
        if (isoTime == null) {
            return null;
        }
        if (isoTime.endsWith("Z") && isoTime.length() >= UTC_TO_THE_MINUTE.length() && isoTime.charAt(10) == 'T') {
            final String withoutZone = isoTime.substring(0, isoTime.length() - 1);
            final String zeroParts = switch (withoutZone.length()) {
                case 23 -> "";
                case 19 -> ".000";
                case 16 -> ":00.000";
                default -> null;
            };
            if (zeroParts != null) {
                return withoutZone + zeroParts + "+0000";
            }
        }
        try {
            return REFERENCE_TIME_FORMAT.format(OffsetDateTime.parse(isoTime));
        } catch (final DateTimeParseException notIsoTime) {
            return isoTime;
        }
    }
}
