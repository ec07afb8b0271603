package io.cpsng.perf

import groovy.json.JsonOutput
import org.springframework.jdbc.core.JdbcTemplate

import java.util.concurrent.ThreadLocalRandom

/** The reference's KPI suite (k6-tests/ncmp in onap/cps): its handles, as written for the specs, and its payloads. */
class KpiSuite {

    static final int KPI_HANDLES = 50_000
    static final Map JOB_METADATA = [destination: 'device/managed-element-collection',
                                     dataAcceptType: 'application/json', dataContentType: 'application/merge-patch+json']

    static String alternateId(int n) {
        "/SubNetwork=Europe/SubNetwork=Ireland/MeContext=MyRadioNode${n}/ManagedElement=MyManagedElement${n}"
    }

    static int randomHandle() {
        ThreadLocalRandom.current().nextInt(1, KPI_HANDLES + 1)
    }

    /** A write data job: two operations a random alternate id, add under one child and merge under a grandchild. */
    static String jobPayload(int operations) {
        def data = []
        for (int i = 0; i < operations.intdiv(2); i++) {
            def handle = alternateId(randomHandle())
            data << [path: "${handle}/SomeChild=child-1".toString(), op: 'add', operationId: "${i}-1".toString(),
                     value: [key: "some-value-one-${i}".toString()]]
            data << [path: "${handle}/SomeChild=child-2/SomeGrandChild=grand-child-2".toString(), op: 'merge',
                     operationId: "${i}-2".toString(), value: [key: "some-value-two-${i}".toString()]]
        }
        JsonOutput.toJson([dataJobMetadata: JOB_METADATA, dataJobWriteRequest: [data: data]])
    }

    /**
     * Handles from..to, READY, with the KPI alternate ids, on the plugin, one data producer as in the KPI setup;
     * written by SQL (registration is measured elsewhere), then analysed.
     */
    static void insertReadyHandles(JdbcTemplate jdbcTemplate, String plugin, int from, int to) {
        if (to < from) {
            return
        }
        jdbcTemplate.update("""INSERT INTO ncmp_cm_handle (id, alternate_id, dmi_service_name, module_set_tag,
                data_producer_identifier, cm_handle_state, last_update_time, additional_properties, public_properties)
            SELECT 'ch-' || n, '/SubNetwork=Europe/SubNetwork=Ireland/MeContext=MyRadioNode' || n
                    || '/ManagedElement=MyManagedElement' || n, ?, 'tag-' || (n % 5 + 1), 'some-data-producer-id',
                'READY', now(), '{"neType": "RadioNode"}'::jsonb, '{"systemName": "ncmp"}'::jsonb
            FROM generate_series(?, ?) AS n ON CONFLICT DO NOTHING""", plugin, from, to)
        jdbcTemplate.execute('ANALYZE ncmp_cm_handle')
    }
}
