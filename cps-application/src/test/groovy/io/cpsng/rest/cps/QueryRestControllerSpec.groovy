package io.cpsng.rest.cps

import static io.cpsng.cps.api.model.FetchDescendantsOption.DIRECT_CHILDREN_ONLY
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsQueryService
import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.AnchorDataNodes
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleIdentity
import io.cpsng.cps.api.model.PagedResult
import io.cpsng.cps.api.model.PaginationOption
import io.cpsng.rest.StandaloneMockMvc
import org.springframework.http.MediaType
import spock.lang.Specification

class QueryRestControllerSpec extends Specification {

    static final ANCHOR_QUERY_URL = '/cps/api/v2/dataspaces/my-ds/anchors/my-anchor/nodes/query'
    static final ACROSS_ANCHORS_QUERY_URL = '/cps/api/v2/dataspaces/my-ds/nodes/query'

    def mockCpsQueryService = Mock(CpsQueryService)
    def objectUnderTest = new QueryRestController(mockCpsQueryService)
    def mockMvc = StandaloneMockMvc.of(objectUnderTest)

    def storesModule = new ModuleIdentity('stores', 'book-store', 'org:onap:ccsdk:sample')
    def category1 = new DataNode("/bookstore/categories[@code='1']", storesModule, [code: 1, name: 'SciFi'], [])
    def category2 = new DataNode("/bookstore/categories[@code='2']", storesModule, [code: 2, name: 'kids'], [])

