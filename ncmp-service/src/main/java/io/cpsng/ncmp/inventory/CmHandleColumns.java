package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleRoute;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.LockReason;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.jdbc.core.RowMapper;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** How a row of ncmp_cm_handle (alias h) is read as a handle or a route, for the statements of this package. */
final class CmHandleColumns {

    /** The trust level clients see: NONE while the handle's DMI plugin does not answer, else as registered. */
    static final String TRUST_LEVEL =
        "CASE WHEN h.dmi_trust_level = 'NONE' THEN 'NONE' ELSE coalesce(h.trust_level, 'COMPLETE') END";

    /** The columns of a handle as {@link #toCmHandle} reads them. */
    static final String COLUMNS = """
        h.id, h.alternate_id, h.dmi_service_name, h.dmi_data_service_name, h.dmi_model_service_name,
        h.module_set_tag, h.data_producer_identifier, %s AS trust_level, h.cm_handle_state, h.lock_reason,
        h.lock_reason_details, h.last_update_time, h.data_sync_enabled, h.data_sync_state, h.last_sync_time,
        h.additional_properties::text AS additional_properties, h.public_properties::text AS public_properties"""
        .formatted(TRUST_LEVEL);

    static final RowMapper<CmHandle> CM_HANDLE = (resultSet, rowNumber) -> toCmHandle(resultSet);

    /**
     * The columns of a route as {@link #ROUTE} reads them: data go to the data plugin where there is one, data jobs
     * to the plugin the registration named for them (null when none: nothing to carry for the many routes of a job).
     */
    static final String ROUTE_COLUMNS = """
        h.id, h.alternate_id, coalesce(nullif(h.dmi_data_service_name, ''), h.dmi_service_name) AS data_plugin,
        h.dmi_datajobs_read_service_name, h.dmi_datajobs_write_service_name, h.data_producer_identifier,
        h.module_set_tag, h.cm_handle_state""";

    static final RowMapper<CmHandleRoute> ROUTE = (resultSet, rowNumber) -> toRoute(resultSet);

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final TypeReference<LinkedHashMap<String, String>> PROPERTIES = new TypeReference<>() {
    };

    private CmHandleColumns() {
    }

    /** A handle as a statement selecting {@link #COLUMNS} returns it. */
    static CmHandle toCmHandle(final ResultSet resultSet) throws SQLException {
        final String lockReason = resultSet.getString("lock_reason");
        final OffsetDateTime lastUpdateTime = resultSet.getObject("last_update_time", OffsetDateTime.class);
        final OffsetDateTime lastSyncTime = resultSet.getObject("last_sync_time", OffsetDateTime.class);
        final CompositeState state = new CompositeState(CmHandleState.valueOf(resultSet.getString("cm_handle_state")),
            lockReason == null ? null : new LockReason(lockReason, resultSet.getString("lock_reason_details")),
            lastUpdateTime == null ? null : isoTime(lastUpdateTime), resultSet.getBoolean("data_sync_enabled"),
            resultSet.getString("data_sync_state"), lastSyncTime == null ? null : isoTime(lastSyncTime));
        return new CmHandle(resultSet.getString("id"), resultSet.getString("dmi_service_name"),
            resultSet.getString("dmi_data_service_name"), resultSet.getString("dmi_model_service_name"),
            properties(resultSet.getString("additional_properties")),
            properties(resultSet.getString("public_properties")), resultSet.getString("module_set_tag"),
            resultSet.getString("alternate_id"), resultSet.getString("data_producer_identifier"),
            resultSet.getString("trust_level"), state);
    }

    /** A route as a statement selecting {@link #ROUTE_COLUMNS} returns it; data jobs without plugins go with data. */
    private static CmHandleRoute toRoute(final ResultSet resultSet) throws SQLException {
        final String dataPlugin = resultSet.getString("data_plugin");
        final String dataJobsReadPlugin = resultSet.getString("dmi_datajobs_read_service_name");
        final String dataJobsWritePlugin = resultSet.getString("dmi_datajobs_write_service_name");
        return new CmHandleRoute(resultSet.getString("id"), resultSet.getString("alternate_id"), dataPlugin,
            dataJobsReadPlugin == null ? dataPlugin : dataJobsReadPlugin,
            dataJobsWritePlugin == null ? dataPlugin : dataJobsWritePlugin,
            resultSet.getString("data_producer_identifier"), resultSet.getString("module_set_tag"),
            CmHandleState.valueOf(resultSet.getString("cm_handle_state")));
    }

    /** Properties as the jsonb column is written: a JSON object of strings. */
    static String propertiesJson(final Map<String, String> properties) {
        return JSON.writeValueAsString(properties);
    }

    private static String isoTime(final OffsetDateTime time) {
        return time.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private static Map<String, String> properties(final String json) {
        return json == null ? Map.of() : JSON.readValue(json, PROPERTIES);
    }
}
