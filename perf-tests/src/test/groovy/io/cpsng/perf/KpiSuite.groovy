package io.cpsng.perf

import groovy.json.JsonOutput
import org.springframework.jdbc.core.JdbcTemplate

import java.net.http.HttpRequest
import java.util.concurrent.ThreadLocalRandom

/** The reference's KPI suite (k6-tests/ncmp in onap/cps): its handles, as written for the specs, and its payloads. */
class KpiSuite {

    static final int KPI_HANDLES = 50_000
    static final int LEGACY_BATCH_SIZE = 200
    static final String RESOURCE = 'ManagedElement=NRNode1/GNBDUFunction=1'
    static final String WRITE_BODY = '{"id":"123","attributes":{"userLabel":"test"}}'
    static final String PATCH_BODY =
        '[{"op":"replace","path":"/parent=id1/child=id2/grandchild=id3#/attributes/plmnId/mcc","value":"1234"}]'
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

    /** Row 5b: a pass-through read of the handle by its alternate id, all descendants. */
    static HttpRequest.Builder passThroughRead(String serviceUrl, int n) {
        HttpRequest.newBuilder(URI.create(serviceUrl + "/ncmp/v1/ch/${URLEncoder.encode(alternateId(n), 'UTF-8')}"
            + '/data/ds/ncmp-datastore:passthrough-operational'
            + "?resourceIdentifier=${RESOURCE}&include-descendants=true")).GET()
    }

    /** Row 6b: a pass-through write (create) to the handle by its alternate id. */
    static HttpRequest.Builder passThroughWrite(String serviceUrl, int n) {
        HttpRequest.newBuilder(URI.create(serviceUrl + "/ncmp/v1/ch/${URLEncoder.encode(alternateId(n), 'UTF-8')}"
            + "/data/ds/ncmp-datastore:passthrough-running?resourceIdentifier=${RESOURCE}"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(WRITE_BODY))
    }

    /** Rows 10 and 11: a ProvMnS read, or a write of one change as a 3GPP JSON Patch, of the handle's resource. */
    static HttpRequest.Builder provMns(String baseUrl, int n, boolean write) {
        def builder = HttpRequest.newBuilder(URI.create(baseUrl + "/ProvMnS/v1${alternateId(n)}"))
        write ? builder.header('Content-Type', 'application/json-patch+json')
            .method('PATCH', HttpRequest.BodyPublishers.ofString(PATCH_BODY)) : builder.GET()
    }

    /** The legacy batch read (row 7): 200 distinct random alternate ids, the results sent to the topic. */
    static HttpRequest.Builder legacyBatchRead(String serviceUrl, String topic) {
        def targets = new LinkedHashSet<String>()
        while (targets.size() < LEGACY_BATCH_SIZE) {
            targets << alternateId(randomHandle())
        }
        def body = JsonOutput.toJson([operations: [[resourceIdentifier: RESOURCE, targetIds: targets as List,
            datastore: 'ncmp-datastore:passthrough-operational', options: '(fields=NRCellDU/attributes/cellLocalId)',
            operationId: '12', operation: 'read']]])
        HttpRequest.newBuilder(URI.create(serviceUrl + "/ncmp/v1/data?topic=${topic}"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(body))
    }

    /** Rows 8 and 9: a write data job. */
    static HttpRequest.Builder writeJob(String serviceUrl, String payload) {
        HttpRequest.newBuilder(URI.create(serviceUrl + "/do-not-use/dataJobs/${UUID.randomUUID()}/write"))
            .header('Content-Type', 'application/json').POST(HttpRequest.BodyPublishers.ofString(payload))
    }
}
