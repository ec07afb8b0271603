package io.cpsng.rest.ncmp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CompositeState;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * A CM handle as northbound clients see it, shaped as the reference's RestOutputCmHandle: public
 * properties only, as a one-element array of maps, and the composite state. Absent values are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record RestOutputCmHandle(String cmHandle, List<Map<String, String>> publicCmHandleProperties, State state,
                          String trustLevel, String moduleSetTag, String alternateId,
                          String dataProducerIdentifier, String dmiProperties) {

    private static final JsonMapper JSON_MAPPER = JsonMapper.shared();

    /** The reference's time format, e.g. 2026-01-31T20:30:40.000+0000. */
    private static final DateTimeFormatter REFERENCE_TIME_FORMAT =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

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
     * GET /v2/ch/{cm-handle} and the v2 searches: the handle's own leaves and state, without properties; the
     * additional properties as a JSON string (dmiProperties) only where a DMI plugin asked for them.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Lightweight(String cmHandle, String alternateId, String cmHandleStatus, String moduleSetTag,
                       String dataProducerIdentifier, String trustLevel, String dmiProperties) {
    }

    static RestOutputCmHandle of(final CmHandle cmHandle) {
        return of(cmHandle, false);
    }

    /** With the additional properties as the reference's dmiProperties (a JSON string) if asked for. */
    static RestOutputCmHandle of(final CmHandle cmHandle, final boolean withDmiProperties) {
        return new RestOutputCmHandle(cmHandle.id(), publicPropertiesOf(cmHandle), stateOf(cmHandle.state()),
            cmHandle.trustLevel(), cmHandle.moduleSetTag(), cmHandle.alternateId(), cmHandle.dataProducerIdentifier(),
            withDmiProperties ? dmiPropertiesOf(cmHandle) : null);
    }

    static StateOnly stateOnlyOf(final CmHandle cmHandle) {
        return new StateOnly(stateOf(cmHandle.state()));
    }

    static PublicPropertiesOnly publicPropertiesOnlyOf(final CmHandle cmHandle) {
        return new PublicPropertiesOnly(publicPropertiesOf(cmHandle));
    }

    static Lightweight lightweightOf(final CmHandle cmHandle) {
        return lightweightOf(cmHandle, false);
    }

    static Lightweight lightweightOf(final CmHandle cmHandle, final boolean withDmiProperties) {
        return new Lightweight(cmHandle.id(), cmHandle.alternateId(),
            cmHandle.state() == null ? null : cmHandle.state().cmHandleState().name(), cmHandle.moduleSetTag(),
            cmHandle.dataProducerIdentifier(), cmHandle.trustLevel(), withDmiProperties ? dmiPropertiesOf(cmHandle) : null);
    }

    private static String dmiPropertiesOf(final CmHandle cmHandle) {
        return JSON_MAPPER.writeValueAsString(cmHandle.additionalProperties());
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

    private static String referenceTimeOf(final String isoTime) {
        if (isoTime == null) {
            return null;
        }
        try {
            return REFERENCE_TIME_FORMAT.format(OffsetDateTime.parse(isoTime));
        } catch (final DateTimeParseException notIsoTime) {
            return isoTime;
        }
    }
}
