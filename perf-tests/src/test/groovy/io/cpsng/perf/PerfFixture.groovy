package io.cpsng.perf

import io.cpsng.cps.StoreFixture
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component

/** Sets up dataspaces with the performance models (roadm-devices, flat-list) and counts what is stored. */
@Component
class PerfFixture {

    static final String SCHEMA_SET_NAME = 'perf-models'

    @Autowired
    StoreFixture storeFixture

    @Autowired
    JdbcTemplate jdbcTemplate

    /** The dataspace with the performance schema set, created on first use. */
    void createDataspace(String dataspaceName) {
        if (!storeFixture.dataspaceExists(dataspaceName)) {
            storeFixture.createDataspace(dataspaceName, SCHEMA_SET_NAME,
                ['roadm-devices.yang': yangSource('roadm-devices.yang'), 'flat-list.yang': yangSource('flat-list.yang')])
        }
    }

    void createAnchor(String dataspaceName, String anchorName) {
        createDataspace(dataspaceName)
        storeFixture.cpsAnchorService.createAnchor(dataspaceName, SCHEMA_SET_NAME, anchorName)
    }

    /**
     * Statistics as autovacuum keeps them in a running system. Specs call it after loading data:
     * without it the planner sees a freshly truncated table, and the plan a run gets (index or
     * sequential scan) would depend on when autovacuum happens to wake up.
     */
    void analyzeFragments() {
        jdbcTemplate.execute('ANALYZE fragment')
    }

    long fragmentCount(String dataspaceName, String anchorName) {
        jdbcTemplate.queryForObject('''
            SELECT count(*) FROM fragment f JOIN anchor a ON a.id = f.anchor_id
            JOIN dataspace d ON d.id = a.dataspace_id WHERE d.name = ? AND a.name = ?''',
            Long, dataspaceName, anchorName)
    }

    static String yangSource(String fileName) {
        PerfFixture.getResource("/yang/perf/${fileName}").getText('UTF-8')
    }
}
