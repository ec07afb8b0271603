package io.cpsng.cps

import groovy.json.JsonOutput
import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsNotificationService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.cps.api.model.ContentType.JSON

/**
 * Every write of CpsDataService is one transaction, through the overloads without an observed timestamp too (in
 * process, NCMP's cache writes use them): a write that fails stores nothing and tells no data-updated event of a
 * subscribed anchor for a change that did not happen.
 */
class WriteTransactionSpec extends IntegrationSpec {

    static final String ANCHOR = 'site'

    @Autowired
    CpsDataService cpsDataService

    @Autowired
    CpsNotificationService cpsNotificationService

    @Autowired
    StoreFixture storeFixture

    def 'A #write, refused, tells no event'() {
        given: 'a subscribed dataspace whose anchor holds the warehouse'
            def dataspace = 'write-tx-' + write.replaceAll('[^a-z]', '')
            storeFixture.createWarehouseAnchors(dataspace, ANCHOR)
            cpsNotificationService.createNotificationSubscription('/dataspaces',
                JsonOutput.toJson([dataspace: [[name: dataspace]]]))
            cpsDataService.saveData(dataspace, ANCHOR, '/', StoreFixture.WAREHOUSE_JSON, JSON)
        and: 'the save told its event'
            assert events(dataspace) == 1
        when: 'the write fails'
            writeFailing(write, dataspace)
        then: 'it is refused'
            thrown(expectedException)
        and: 'it told nothing'
            events(dataspace) == 1
        where: 'the write is'
            write                                   || expectedException
            'delete of a node that is not there'    || DataNodeNotFoundException
            'save of a node that is there'          || AlreadyDefinedException
    }

    private void writeFailing(String write, String dataspace) {
        switch (write) {
            case 'delete of a node that is not there':
                cpsDataService.deleteDataNode(dataspace, ANCHOR, "/warehouse/zones[@building='Z']")
                break
            case 'save of a node that is there':
                cpsDataService.saveData(dataspace, ANCHOR, '/', StoreFixture.WAREHOUSE_JSON, JSON)
                break
        }
    }

    private int events(String dataspace) {
        jdbcTemplate.queryForObject('''
            SELECT (SELECT count(*) FROM cps_data_updated_outbox WHERE dataspace_name = ?)
                 + (SELECT count(*) FROM cps_data_updated_event WHERE dataspace_name = ?)''', Integer, dataspace, dataspace)
    }
}
