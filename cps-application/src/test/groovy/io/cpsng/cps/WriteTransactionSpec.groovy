package io.cpsng.cps

import groovy.json.JsonOutput
import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsNotificationService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import io.cpsng.cps.api.exceptions.NotFoundException
import org.springframework.beans.factory.annotation.Autowired

import static io.cpsng.cps.api.model.ContentType.JSON
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS

/**
 * Every write of CpsDataService is one transaction, through the overloads without an observed timestamp too (in
 * process, NCMP's cache writes use them): a write that fails stores nothing and tells no data-updated event of a
 * subscribed anchor for a change that did not happen.
 */
class WriteTransactionSpec extends IntegrationSpec {

    static final String ANCHOR = 'site'
    static final String ZONE_B = "/warehouse/zones[@building='B' and @floor='0']"

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

    def 'A delete of xpaths one of which is not there deletes none and names that one'() {
        given: 'an anchor holding the warehouse'
            storeFixture.createWarehouseAnchors('write-tx-delete', ANCHOR)
            cpsDataService.saveData('write-tx-delete', ANCHOR, '/', StoreFixture.WAREHOUSE_JSON, JSON)
        when: 'a zone, the address and a zone that is not there are deleted'
            cpsDataService.deleteDataNodes('write-tx-delete', ANCHOR,
                [ZONE_B, '/warehouse/address', "/warehouse/zones[@building='Z' and @floor='9']"])
        then: 'the missing one is named'
            def notFound = thrown(DataNodeNotFoundException)
            notFound.details.contains("/warehouse/zones[@building='Z' and @floor='9']")
            !notFound.details.contains('/warehouse/address')
        and: 'the others are still there'
            cpsDataService.getDataNodes('write-tx-delete', ANCHOR, ZONE_B, OMIT_DESCENDANTS).size() == 1
            cpsDataService.getDataNodes('write-tx-delete', ANCHOR, '/warehouse/address', OMIT_DESCENDANTS).size() == 1
        when: 'the two that are there are deleted, then the same of an anchor that does not exist'
            cpsDataService.deleteDataNodes('write-tx-delete', ANCHOR, [ZONE_B, '/warehouse/address'])
            cpsDataService.deleteDataNodes('write-tx-delete', 'no-such-anchor', [ZONE_B])
        then: 'the missing anchor is named'
            def anchorNotFound = thrown(NotFoundException)
            anchorNotFound.details.contains('no-such-anchor')
        and: 'the two are gone, with what was below them'
            cpsDataService.getDataNodes('write-tx-delete', ANCHOR, '/warehouse', INCLUDE_ALL_DESCENDANTS)[0]
                .childDataNodes()*.xpath() == ["/warehouse/zones[@building='A' and @floor='1']"]
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