    def 'Query an anchor with #scenario'() {
        when: 'the anchor is queried'
            def response = mockMvc.perform(get("/cps/api/${version}/dataspaces/my-ds/anchors/my-anchor/nodes/query")
                .param('cps-path', '//categories').param(descendantsParameter, descendantsValue)).andReturn().response
        then: 'the service runs the query with the mapped descendants option'
            1 * mockCpsQueryService.queryDataNodes('my-ds', 'my-anchor', '//categories', expectedDescendants) >> [category1, category2]
        and: 'the answer is a JSON array with one prefixed object per node'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) ==
                [['book-store:categories': [code: 1, name: 'SciFi']], ['book-store:categories': [code: 2, name: 'kids']]]
        where:
            scenario                    | version | descendantsParameter  | descendantsValue || expectedDescendants
            'v1 and descendants'        | 'v1'    | 'include-descendants' | 'true'           || INCLUDE_ALL_DESCENDANTS
            'v1 and no descendants'     | 'v1'    | 'include-descendants' | 'false'          || OMIT_DESCENDANTS
            'v2 and all descendants'    | 'v2'    | 'descendants'         | 'all'            || INCLUDE_ALL_DESCENDANTS
            'v2 and direct descendants' | 'v2'    | 'descendants'         | 'direct'         || DIRECT_CHILDREN_ONLY
            'v2 and no descendants'     | 'v2'    | 'descendants'         | 'none'           || OMIT_DESCENDANTS
    }

    def 'Query an anchor without parameters'() {
        when: 'the anchor is queried with defaults'
            def response = mockMvc.perform(get(ANCHOR_QUERY_URL)).andReturn().response
        then: 'the service runs the root query without descendants'
            1 * mockCpsQueryService.queryDataNodes('my-ds', 'my-anchor', '/', OMIT_DESCENDANTS) >> []
        and: 'no match is an empty array'
            response.status == 200
            response.contentAsString == '[]'
    }

    def 'Query an anchor as XML'() {
        given: 'the query finds two nodes'
            mockCpsQueryService.queryDataNodes('my-ds', 'my-anchor', '//categories', OMIT_DESCENDANTS) >> [category1, category2]
        when: 'the anchor is queried with an XML Content-Type'
            def response = mockMvc.perform(get(ANCHOR_QUERY_URL).param('cps-path', '//categories')
                .contentType(MediaType.APPLICATION_XML)).andReturn().response
        then: 'the answer is concatenated XML elements'
            response.status == 200
            response.contentType.startsWith(MediaType.APPLICATION_XML_VALUE)
            response.contentAsString ==
                '<categories xmlns="org:onap:ccsdk:sample"><code>1</code><name>SciFi</name></categories>' +
                '<categories xmlns="org:onap:ccsdk:sample"><code>2</code><name>kids</name></categories>'
    }

    def 'Query leaf values with #version'() {
        when: 'the cps-path ends with an attribute step'
            def response = mockMvc.perform(get("/cps/api/${version}/dataspaces/my-ds/anchors/my-anchor/nodes/query")
                .param('cps-path', "/bookstore/categories[@code='1']/books/@title")).andReturn().response
        then: 'the service is asked for the leaf values'
            1 * mockCpsQueryService.queryDataLeaf('my-ds', 'my-anchor', "/bookstore/categories[@code='1']/books/@title") >> ['B', 'A', 'B']
        and: 'no node query is run'
            0 * mockCpsQueryService.queryDataNodes(*_)
        and: 'the answer lists the values in the order found, duplicates kept'
            response.status == 200
            response.contentAsString == '[{"title":"B"},{"title":"A"},{"title":"B"}]'
        where:
            version << ['v1', 'v2']
    }

    def 'Query leaf values named #scenario'() {
        given: 'the service finds a value'
            mockCpsQueryService.queryDataLeaf('my-ds', 'my-anchor', cpsPath) >> ['x']
        when: 'the anchor is queried'
            def response = mockMvc.perform(get(ANCHOR_QUERY_URL).param('cps-path', cpsPath)).andReturn().response
        then: 'the values are keyed by the leaf name'
            response.contentAsString == '[{"title":"x"}]'
        where:
            scenario                       | cpsPath
            'with a module prefix'         | '//books/@stores:title'
            'after a predicate with slash' | "//books[@path='a/b']/@title"
    }

    def 'Query nodes whose predicate holds an attribute-like value'() {
        when: 'the last step has a predicate containing /@'
            mockMvc.perform(get(ANCHOR_QUERY_URL).param('cps-path', "//books[@title='/@x']")).andReturn()
        then: 'nodes are queried, not leaf values'
            1 * mockCpsQueryService.queryDataNodes('my-ds', 'my-anchor', "//books[@title='/@x']", OMIT_DESCENDANTS) >> []
    }

    def 'Query leaf values as XML'() {
        given: 'the service finds two values'
            mockCpsQueryService.queryDataLeaf('my-ds', 'my-anchor', '//books/@price') >> [10, 20]
        when: 'the anchor is queried with an XML Content-Type'
            def response = mockMvc.perform(get(ANCHOR_QUERY_URL).param('cps-path', '//books/@price')
                .contentType(MediaType.APPLICATION_XML)).andReturn().response
        then: 'the answer is one element per value'
            response.status == 200
            response.contentAsString == '<price>10</price><price>20</price>'
    }

    def 'Query with an invalid cps-path'() {
        given: 'the service refuses the cps-path'
            mockCpsQueryService.queryDataNodes(*_) >> { throw new DataValidationException('Invalid cps-path', 'unexpected ]') }
        when: 'the anchor is queried'
            def response = mockMvc.perform(get(ANCHOR_QUERY_URL).param('cps-path', '/a]')).andReturn().response
        then: 'the answer is 400 with the details'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details == 'unexpected ]'
    }

    def 'Query across anchors with #scenario'() {
        when: 'the dataspace is queried'
            def request = get(ACROSS_ANCHORS_QUERY_URL).param('cps-path', '//categories').param('descendants', 'all')
            pagination.each { name, value -> request.param(name, value) }
            def response = mockMvc.perform(request).andReturn().response
        then: 'the service runs the query with the mapped pagination'
            1 * mockCpsQueryService.queryDataNodesAcrossAnchors('my-ds', '//categories', INCLUDE_ALL_DESCENDANTS,
                expectedPagination) >> new PagedResult([new AnchorDataNodes('anchor1', [category1, category2]),
                                                        new AnchorDataNodes('anchor2', [category1])], totalPages)
        and: 'the answer is 200 with the page count'
            response.status == 200
            response.getHeader('total-pages') == expectedTotalPages
        and: 'the nodes are listed per anchor'
            new JsonSlurper().parseText(response.contentAsString) == [
                [anchorName: 'anchor1', dataNodes: [['book-store:categories': [code: 1, name: 'SciFi']],
                                                    ['book-store:categories': [code: 2, name: 'kids']]]],
                [anchorName: 'anchor2', dataNodes: [['book-store:categories': [code: 1, name: 'SciFi']]]]]
        where:
            scenario              | pagination                      | totalPages || expectedPagination             | expectedTotalPages
            'no pagination'       | [:]                             | 1          || PaginationOption.NO_PAGINATION | '1'
            'only a page index'   | [pageIndex: '2']                | 1          || PaginationOption.NO_PAGINATION | '1'
            'only a page size'    | [pageSize: '10']                | 1          || PaginationOption.NO_PAGINATION | '1'
            'page index and size' | [pageIndex: '2', pageSize: '2'] | 123        || new PaginationOption(2, 2)     | '123'
            'no anchor matching'  | [pageIndex: '1', pageSize: '2'] | 0          || new PaginationOption(1, 2)     | '1'
    }

    def 'Query across anchors with defaults'() {
        when: 'the dataspace is queried without parameters'
            def response = mockMvc.perform(get(ACROSS_ANCHORS_QUERY_URL)).andReturn().response
        then: 'the service runs the root query without descendants or pagination'
            1 * mockCpsQueryService.queryDataNodesAcrossAnchors('my-ds', '/', OMIT_DESCENDANTS, PaginationOption.NO_PAGINATION) >>
                new PagedResult([], 1)
        and: 'the answer is an empty array'
            response.status == 200
            response.contentAsString == '[]'
    }

    def 'Query across anchors with #scenario'() {
        when: 'the dataspace is queried with invalid pagination'
            def response = mockMvc.perform(get(ACROSS_ANCHORS_QUERY_URL).param('pageIndex', pageIndex).param('pageSize', pageSize))
                .andReturn().response
        then: 'the service is not called'
            0 * mockCpsQueryService._
        and: 'the answer is 400'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains(expectedDetails)
        where:
            scenario                | pageIndex | pageSize || expectedDetails
            'page index zero'       | '0'       | '10'     || 'Invalid page index or size'
            'negative page size'    | '1'       | '-1'     || 'Invalid page index or size'
            'page index not number' | 'first'   | '10'     || 'pageIndex'
    }
}
