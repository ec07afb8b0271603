package io.cpsng.cps

import groovy.json.JsonSlurper
import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired

import static org.springframework.http.MediaType.APPLICATION_JSON
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

class QueryRestSpec extends IntegrationSpec {

    static final String DATASPACE_URL = '/cps/api/v2/dataspaces/query-ds'

    @Autowired
    StoreFixture storeFixture

    def setup() {
        if (!storeFixture.cpsDataspaceService.dataspaces*.name.contains('query-ds')) {
            storeFixture.createWarehouseAnchors('query-ds', 'site-a', 'site-b', 'site-c')
            ['site-a', 'site-b'].each { anchorName ->
                mvc.perform(post("${DATASPACE_URL}/anchors/${anchorName}/nodes").contentType(APPLICATION_JSON)
                    .content(StoreFixture.WAREHOUSE_JSON))
            }
        }
    }

    def 'Querying one anchor with #scenario returns #expectedResult'() {
        when: 'the anchor is queried'
            def response = mvc.perform(get("${DATASPACE_URL}/anchors/site-a/nodes/query")
                .param('cps-path', cpsPath).param('descendants', 'none')).andReturn().response
        then: 'the matching nodes come back with the module prefix on each'
            response.status == 200
            json(response) == expectedResult
        where: 'the cps-path is'
            scenario                 | cpsPath                                                      || expectedResult
            'a top element'          | '/warehouse'                                                 || [['wh:warehouse': [name: 'Central', open: true, tags: ['cold', 'north']]]]
            'a leaf condition'       | "//zones[@climate='frozen']"                                 || [['wh:zones': [building: 'B', floor: 0, climate: 'frozen']]]
            'a numeric comparison'   | '//items[@quantity>6]'                                       || [['wh:items': [sku: 'ABC-0002', quantity: 7, bin: 3]]]
            'an ancestor'            | "//items[@sku='ABC-0002']/ancestor::zones"                   || [['wh:zones': [building: 'A', floor: 1, climate: 'chilled']]]
            'contains'               | "//address[contains(@city,'sl')]"                            || [['wh:address': [city: 'Oslo', postcode: '0150']]]
            'a leaf-list value'      | "//shelves/labels[text()='top']"                             || [['wh:shelves': [id: 1, capacity: 100, labels: ['top']]]]
            'no match'               | "//zones[@climate='ambient']"                                || []
    }

    def 'A query ending in a leaf returns that leaf of each match'() {
        when: 'the sku leaf of every item is queried'
            def response = mvc.perform(get("${DATASPACE_URL}/anchors/site-a/nodes/query")
                .param('cps-path', '//items/@sku')).andReturn().response
        then: 'each value comes as an object named by the leaf'
            json(response) == [[sku: 'ABC-0001'], [sku: 'ABC-0002']]
    }

    def 'A query across anchors returns the matches per anchor, a page at a time'() {
        when: 'the frozen zones are queried across anchors, one anchor per page'
            def firstPage = mvc.perform(get("${DATASPACE_URL}/nodes/query").param('cps-path', "//zones[@climate='frozen']")
                .param('pageIndex', '1').param('pageSize', '1')).andReturn().response
            def secondPage = mvc.perform(get("${DATASPACE_URL}/nodes/query").param('cps-path', "//zones[@climate='frozen']")
                .param('pageIndex', '2').param('pageSize', '1')).andReturn().response
        then: 'the two anchors holding data are on two pages'
            firstPage.getHeader('total-pages') == '2'
            json(firstPage) == [[anchorName: 'site-a', dataNodes: [['wh:zones': [building: 'B', floor: 0, climate: 'frozen']]]]]
            json(secondPage)*.anchorName == ['site-b']
        when: 'the same query runs without pagination'
            def all = mvc.perform(get("${DATASPACE_URL}/nodes/query").param('cps-path', "//zones[@climate='frozen']")).andReturn().response
        then: 'both anchors are in the one page'
            all.getHeader('total-pages') == '1'
            json(all)*.anchorName == ['site-a', 'site-b']
    }

    def 'A #scenario is refused as bad input'() {
        when: 'the query is sent'
            def response = mvc.perform(get(url).params(parameters)).andReturn().response
        then: 'it is refused with a JSON error saying what was wrong'
            response.status == 400
            json(response).details.contains(expectedInDetails)
        where: 'the request is'
            scenario               | url                                          | parameters                                               || expectedInDetails
            'malformed cps-path'   | "${DATASPACE_URL}/anchors/site-a/nodes/query" | params('cps-path': "//zones[@climate='frozen'")          || 'position'
            'SQL in a value'       | "${DATASPACE_URL}/anchors/site-a/nodes/query" | params('cps-path': "//zones[@x=1; DROP TABLE fragment]") || 'position'
            'bad descendants'      | "${DATASPACE_URL}/anchors/site-a/nodes/query" | params('cps-path': '/warehouse', descendants: 'some')     || 'some'
            'page index of zero'   | "${DATASPACE_URL}/nodes/query"                | params('cps-path': '//zones', pageIndex: '0', pageSize: '1') || 'page'
            'unknown anchor'       | "${DATASPACE_URL}/anchors/nowhere/nodes/query" | params('cps-path': '//zones')                           || 'nowhere'
    }

    static params(Map<String, String> values) {
        def parameters = new org.springframework.util.LinkedMultiValueMap<String, String>()
        values.each { name, value -> parameters.add(name, value) }
        parameters
    }

    static json(response) {
        new JsonSlurper().parseText(response.contentAsString)
    }
}
