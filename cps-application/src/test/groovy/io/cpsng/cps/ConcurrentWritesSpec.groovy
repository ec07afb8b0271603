package io.cpsng.cps

import io.cpsng.RawHttp
import io.cpsng.ServerSpec
import io.cpsng.http.BadInputSpec
import org.springframework.beans.factory.annotation.Autowired
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

import javax.sql.DataSource
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Requests that meet another transaction's change of the same rows, through the server on a port. Each race is made
 * certain rather than hoped for: the other transaction is the spec's own connection, which changes the rows and
 * holds them until the request waits on its lock, then commits. What the request then finds changed is a 4xx
 * saying so, never a 500.
 */
class ConcurrentWritesSpec extends ServerSpec {

    static final String DATASPACE = 'concurrent-writes'
    static final String ANCHOR_URL = "/cps/api/v2/dataspaces/${DATASPACE}/anchors/tree"

    @Autowired
    DataSource dataSource

    @Shared
    @AutoCleanup('close')
    def requests = Executors.newVirtualThreadPerTaskExecutor()

    @Shared
    boolean modelCreated = false

    def setup() {
        if (!modelCreated) {
            assert http.send('POST', "/cps/api/v2/dataspaces?dataspace-name=${DATASPACE}", [:], null).status == 201
            assert uploadYang('tree').status == 201
            def anchorCreation = "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=tree&anchor-name=tree"
            assert http.send('POST', anchorCreation, [:], null).status == 201
            modelCreated = true
        }
        http.send('DELETE', "${ANCHOR_URL}/nodes?xpath=/", [:], null)
        assert http.post("${ANCHOR_URL}/nodes", 'application/json', BadInputSpec.TREE_DATA).status == 201
    }

    def 'A replacement of a node another transaction replaced meanwhile is a conflict (409), nothing of it written'() {
        when: 'a client replaces the branch Left while another transaction replaces it (deletes it, inserts it anew)'
            def response = answerMeetingAnotherTransaction("""
                WITH old AS (DELETE FROM fragment WHERE xpath = '/tree/branch[@name=''Left'']'
                    AND anchor_id = (SELECT id FROM anchor WHERE name = 'tree' AND dataspace_id =
                        (SELECT id FROM dataspace WHERE name = '${DATASPACE}')) RETURNING *)
                INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes)
                SELECT nextval('fragment_id_seq'), anchor_id, parent_id, xpath, schema_path,
                    '{"name":"Left","colour":"other"}' FROM old""") {
                http.send('PUT', "${ANCHOR_URL}/nodes?xpath=/tree", ['Content-Type': 'application/json'],
                    '{"branch":[{"name":"Left","colour":"mine"}]}'.bytes)
            }
        then: 'the client is told of the conflict, and why'
            response.status == 409
            response.jsonError
            response.json.message == 'Concurrent write or repeated node'
            response.json.details.contains('written by another request at the same time')
        and: 'the branch is as the other transaction left it'
            leftColour() == 'other'
    }

    def 'An anchor created with a schema set another transaction deleted meanwhile is refused as not found (400)'() {
        given: 'a schema set'
            assert uploadYang('deleted-meanwhile').status == 201
        when: 'a client creates an anchor of it while another transaction deletes it'
            def response = answerMeetingAnotherTransaction("DELETE FROM schema_set WHERE name = 'deleted-meanwhile'") {
                http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/anchors?schema-set-name=deleted-meanwhile"
                    + '&anchor-name=too-late', [:], null)
            }
        then: 'the schema set is not found, as for a request that came after'
            response.status == 400
            response.json.message == 'Schema set not found'
        and: 'no anchor was created'
            http.get("/cps/api/v2/dataspaces/${DATASPACE}/anchors/too-late").status == 400
    }

    def 'A schema set deleted while another transaction creates an anchor of it is refused as in use (409)'() {
        given: 'a schema set'
            assert uploadYang('used-meanwhile').status == 201
        when: 'a client deletes it while another transaction creates an anchor of it'
            def response = answerMeetingAnotherTransaction("""
                INSERT INTO anchor (dataspace_id, schema_set_id, name)
                SELECT ss.dataspace_id, ss.id, 'created-meanwhile' FROM schema_set ss
                WHERE ss.name = 'used-meanwhile'""") {
                http.send('DELETE', "/cps/api/v2/dataspaces/${DATASPACE}/schema-sets/used-meanwhile", [:], null)
            }
        then: 'the schema set is in use, as for a request that came after'
            response.status == 409
            response.json.message == 'Schema Set is being used.'
        and: 'the schema set and its anchor are there'
            http.get("/cps/api/v2/dataspaces/${DATASPACE}/schema-sets/used-meanwhile").status == 200
            http.get("/cps/api/v2/dataspaces/${DATASPACE}/anchors/created-meanwhile").status == 200
    }

    /**
     * The request's answer when it meets another transaction's change: the spec's own connection runs the SQL
     * without committing, the request is sent, and once it waits on that transaction's lock the transaction commits.
     */
    RawHttp.Response answerMeetingAnotherTransaction(String sql, Closure<RawHttp.Response> request) {
        def other = dataSource.connection
        try {
            other.autoCommit = false
            other.createStatement().execute(sql)
            def answer = requests.submit(request as Callable<RawHttp.Response>)
            awaitWaitingOnALock()
            other.commit()
            answer.get(20, TimeUnit.SECONDS)
        } finally {
            other.close()
        }
    }

    /** Until a backend of the service waits on a lock: the request has met the other transaction's change. */
    void awaitWaitingOnALock() {
        new PollingConditions(timeout: 10).eventually {
            assert jdbcTemplate.queryForObject("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
                Integer) > 0
        }
    }

    String leftColour() {
        def json = http.get("${ANCHOR_URL}/node?xpath=/tree&descendants=all").json
        (json instanceof List ? json[0] : json)['tree:tree'].branch.find { it.name == 'Left' }.colour
    }

    def uploadYang(String schemaSetName) {
        http.send('POST', "/cps/api/v2/dataspaces/${DATASPACE}/schema-sets?schema-set-name=${schemaSetName}",
            ['Content-Type': 'multipart/form-data; boundary=spec-boundary'],
            BadInputSpec.multipart('file', 'tree.yang', BadInputSpec.TREE_YANG).bytes)
    }
}
