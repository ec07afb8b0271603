package io.cpsng.cps

import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.http.MediaType.APPLICATION_XML
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put

class DataRestSpec extends IntegrationSpec {

    static final String ANCHOR_URL = '/cps/api/v2/dataspaces/data-ds/anchors/site'
    static final String ZONE_A = "/warehouse/zones[@building='A' and @floor='1']"
    static final String ITEM_1 = ZONE_A + "/shelves[@id='1']/items[@sku='ABC-0001']"
    static final String AGAIN_ANCHOR_URL = '/cps/api/v2/dataspaces/again-ds/anchors/site'
    static final String DEPOT_YANG = '''
        module depot {
            yang-version 1.1;
            namespace "urn:cpsng:test:depot";
            prefix dp;
            container warehouse {
                leaf bays { type uint16; }
            }
        }'''

    @Autowired
    StoreFixture storeFixture

    def setup() {
        if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('data-ds')) {
            storeFixture.createWarehouseAnchors('data-ds', 'site')
        }
        mvc.perform(delete("${ANCHOR_URL}/nodes").param('xpath', '/'))
    }

    def 'Saved data is read back with all descendants, typed, with the module prefix on the top key'() {
        given: 'the warehouse as it should read back: the decimal sent as RFC 7951 text comes back a number'
            def expected = new JsonSlurper().parseText(StoreFixture.WAREHOUSE_JSON)['warehouse:warehouse']
            expected.zones[0].shelves[0].items[0].price = 9.99
        when: 'the warehouse is saved'
            def saveResponse = postJson('/', StoreFixture.WAREHOUSE_JSON)
        then: 'it is created'
            saveResponse.status == 201
        when: 'it is read with all descendants'
            def result = getNode('/warehouse', 'all')
        then: 'the same tree comes back under the prefixed top key'
            result == [['wh:warehouse': expected]]
    }

    def 'Reading #scenario returns only #expectedKeys below the node'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'the top node is read'
            def warehouse = getNode('/warehouse', descendants)[0]['wh:warehouse']
        then: 'only the expected levels are there'
            warehouse.keySet() == expectedKeys as Set
        and: 'the depth below zones is as asked'
            (warehouse.zones?.getAt(0)?.shelves != null) == shelvesIncluded
        where: 'the following descendant options are used'
            scenario              | descendants || expectedKeys                                      | shelvesIncluded
            'without descendants' | 'none'      || ['name', 'open', 'tags']                          | false
            'direct children'     | 'direct'    || ['name', 'open', 'tags', 'address', 'zones']      | false
            'two levels'          | '2'         || ['name', 'open', 'tags', 'address', 'zones']      | true
            'all descendants'     | 'all'       || ['name', 'open', 'tags', 'address', 'zones']      | true
    }

    def 'A list entry is read by its keys, in any quoting'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        expect: 'the item is found by its canonical and by a double-quoted xpath'
            getNode(xpath, 'none') == [['wh:items': [sku: 'ABC-0001', quantity: 5, price: 9.99, 'box-size': 'small']]]
        where: 'the xpath is written as'
            xpath << [ITEM_1, ITEM_1.replace("'", '"')]
    }

    def 'Children are created under a parent and refused when they exist'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'a new zone is posted under the warehouse'
            def response = postJson('/warehouse', '{"zones": [{"building": "C", "floor": 2}]}')
        then: 'it is created and can be read'
            response.status == 201
            getNode("/warehouse/zones[@building='C' and @floor='2']", 'none') ==
                [['wh:zones': [building: 'C', floor: 2]]]
        when: 'the same zone is posted again'
            def again = postJson('/warehouse', '{"zones": [{"building": "C", "floor": 2}]}')
        then: 'it is refused as already defined'
            again.status == 409
            json(again).status == '409 CONFLICT'
    }

    def 'A replaced node loses the descendants it no longer has'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'zone A is replaced by one without shelves'
            def response = mvc.perform(put("${ANCHOR_URL}/nodes").param('xpath', '/warehouse')
                .contentType(APPLICATION_JSON).content('{"zones": [{"building": "A", "floor": 1, "climate": "ambient"}]}'))
                .andReturn().response
        then: 'it is replaced'
            response.status == 200
        and: 'zone A has the new leaf and no shelves'
            getNode(ZONE_A, 'all') == [['wh:zones': [building: 'A', floor: 1, climate: 'ambient']]]
        and: 'zone B is untouched'
            getNode("/warehouse/zones[@building='B' and @floor='0']", 'none')[0]['wh:zones'].climate == 'frozen'
    }

    def 'Patching merges leaves and leaves descendants alone'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'the warehouse name is patched'
            def response = mvc.perform(patch("${ANCHOR_URL}/nodes").param('xpath', '/')
                .contentType(APPLICATION_JSON).content('{"warehouse:warehouse": {"name": "Renamed"}}'))
                .andReturn().response
        then: 'the leaf is updated, the other leaves and the zones remain'
            response.status == 200
            def warehouse = getNode('/warehouse', 'direct')[0]['wh:warehouse']
            warehouse.name == 'Renamed'
            warehouse.open == true
            warehouse.zones.size() == 2
    }

    def 'List entries are added and the whole list content is replaced'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'a parcel list entry is added'
            def added = mvc.perform(post("${ANCHOR_URL}/list-nodes").param('xpath', '/warehouse')
                .contentType(APPLICATION_JSON).content('{"parcels": [{"id": 1, "destination": "Bergen"}]}'))
                .andReturn().response
        then: 'it is created'
            added.status == 201
        when: 'the parcel list is replaced with two other entries'
            def replaced = mvc.perform(put("${ANCHOR_URL}/list-nodes").param('xpath', '/warehouse')
                .contentType(APPLICATION_JSON)
                .content('{"parcels": [{"id": 2, "destination": "Trondheim"}, {"id": 3, "destination": "Tromso"}]}'))
                .andReturn().response
        then: 'only the new entries remain, in the order given'
            replaced.status == 200
            getNode('/warehouse', 'direct')[0]['wh:warehouse'].parcels*.id == [2, 3]
    }

    def 'List entries come back in the order they were stored, not in their keys\' order: #descendants descendants'() {
        given: 'the warehouse is saved, then parcels whose keys sort otherwise as text: 3, 10, 2'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
            assert mvc.perform(post("${ANCHOR_URL}/list-nodes").param('xpath', '/warehouse').contentType(APPLICATION_JSON)
                .content('{"parcels": [{"id": 3, "destination": "Bergen"}, {"id": 10, "destination": "Tromso"}, {"id": 2, "destination": "Oslo"}]}'))
                .andReturn().response.status == 201
        expect: 'the warehouse read with its descendants lists them as stored'
            getNode('/warehouse', descendants)[0]['wh:warehouse'].parcels*.id == [3, 10, 2]
        where: 'the descendants read are'
            descendants << ['direct', 'all']
    }

    def 'Deleting #scenario removes #expectedRemaining'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'the xpath is deleted'
            def response = mvc.perform(delete("${ANCHOR_URL}/nodes").param('xpath', xpath)).andReturn().response
        then: 'no content is returned'
            response.status == 204
        and: 'what remains of the zones is as expected (a read of an anchor without data is not found)'
            def remaining = getNodeResponse('/', 'all')
            def remainingZones = remaining.status == 404 ? [] : json(remaining).collect { it['wh:warehouse']?.zones?.collect { zone -> zone.building } }
            remainingZones == expectedRemaining
        where: 'the following xpaths are deleted'
            scenario         | xpath                || expectedRemaining
            'one list entry' | ZONE_A               || [['B']]
            'a whole list'   | '/warehouse/zones'   || [null]
            'everything'     | '/'                  || []
    }

    def 'Data that does not fit the model is refused with what and where: #scenario'() {
        when: 'invalid data is posted'
            def response = postJson('/', data)
        then: 'the request is refused as bad'
            response.status == 400
            json(response).status == '400 BAD_REQUEST'
        and: 'the details name the problem'
            json(response).details.contains(expectedInDetails)
        and: 'nothing was stored'
            getNodeResponse('/', 'none').status == 404
        where: 'the following data are posted'
            scenario            | data                                                                              || expectedInDetails
            'unknown leaf'      | '{"warehouse:warehouse": {"colour": "red"}}'                                      || 'colour'
            'wrong leaf type'   | '{"warehouse:warehouse": {"open": "perhaps"}}'                                    || 'perhaps'
            'missing list key'  | '{"warehouse:warehouse": {"zones": [{"building": "A"}]}}'                         || 'floor'
            'value out of range'| '{"warehouse:warehouse": {"zones": [{"building": "A", "floor": 99}]}}'            || '99'
            'pattern mismatch'  | '{"warehouse:warehouse": {"zones": [{"building": "A", "floor": 1, "shelves": [{"id": 1, "items": [{"sku": "bad"}]}]}]}}' || 'bad'
            'unknown enum'      | '{"warehouse:warehouse": {"zones": [{"building": "A", "floor": 1, "climate": "hot"}]}}' || 'hot'
            'malformed JSON'    | '{"warehouse:warehouse": {'                                                       || ''
    }

    def 'A write that fails part-way leaves nothing behind'() {
        given: 'zone B exists on its own'
            postJson('/', '{"warehouse:warehouse": {"zones": [{"building": "B", "floor": 0}]}}')
        when: 'two zones are posted under the warehouse, one of them existing'
            def response = postJson('/warehouse', '{"zones": [{"building": "C", "floor": 1}, {"building": "B", "floor": 0}]}')
        then: 'the request is refused'
            response.status == 409
        and: 'the new zone was not stored either'
            getNodeResponse("/warehouse/zones[@building='C' and @floor='1']", 'none').status == 404
    }

    def 'Dry run validates without storing'() {
        when: 'valid data is posted as a dry run'
            def response = mvc.perform(post("${ANCHOR_URL}/nodes").param('dry-run', 'true')
                .contentType(APPLICATION_JSON).content(StoreFixture.WAREHOUSE_JSON)).andReturn().response
        then: 'it is accepted'
            response.status == 200
        and: 'nothing is stored'
            getNodeResponse('/', 'none').status == 404
    }

    def 'Data posted as XML is read back as the same XML'() {
        given: 'warehouse data in XML'
            def xml = '<warehouse xmlns="urn:cpsng:test:warehouse"><name>Central</name><tags>cold</tags><tags>north</tags>' +
                '<zones><building>A</building><floor>1</floor></zones></warehouse>'
        when: 'it is posted as XML'
            def saved = mvc.perform(post("${ANCHOR_URL}/nodes").contentType(APPLICATION_XML).content(xml)).andReturn().response
        then: 'it is created'
            saved.status == 201
        when: 'it is read as XML'
            def read = mvc.perform(get("${ANCHOR_URL}/node").param('xpath', '/warehouse').param('descendants', 'all')
                .contentType(APPLICATION_XML)).andReturn().response
        then: 'the XML holds the same elements'
            def warehouse = new groovy.xml.XmlSlurper().parseText(read.contentAsString)
            warehouse.name() == 'warehouse'
            warehouse.namespaceURI() == 'urn:cpsng:test:warehouse'
            warehouse.name.text() == 'Central'
            warehouse.tags*.text() == ['cold', 'north']
            warehouse.zones.building.text() == 'A'
            warehouse.zones.floor.text() == '1'
    }

    def 'An augmenting module adds nodes to the tree'() {
        when: 'data with the augmented audit container is posted'
            def response = postJson('/', '{"warehouse:warehouse": {"name": "N", "warehouse-audit:audit": {"passed": true}}}')
        then: 'it is stored and read back'
            response.status == 201
            getNode('/warehouse/audit', 'none') == [['wh:audit': [passed: true]]]
    }

    def 'Reading a node that does not exist answers 404'() {
        when: 'a missing node is read'
            def response = getNodeResponse('/warehouse/address', 'none')
        then: 'it is not found, saying which'
            response.status == 404
            json(response).details.contains('/warehouse/address')
    }

    def 'The v1 node endpoint returns the first node as an object'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'the node is read through v1'
            def response = mvc.perform(get('/cps/api/v1/dataspaces/data-ds/anchors/site/node')
                .param('xpath', '/warehouse/address').param('include-descendants', 'true')).andReturn().response
        then: 'it is one object'
            json(response) == ['wh:address': [city: 'Oslo', postcode: '0150']]
    }

    def 'The v3 node endpoint answers the nodes as one object: #scenario'() {
        given: 'the warehouse is saved'
            postJson('/', StoreFixture.WAREHOUSE_JSON)
        when: 'nodes are read through v3'
            def response = mvc.perform(get('/cps/api/v3/dataspaces/data-ds/anchors/site/node')
                .param('xpath', xpath).param('descendants', descendants)).andReturn().response
        then: 'they are one object, each under its prefixed name, list entries together in an array'
            response.status == 200
            json(response) == expected
        where: 'the read is'
            scenario                     | xpath                         | descendants || expected
            'a container'                | '/warehouse/address'          | 'none'      || ['wh:address': [city: 'Oslo', postcode: '0150']]
            'the root, no descendants'   | '/'                           | 'none'      || ['wh:warehouse': [name: 'Central', open: true, tags: ['cold', 'north']]]
            'a list entry, in an array'  | ZONE_A                        | 'none'      || ['wh:zones': [[building: 'A', floor: 1, climate: 'chilled']]]
    }

    def 'An observed timestamp #scenario'() {
        when: 'data is posted with an observed timestamp'
            def response = mvc.perform(post("${ANCHOR_URL}/nodes").param('observed-timestamp', timestamp)
                .contentType(APPLICATION_JSON).content('{"warehouse:warehouse": {"name": "T"}}')).andReturn().response
        then: 'the status is as expected'
            response.status == expectedStatus
        where: 'the timestamp is'
            scenario                 | timestamp                        || expectedStatus
            'in ISO format is taken' | '2026-03-21T00:10:34.030-0100'   || 201
            'in another is refused'  | '21/03/2026'                     || 400
    }

    def 'An anchor deleted and created again on another schema set reads with that set\'s module'() {
        given: 'a dataspace with two schema sets, both with a top-level warehouse in modules of other prefixes'
            if (!storeFixture.dataspaceExists('again-ds')) {
                storeFixture.createDataspace('again-ds', 'warehouse',
                    ['warehouse.yang': StoreFixture.yangSource('warehouse.yang')])
                storeFixture.cpsModuleService.createSchemaSet('again-ds', 'depot', ['depot.yang': DEPOT_YANG])
            }
        and: 'an anchor of the first set, its warehouse saved and read under the first prefix'
            storeFixture.cpsAnchorService.createAnchor('again-ds', 'warehouse', 'site')
            def readWarehouse = { json(mvc.perform(get("${AGAIN_ANCHOR_URL}/node").param('xpath', '/warehouse'))
                .andReturn().response) }
            assert postJsonTo(AGAIN_ANCHOR_URL, '/', '{"warehouse:warehouse": {"name": "first"}}').status == 201
            assert readWarehouse() == [['wh:warehouse': [name: 'first']]]
        when: 'the anchor is deleted and created again of the other set, with a warehouse of its own'
            storeFixture.cpsAnchorService.deleteAnchor('again-ds', 'site')
            storeFixture.cpsAnchorService.createAnchor('again-ds', 'depot', 'site')
            def saved = postJsonTo(AGAIN_ANCHOR_URL, '/', '{"depot:warehouse": {"bays": 12}}')
        then: 'its warehouse is saved and reads under the other prefix'
            saved.status == 201
            readWarehouse() == [['dp:warehouse': [bays: 12]]]
        cleanup:
            storeFixture.cpsAnchorService.deleteAnchor('again-ds', 'site')
    }

    def postJson(String parentXpath, String data) {
        postJsonTo(ANCHOR_URL, parentXpath, data)
    }

    def postJsonTo(String anchorUrl, String parentXpath, String data) {
        mvc.perform(post("${anchorUrl}/nodes").param('xpath', parentXpath)
            .contentType(APPLICATION_JSON).content(data)).andReturn().response
    }

    def getNodeResponse(String xpath, String descendants) {
        mvc.perform(get("${ANCHOR_URL}/node").param('xpath', xpath).param('descendants', descendants))
            .andReturn().response
    }

    def getNode(String xpath, String descendants) {
        def response = getNodeResponse(xpath, descendants)
        assert response.status == 200: response.contentAsString
        json(response)
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
