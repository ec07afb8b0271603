package io.cpsng.cps

import io.cpsng.ServerSpec
import io.cpsng.http.BadInputSpec
import org.springframework.test.annotation.DirtiesContext
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource

/**
 * cps.store.statement-timeout, through the server on a port: a cps-path query too expensive for it is stopped by
 * PostgreSQL and answered 422, and nothing of it keeps running. The timeout is half a second here, the anchor
 * 200,000 list entries, the query 300 OR conditions: seconds of work at the least, where a read by xpath takes
 * milliseconds. Its context of its own is closed after it: each cached context holds a pool of connections, and one
 * more kept open took the test database past its max_connections.
 */
@DirtiesContext
class StatementTimeoutSpec extends ServerSpec {

    static final String DATASPACE = 'statement-timeout'
    static final String ANCHOR_URL = "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree"
    static final int ENTRIES = 200_000

    @DynamicPropertySource
    static void timeout(DynamicPropertyRegistry registry) {
        registry.add('cps.store.statement-timeout', { '500ms' })
    }

    def setup() {
        assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${DATASPACE}", [:], null).status == 201
        assert http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/schema-sets?schema-set-name=tree",
            ['Content-Type': 'multipart/form-data; boundary=spec-boundary'],
            BadInputSpec.multipart('file', 'tree.yang', BadInputSpec.TREE_YANG).bytes).status == 201
        assert http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=tree&anchor-name=tree",
            [:], null).status == 201
        assert http.post("${ANCHOR_URL}/nodes", 'application/json', BadInputSpec.TREE_DATA).status == 201
        // the entries straight into the table: writing them through the service is not what is measured here
        jdbcTemplate.update("""
            INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes)
            SELECT nextval('fragment_id_seq'), tree.anchor_id, tree.id, '/tree/branch[@name=''b' || n || ''']',
                '/tree/branch', jsonb_build_object('name', 'b' || n, 'colour', 'green')
            FROM generate_series(1, ?) n, (SELECT f.id, f.anchor_id FROM fragment f JOIN anchor a ON a.id = f.anchor_id
                JOIN dataspace d ON d.id = a.dataspace_id WHERE d.name = ? AND f.xpath = '/tree') tree""",
            ENTRIES, DATASPACE)
        jdbcTemplate.execute('ANALYZE fragment')
    }

    def 'A cps-path query running longer than the statement timeout is stopped and answered 422'() {
        given: 'a query of 300 conditions, none of which holds'
            def conditions = (1..300).collect { "@colour='c${it}'" }.join(' or ')
            def cpsPath = URLEncoder.encode("//branch[${conditions}]", 'UTF-8')
        when: 'it is sent'
            def response = http.get("${ANCHOR_URL}/nodes/query?cps-path=${cpsPath}")
        then: 'it is refused as too expensive, naming the setting'
            response.status == 422
            response.jsonError
            response.json.message == 'Request too expensive'
            response.json.details.contains('cps.store.statement-timeout')
        and: 'nothing of it runs on in the database'
            jdbcTemplate.queryForObject("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' "
                + "AND query LIKE '%attributes%' AND pid <> pg_backend_pid()", Integer) == 0
        and: 'a read of one entry of the same anchor is answered within the timeout'
            def read = http.get("${ANCHOR_URL}/node?xpath=" + URLEncoder.encode("/tree/branch[@name='b7']", 'UTF-8'))
            read.status == 200
            read.json.toString().contains('b7')
    }
}
