package io.cpsng.cps

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.http.HttpHeaders
import org.springframework.mock.web.MockMultipartFile

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.http.MediaType.APPLICATION_XML
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

/** The reference's delta endpoints: two anchors compared, an anchor and a document compared, a report applied. */
class DeltaRestSpec extends IntegrationSpec {

    static final String ANCHORS = '/cps/api/v2/dataspaces/delta-ds/anchors'
    static final String SOURCE = '''{"warehouse:warehouse": {"name": "Central", "open": true,
        "address": {"city": "Oslo", "postcode": "0150"},
        "zones": [{"building": "A", "floor": 1, "climate": "chilled"}, {"building": "B", "floor": 0, "climate": "frozen"}]}}'''
    static final String TARGET = '''{"warehouse:warehouse": {"name": "Central", "open": false,
        "address": {"city": "Bergen", "postcode": "0150"},
        "zones": [{"building": "A", "floor": 1, "climate": "chilled"}, {"building": "C", "floor": 2}]}}'''
    static final List<Map> EXPECTED = [
        [action: 'replace', xpath: '/warehouse', sourceData: [warehouse: [open: true]],
         targetData: [warehouse: [open: false]]],
        [action: 'replace', xpath: '/warehouse/address', sourceData: [address: [city: 'Oslo']],
         targetData: [address: [city: 'Bergen']]],
        [action: 'remove', xpath: "/warehouse/zones[@building='B' and @floor='0']",
         sourceData: [zones: [[building: 'B', floor: 0, climate: 'frozen']]]],
        [action: 'create', xpath: "/warehouse/zones[@building='C' and @floor='2']",
         targetData: [zones: [[building: 'C', floor: 2]]]]]

    @Autowired
    StoreFixture storeFixture

