package io.cpsng.rest.cps

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.CpsDataspaceService
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.cps.api.CpsQueryService
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import io.cpsng.cps.api.model.AnchorDataNodes
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleIdentity
import io.cpsng.cps.api.model.PagedResult
import io.cpsng.cps.api.model.SchemaSet
import org.spockframework.spring.SpringBean
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest
import org.springframework.http.MediaType
import org.springframework.test.web.servlet.MockMvc
import spock.lang.Specification

/**
 * The controllers and the error advice as the application wires them, with Spring Boot's own message
 * converters: the controller specs use a standalone MockMvc, this spec checks they answer the same here.
 */
@WebMvcTest(controllers = [DataspaceRestController, SchemaSetRestController, AnchorRestController,
    DataRestController, QueryRestController])
class CpsRestSliceSpec extends Specification {

    @Autowired
    MockMvc mockMvc

    @SpringBean
    CpsDataspaceService mockCpsDataspaceService = Mock()

    @SpringBean
    CpsModuleService stubCpsModuleService = Stub()

    @SpringBean
    CpsAnchorService stubCpsAnchorService = Stub()

    @SpringBean
    CpsDataService stubCpsDataService = Stub()

    @SpringBean
    CpsQueryService stubCpsQueryService = Stub()

    def storesModule = new ModuleIdentity('stores', 'book-store', 'org:onap:ccsdk:sample')
    def bookstore = new DataNode('/bookstore', storesModule, ['bookstore-name': 'Chapters', price: 9.99G],
        [new DataNode("/bookstore/categories[@code='1']", null, [code: 1], [])])

    def 'Data nodes are answered as JSON by the application converters'() {
        given: 'the service finds a node'
            stubCpsDataService.getDataNodes('my-ds', 'my-anchor', '/bookstore', _) >> [bookstore]
        when: 'the node is read'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/anchors/my-anchor/node')
                .param('xpath', '/bookstore')).andReturn().response
        then: 'the JSON is the reference shape, numbers typed'
            response.status == 200
            response.contentType.startsWith(MediaType.APPLICATION_JSON_VALUE)
            response.contentAsString ==
                '[{"book-store:bookstore":{"bookstore-name":"Chapters","price":9.99,"categories":[{"code":1}]}}]'
    }

    def 'Data nodes are answered as XML by the application converters'() {
        given: 'the service finds a node'
            stubCpsDataService.getDataNodes(*_) >> [bookstore]
        when: 'the node is read with an XML Content-Type'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/anchors/my-anchor/node')
                .contentType(MediaType.APPLICATION_XML)).andReturn().response
        then: 'the XML is written as is'
            response.status == 200
            response.contentType.startsWith(MediaType.APPLICATION_XML_VALUE)
            response.contentAsString == '<bookstore xmlns="org:onap:ccsdk:sample"><bookstore-name>Chapters</bookstore-name>' +
                '<price>9.99</price><categories><code>1</code></categories></bookstore>'
    }

    def 'API records and query results are answered as JSON'() {
        given: 'a schema set and a query result'
            stubCpsModuleService.getSchemaSet('my-ds', 'my-ss') >> new SchemaSet('my-ds', 'my-ss', [])
            stubCpsQueryService.queryDataNodesAcrossAnchors(*_) >> new PagedResult([new AnchorDataNodes('a1', [])], 3)
        expect: 'the schema set as its record'
            new JsonSlurper().parseText(mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/schema-sets/my-ss'))
                .andReturn().response.contentAsString) == [dataspaceName: 'my-ds', name: 'my-ss', moduleReferences: []]
        and: 'the query result with its page count'
            def queryResponse = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/nodes/query')
                .param('pageIndex', '1').param('pageSize', '1')).andReturn().response
            queryResponse.getHeader('total-pages') == '3'
            queryResponse.contentAsString == '[{"anchorName":"a1","dataNodes":[]}]'
    }

    def 'A v1 create answers the name as UTF-8 text'() {
        when: 'a dataspace with a non-ASCII name is created with v1'
            def response = mockMvc.perform(post('/cps/api/v1/dataspaces').param('dataspace-name', 'daten-ø'))
                .andReturn().response
        then: 'it is created'
            1 * mockCpsDataspaceService.createDataspace('daten-ø')
        and: 'the name comes back intact'
            response.status == 201
            response.getContentAsString(java.nio.charset.StandardCharsets.UTF_8) == 'daten-ø'
    }

    def 'Errors are mapped by the advice'() {
        given: 'the node does not exist'
            stubCpsDataService.getDataNodes(*_) >> { throw new DataNodeNotFoundException('my-ds', 'my-anchor', ['/x']) }
        when: 'the node is read'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/anchors/my-anchor/node')
                .param('xpath', '/x')).andReturn().response
        then: 'the answer is the JSON error'
            response.status == 404
            new JsonSlurper().parseText(response.contentAsString).status == '404 NOT_FOUND'
    }

    def 'A missing parameter is mapped by the advice'() {
        when: 'a dataspace is created without its name'
            def response = mockMvc.perform(post('/cps/api/v2/dataspaces')).andReturn().response
        then: 'the answer is 400 naming the parameter'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains('dataspace-name')
    }
}
