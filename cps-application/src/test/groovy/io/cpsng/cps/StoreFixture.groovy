package io.cpsng.cps

import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.CpsDataspaceService
import io.cpsng.cps.api.CpsModuleService
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.stereotype.Component

/** Sets up dataspaces, schema sets and anchors through the service API, for specs that test what comes after. */
@Component
class StoreFixture {

    static final String WAREHOUSE_JSON = '''
        {"warehouse:warehouse": {
            "name": "Central", "open": true, "tags": ["cold", "north"],
            "address": {"city": "Oslo", "postcode": "0150"},
            "zones": [
                {"building": "A", "floor": 1, "climate": "chilled",
                 "shelves": [
                    {"id": 1, "capacity": 100, "labels": ["top"],
                     "items": [
                        {"sku": "ABC-0001", "quantity": 5, "price": "9.99", "box-size": "small"},
                        {"sku": "ABC-0002", "quantity": 7, "bin": 3}]}]},
                {"building": "B", "floor": 0, "climate": "frozen"}]}}'''

    @Autowired
    CpsDataspaceService cpsDataspaceService

    @Autowired
    CpsModuleService cpsModuleService

    @Autowired
    CpsAnchorService cpsAnchorService

    static String yangSource(String fileName) {
        StoreFixture.getResource("/yang/${fileName}").getText('UTF-8')
    }

    /** A dataspace with the warehouse schema set (warehouse + warehouse-audit) and the given anchors. */
    void createWarehouseAnchors(String dataspaceName, String... anchorNames) {
        createDataspace(dataspaceName, 'warehouse',
            ['warehouse.yang': yangSource('warehouse.yang'), 'warehouse-audit.yang': yangSource('warehouse-audit.yang')])
        anchorNames.each { cpsAnchorService.createAnchor(dataspaceName, 'warehouse', it) }
    }

    /** A dataspace with one schema set of the given YANG sources (file name -> text). */
    void createDataspace(String dataspaceName, String schemaSetName, Map<String, String> yangSources) {
        cpsDataspaceService.createDataspace(dataspaceName)
        cpsModuleService.createSchemaSet(dataspaceName, schemaSetName, yangSources)
    }

    boolean dataspaceExists(String dataspaceName) {
        cpsDataspaceService.dataspaces*.name().contains(dataspaceName)
    }
}