    def setup() {
        if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('delta-ds')) {
            storeFixture.createWarehouseAnchors('delta-ds', 'source', 'target')
        }
        ['source', 'target'].each { mvc.perform(delete("${ANCHORS}/${it}/nodes").param('xpath', '/')) }
        save('source', SOURCE)
        save('target', TARGET)
    }

    def 'The delta of two anchors lists each node removed, created or changed, changed leaves only'() {
        when: 'the delta from source to target is asked with all descendants'
            def response = mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('descendants', 'all')).andReturn().response
        then: 'the report is the reference\'s: removals and changes in source order, then creations'
            response.status == 200
            json(response) == EXPECTED
    }

    def 'Without descendants only the node at the xpath is compared'() {
        expect: 'the address compared alone'
            json(mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('xpath', '/warehouse/address')).andReturn().response) == [EXPECTED[1]]
    }

    def 'A node that only #side has is reported as #expectedAction'() {
        when: 'the delta is asked at its xpath'
            def response = mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('xpath', xpath).param('descendants', 'all')).andReturn().response
        then: 'it is one entry, not an error'
            response.status == 200
            json(response)*.action == [expectedAction]
        where: 'the node is'
            side         | xpath                                            || expectedAction
            'the source' | "/warehouse/zones[@building='B' and @floor='0']" || 'remove'
            'the target' | "/warehouse/zones[@building='C' and @floor='2']" || 'create'
    }

    def 'The delta of an anchor and a JSON document is the same as of two anchors holding them'() {
        when: 'the target is sent as the targetData part'
            def response = mvc.perform(multipart("${ANCHORS}/source/delta")
                .file(new MockMultipartFile('targetData', 'target.json', 'application/json', TARGET.bytes)))
                .andReturn().response
        then: 'the report is the same'
            response.status == 200
            json(response) == EXPECTED
        when: 'a document for one node below the root is sent with its xpath'
            def address = mvc.perform(multipart("${ANCHORS}/source/delta").param('xpath', '/warehouse/address')
                .file(new MockMultipartFile('targetData', 'a.json', 'application/json',
                    '{"address": {"city": "Oslo", "postcode": "9999"}}'.bytes))).andReturn().response
        then: 'only that node is compared'
            json(address) == [[action: 'replace', xpath: '/warehouse/address', sourceData: [address: [postcode: '0150']],
                               targetData: [address: [postcode: '9999']]]]
    }

    def 'The condensed report has each created or removed subtree whole, at its parent'() {
        when: 'the condensed delta from source to target is asked'
            def response = mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('descendants', 'all').param('grouping-enabled', 'true')).andReturn().response
        then: 'replacements are per node, the removed and the created zone are entries at the warehouse'
            response.status == 200
            json(response) == [EXPECTED[0], EXPECTED[1],
                               [action: 'remove', xpath: '/warehouse', sourceData: [zones: [[building: 'B', floor: 0, climate: 'frozen']]]],
                               [action: 'create', xpath: '/warehouse', targetData: [zones: [[building: 'C', floor: 2]]]]]
    }

    def 'A #form delta report in #format applied to the source makes it equal to the target'() {
        given: 'the report from source to target'
            def report = mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('descendants', 'all').param('grouping-enabled', grouped).accept(mediaType)).andReturn().response.contentAsString
        when: 'it is applied to the source'
            def response = mvc.perform(post("${ANCHORS}/source/applyChangesInDeltaReport").contentType(mediaType)
                .content(report)).andReturn().response
        then: 'it is created, and no difference is left'
            response.status == 201
            json(mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('descendants', 'all')).andReturn().response) == []
        where: 'the report is'
            form        | format | grouped | mediaType
            'per node'  | 'JSON' | 'false' | APPLICATION_JSON
            'condensed' | 'JSON' | 'true'  | APPLICATION_JSON
            'per node'  | 'XML'  | 'false' | APPLICATION_XML
            'condensed' | 'XML'  | 'true'  | APPLICATION_XML
    }

    def 'The report in XML when #asked, as the reference writes it'() {
        when: 'the delta is asked for'
            def response = mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('xpath', '/warehouse/address').headers(headers)).andReturn().response
        then: 'the address\'s change, in XML'
            response.status == 200
            response.contentType.startsWith('application/xml')
            response.contentAsString == '<deltaReports><deltaReport><action>replace</action><xpath>/warehouse/address</xpath>' +
                '<sourceData><address><city>Oslo</city></address></sourceData><targetData><address><city>Bergen</city></address></targetData>' +
                '</deltaReport></deltaReports>'
        where: 'the client'
            asked                                                  | headers
            'it accepts XML'                                       | httpHeaders(Accept: 'application/xml')
            'it accepts XML before JSON'                           | httpHeaders(Accept: 'application/json;q=0.5, application/xml')
            'it sends Content-Type application/xml, as the reference\'s clients do' | httpHeaders('Content-Type': 'application/xml')
    }

    def 'The delta to an XML document is the delta to the same data in JSON'() {
        when: 'the delta to the target as an XML document is asked for'
            def xmlTarget = '<warehouse xmlns="urn:cpsng:test:warehouse"><name>Central</name><open>false</open>' +
                '<address><city>Bergen</city><postcode>0150</postcode></address>' +
                '<zones><building>A</building><floor>1</floor><climate>chilled</climate></zones><zones><building>C</building><floor>2</floor></zones></warehouse>'
            def response = mvc.perform(multipart("${ANCHORS}/source/delta").file(new MockMultipartFile('targetData', 't.xml',
                'application/xml', xmlTarget.bytes))).andReturn().response
        then: 'it is the report of the two anchors'
            response.status == 200
            json(response) == EXPECTED
    }

    def 'A report with an entry that cannot be applied changes nothing: #scenario'() {
        when: 'the report is applied'
            def response = mvc.perform(post("${ANCHORS}/source/applyChangesInDeltaReport").contentType(APPLICATION_JSON)
                .content(JsonOutput.toJson(report))).andReturn().response
        then: 'it is refused saying why, and the source is as it was'
            response.status == 400
            json(response).details.contains(expectedDetails)
            json(mvc.perform(get("${ANCHORS}/source/delta").param('target-anchor-name', 'target')
                .param('descendants', 'all')).andReturn().response) == EXPECTED
        where: 'the report holds'
            scenario                        | report                                                                                      || expectedDetails
            'an action not served'          | [EXPECTED[2], [action: 'move', xpath: '/warehouse/address']]                                || 'create, remove or replace'
            'a create without target data'  | [EXPECTED[2], [action: 'create', xpath: "/warehouse/zones[@building='D' and @floor='1']"]]  || 'has no targetData'
            'a leaf the model does not have' | [EXPECTED[2], [action: 'replace', xpath: '/warehouse/address', targetData: [address: [planet: 'Mars']]]] || 'planet'
            'an entry that is no object'    | [EXPECTED[2], 1]                                                                            || 'Entry 1 is not an object'
            'a null entry'                  | [EXPECTED[2], null]                                                                         || 'Entry 1 is not an object'
            'an entry without action'       | [EXPECTED[2], [xpath: '/warehouse']]                                                        || 'create, remove or replace'
            'data that are no object'       | [EXPECTED[2], [action: 'create', xpath: '/warehouse', targetData: 'zones']]                 || 'targetData of entry 1 is not an object'
            'a removal of a missing node'   | [EXPECTED[2], [action: 'remove', xpath: '/warehouse', sourceData: [zones: [[building: 'Z', floor: 9]]]]] || 'Z'
    }

    def 'What is not served is refused with 400 naming it: #scenario'() {
        when: 'the request is sent'
            def response = mvc.perform(request).andReturn().response
        then: 'it is refused'
            response.status == 400
            json(response).details.contains(expectedDetails)
        where: 'the request asks for'
            scenario                 | request                                                                                                     || expectedDetails
            'a schema with the data' | multipart("${ANCHORS}/source/delta").file(new MockMultipartFile('targetData', 't.json', 'application/json', TARGET.bytes))
                                           .file(new MockMultipartFile('yangResourceFile', 'x.yang', 'text/plain', 'module x {}'.bytes)) || 'yangResourceFile'
    }

    void save(String anchor, String json) {
        assert mvc.perform(post("${ANCHORS}/${anchor}/nodes").param('xpath', '/').contentType(APPLICATION_JSON)
            .content(json)).andReturn().response.status == 201
    }

    static HttpHeaders httpHeaders(Map<String, String> values) {
        def headers = new HttpHeaders()
        values.each { name, value -> headers.add(name, value) }
        headers
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
