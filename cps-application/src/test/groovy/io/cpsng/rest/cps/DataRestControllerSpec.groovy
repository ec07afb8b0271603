package io.cpsng.rest.cps

import static io.cpsng.cps.api.model.FetchDescendantsOption.DIRECT_CHILDREN_ONLY
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsDataService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.ContentType
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.FetchDescendantsOption
import io.cpsng.cps.api.model.ModuleIdentity
import io.cpsng.rest.StandaloneMockMvc
import org.springframework.http.HttpMethod
import org.springframework.http.MediaType
import org.springframework.util.LinkedMultiValueMap
import spock.lang.Specification

class DataRestControllerSpec extends Specification {

    static final ANCHOR_URL = '/cps/api/v2/dataspaces/my-ds/anchors/my-anchor'
    static final V1_ANCHOR_URL = '/cps/api/v1/dataspaces/my-ds/anchors/my-anchor'
    static final JSON_DATA = '{"bookstore":{"bookstore-name":"Chapters"}}'
    static final XML_LIST_DATA = '<categories><code>3</code></categories>'
    static final XML_DATA = '<bookstore xmlns="org:onap:ccsdk:sample"><bookstore-name>Chapters</bookstore-name></bookstore>'

    def mockCpsDataService = Mock(CpsDataService)
    def objectUnderTest = new DataRestController(mockCpsDataService)
    def mockMvc = StandaloneMockMvc.of(objectUnderTest)

    def storesModule = new ModuleIdentity('stores', 'book-store', 'org:onap:ccsdk:sample')
    def bookstore = new DataNode('/bookstore', storesModule, ['bookstore-name': 'Chapters'],
        [new DataNode("/bookstore/categories[@code='1']", null, [code: '1'], [])])
    def shops = new DataNode('/shops', storesModule, [:], [])

    def 'Get node v1 #scenario'() {
        when: 'the node is read with v1'
            def response = mockMvc.perform(get('/cps/api/v1/dataspaces/my-ds/anchors/my-anchor/node')
                .params(multiValueMap(parameters))).andReturn().response
        then: 'the service reads with the mapped xpath and descendants'
            1 * mockCpsDataService.getDataNodes('my-ds', 'my-anchor', expectedXpath, expectedDescendants) >>
                [bookstore, shops]
        and: 'the answer is the first node as one JSON object'
            response.status == 200
            response.contentType == MediaType.APPLICATION_JSON_VALUE
            new JsonSlurper().parseText(response.contentAsString) ==
                ['book-store:bookstore': ['bookstore-name': 'Chapters', categories: [[code: '1']]]]
        where:
            scenario                     | parameters                                           || expectedXpath | expectedDescendants
            'without parameters'         | [:]                                                  || '/'           | OMIT_DESCENDANTS
            'with empty xpath'           | [xpath: '']                                          || '/'           | OMIT_DESCENDANTS
            'with xpath and descendants' | [xpath: '/bookstore', 'include-descendants': 'true'] || '/bookstore'  | INCLUDE_ALL_DESCENDANTS
            'with descendants excluded'  | ['include-descendants': 'false']                     || '/'           | OMIT_DESCENDANTS
    }

    def 'Get node v2 with descendants #descendants'() {
        when: 'the nodes are read with v2'
            def response = mockMvc.perform(get("${ANCHOR_URL}/node").param('xpath', '/bookstore')
                .param('descendants', descendants)).andReturn().response
        then: 'the service reads with the parsed descendants option'
            1 * mockCpsDataService.getDataNodes('my-ds', 'my-anchor', '/bookstore', expectedDescendants) >>
                [bookstore, shops]
        and: 'the answer is a JSON array with one object per node'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) ==
                [['book-store:bookstore': ['bookstore-name': 'Chapters', categories: [[code: '1']]]],
                 ['book-store:shops': [:]]]
        where:
            descendants || expectedDescendants
            'none'      || OMIT_DESCENDANTS
            ''          || OMIT_DESCENDANTS
            '0'         || OMIT_DESCENDANTS
            'direct'    || DIRECT_CHILDREN_ONLY
            '1'         || DIRECT_CHILDREN_ONLY
            'all'       || INCLUDE_ALL_DESCENDANTS
            '-1'        || INCLUDE_ALL_DESCENDANTS
            '3'         || new FetchDescendantsOption(3)
    }

    def 'Get node v2 with invalid descendants #descendants'() {
        when: 'the nodes are read'
            def response = mockMvc.perform(get("${ANCHOR_URL}/node").param('descendants', descendants))
                .andReturn().response
        then: 'the service is not called'
            0 * mockCpsDataService._
        and: 'the answer is 400'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).status == '400 BAD_REQUEST'
        where:
            descendants << ['some', '-2']
    }

    def 'Get node v2 as XML requested by #scenario'() {
        given: 'the service finds two nodes'
            mockCpsDataService.getDataNodes('my-ds', 'my-anchor', '/', OMIT_DESCENDANTS) >> [bookstore, shops]
        when: 'the nodes are read with the header'
            def response = mockMvc.perform(get("${ANCHOR_URL}/node").header(headerName, headerValue))
                .andReturn().response
        then: 'the answer is XML elements without a wrapper'
            response.status == 200
            response.contentType.startsWith(MediaType.APPLICATION_XML_VALUE)
            response.contentAsString ==
                '<bookstore xmlns="org:onap:ccsdk:sample"><bookstore-name>Chapters</bookstore-name>' +
                '<categories><code>1</code></categories></bookstore><shops xmlns="org:onap:ccsdk:sample"></shops>'
        where:
            scenario                    | headerName     | headerValue
            'Content-Type'              | 'Content-Type' | 'application/xml'
            'Content-Type with charset' | 'Content-Type' | 'application/xml; charset=UTF-8'
            'Accept'                    | 'Accept'       | 'application/xml'
    }

    def 'Get node v2 as JSON when the Content-Type says JSON and Accept says XML'() {
        given: 'the service finds a node'
            mockCpsDataService.getDataNodes(*_) >> [shops]
        when: 'the nodes are read'
            def response = mockMvc.perform(get("${ANCHOR_URL}/node").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_XML)).andReturn().response
        then: 'the Content-Type wins, as in the reference'
            response.status == 200
            response.contentAsString == '[{"book-store:shops":{}}]'
    }

    def 'Get a node that does not exist'() {
        given: 'the service finds no node'
            mockCpsDataService.getDataNodes(*_) >> {
                throw new DataNodeNotFoundException('my-ds', 'my-anchor', ['/nothing']) }
        when: 'the node is read'
            def response = mockMvc.perform(get("${ANCHOR_URL}/node").param('xpath', '/nothing')).andReturn().response
        then: 'the answer is 404 with the error body'
            response.status == 404
            new JsonSlurper().parseText(response.contentAsString) ==
                [status : '404 NOT_FOUND', message: 'DataNode not found',
                 details: 'No data nodes found for /nothing in dataspace my-ds, anchor my-anchor.']
    }

    def 'Create nodes with #scenario'() {
        when: 'the data is posted'
            def response = mockMvc.perform(post("/cps/api/${version}/dataspaces/my-ds/anchors/my-anchor/nodes")
                .params(multiValueMap(parameters)).contentType(contentType).content(data)).andReturn().response
        then: 'the service saves the data under the mapped parent xpath in the mapped format'
            1 * mockCpsDataService.saveData('my-ds', 'my-anchor', expectedXpath, data, expectedContentType, null)
        and: 'the answer is 201 without a body'
            response.status == 201
            response.contentAsString == ''
        where:
            scenario                   | version | parameters         | contentType        | data      || expectedXpath | expectedContentType
            'v1 JSON at the root'      | 'v1'    | [:]                | 'application/json' | JSON_DATA || '/'           | ContentType.JSON
            'v2 JSON with empty xpath' | 'v2'    | [xpath: '']        | 'application/json' | JSON_DATA || '/'           | ContentType.JSON
            'v2 JSON under a parent'   | 'v2'    | [xpath: '/parent'] | 'application/json' | JSON_DATA || '/parent'     | ContentType.JSON
            'v2 XML'                   | 'v2'    | [:]                | 'application/xml'  | XML_DATA  || '/'           | ContentType.XML
            'v2 text/plain as JSON'    | 'v2'    | [:]                | 'text/plain'       | JSON_DATA || '/'           | ContentType.JSON
    }

    def 'Create nodes that exist'() {
        given: 'the service refuses'
            mockCpsDataService.saveData(*_) >> { throw AlreadyDefinedException.forXpaths('my-anchor', ['/bookstore']) }
        when: 'the data is posted'
            def response = mockMvc.perform(post("${ANCHOR_URL}/nodes").contentType(MediaType.APPLICATION_JSON)
                .content(JSON_DATA)).andReturn().response
        then: 'the answer is 409'
            response.status == 409
            new JsonSlurper().parseText(response.contentAsString).details ==
                'Data nodes /bookstore already exist in anchor my-anchor.'
    }

    def 'Write to a node that does not exist answers 400, not 404'() {
        given: 'the service does not find the parent'
            mockCpsDataService.saveData(*_) >> { throw new DataNodeNotFoundException('my-ds', 'my-anchor', ['/parent']) }
        when: 'the data is posted under that parent'
            def response = mockMvc.perform(post("${ANCHOR_URL}/nodes").param('xpath', '/parent')
                .contentType(MediaType.APPLICATION_JSON).content(JSON_DATA)).andReturn().response
        then: 'the answer is 400'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).status == '400 BAD_REQUEST'
    }

    def 'Write without a body: #method #path'() {
        when: 'nothing is sent'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${ANCHOR_URL}/${path}")
                .param('xpath', '/').contentType(MediaType.APPLICATION_JSON)).andReturn().response
        then: 'the service is not called'
            0 * mockCpsDataService._
        and: 'the answer is 400'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details == 'Required request body is missing.'
        where:
            method  | path
            'POST'  | 'nodes'
            'PUT'   | 'nodes'
            'PATCH' | 'nodes'
            'POST'  | 'list-nodes'
            'PUT'   | 'list-nodes'
    }

    def '#method nodes with #scenario'() {
        when: 'the data is sent'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${ANCHOR_URL}/nodes")
                .params(multiValueMap(parameters)).contentType(contentType).content(data)).andReturn().response
        then: 'the service makes the write the method stands for: PUT replaces nodes and descendants, PATCH merges leaves'
            1 * mockCpsDataService."${expectedWrite}"('my-ds', 'my-anchor', expectedXpath, data, expectedContentType, null)
        and: 'the answer is 200 without a body'
            response.status == 200
            response.contentAsString == ''
        where:
            method  | scenario        | parameters         | contentType        | data      || expectedWrite                  | expectedXpath | expectedContentType
            'PUT'   | 'JSON at root'  | [:]                | 'application/json' | JSON_DATA || 'updateDataNodeAndDescendants' | '/'           | ContentType.JSON
            'PUT'   | 'XML at parent' | [xpath: '/parent'] | 'application/xml'  | XML_DATA  || 'updateDataNodeAndDescendants' | '/parent'     | ContentType.XML
            'PATCH' | 'JSON at root'  | [:]                | 'application/json' | JSON_DATA || 'updateNodeLeaves'             | '/'           | ContentType.JSON
            'PATCH' | 'XML at parent' | [xpath: '/parent'] | 'application/xml'  | XML_DATA  || 'updateNodeLeaves'             | '/parent'     | ContentType.XML
    }

    def 'Delete node with #scenario'() {
        when: 'the node is deleted'
            def response = mockMvc.perform(delete("/cps/api/${version}/dataspaces/my-ds/anchors/my-anchor/nodes")
                .params(multiValueMap(parameters))).andReturn().response
        then: 'the service deletes it'
            1 * mockCpsDataService.deleteDataNode('my-ds', 'my-anchor', expectedXpath, null)
        and: 'the answer is 204'
            response.status == 204
        where:
            scenario          | version | parameters            || expectedXpath
            'v1 and no xpath' | 'v1'    | [:]                   || '/'
            'v2 and an xpath' | 'v2'    | [xpath: '/bookstore'] || '/bookstore'
    }

    def 'Add list entries with #scenario'() {
        when: 'list entries are posted'
            def response = mockMvc.perform(post("${ANCHOR_URL}/list-nodes").param('xpath', xpath)
                .contentType(contentType).content(data)).andReturn().response
        then: 'the service saves them under the parent'
            1 * mockCpsDataService.saveListElements('my-ds', 'my-anchor', expectedXpath, data, expectedContentType, null)
        and: 'the answer is 201'
            response.status == 201
        where:
            scenario              | xpath        | contentType        | data                          || expectedXpath | expectedContentType
            'JSON under a parent' | '/bookstore' | 'application/json' | '{"categories":[{"code":3}]}' || '/bookstore'  | ContentType.JSON
            'JSON at the root'    | '/'          | 'application/json' | '{"books":[{"title":"x"}]}'   || '/'           | ContentType.JSON
            'an empty xpath'      | ''           | 'application/json' | '{"books":[{"title":"x"}]}'   || '/'           | ContentType.JSON
            'XML'                 | '/bookstore' | 'application/xml'  | XML_LIST_DATA                 || '/bookstore'  | ContentType.XML
    }

    def 'Replace list content'() {
        when: 'list entries are put'
            def response = mockMvc.perform(put("${ANCHOR_URL}/list-nodes").param('xpath', '/bookstore')
                .contentType(MediaType.APPLICATION_JSON).content('{"categories":[]}')).andReturn().response
        then: 'the service replaces the list content'
            1 * mockCpsDataService.replaceListContent('my-ds', 'my-anchor', '/bookstore', '{"categories":[]}',
                ContentType.JSON, null)
        and: 'the answer is 200'
            response.status == 200
    }

    def '#method list-nodes without xpath'() {
        when: 'the xpath is left out'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${V1_ANCHOR_URL}/list-nodes")
                .contentType(MediaType.APPLICATION_JSON).content('{}')).andReturn().response
        then: 'the service is not called'
            0 * mockCpsDataService._
        and: 'the answer is 400 naming the parameter'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains('xpath')
        where:
            method << ['POST', 'PUT', 'DELETE']
    }

    def 'Delete list entries with v1'() {
        when: 'a list is deleted'
            def response = mockMvc.perform(delete("${V1_ANCHOR_URL}/list-nodes").param('xpath', '/bookstore/categories'))
                .andReturn().response
        then: 'the service deletes it'
            1 * mockCpsDataService.deleteDataNode('my-ds', 'my-anchor', '/bookstore/categories', null)
        and: 'the answer is 204'
            response.status == 204
    }

    def 'Delete list entries with the root xpath #xpath'() {
        when: 'the root is given as the list'
            def response = mockMvc.perform(delete("${V1_ANCHOR_URL}/list-nodes").param('xpath', xpath))
                .andReturn().response
        then: 'nothing is deleted'
            0 * mockCpsDataService._
        and: 'the answer is 400'
            response.status == 400
        where:
            xpath << ['/', '']
    }

    def 'Delete list entries with v2 is not supported'() {
        when: 'a list is deleted with v2'
            def response = mockMvc.perform(delete("${ANCHOR_URL}/list-nodes").param('xpath', '/bookstore/categories'))
                .andReturn().response
        then: 'the method is not allowed'
            response.status == 405
    }

    def 'Dry run of #method #path only validates'() {
        when: 'the data is sent with dry-run'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${ANCHOR_URL}/${path}")
                .param('xpath', '/parent').param('dry-run', 'true').contentType(MediaType.APPLICATION_XML).content(XML_DATA))
                .andReturn().response
        then: 'the service validates the data as the write would take them'
            validatesAsContentOfTheNode * mockCpsDataService.validateNodeContent('my-ds', 'my-anchor', '/parent', XML_DATA, ContentType.XML)
            (1 - validatesAsContentOfTheNode) * mockCpsDataService.validateData('my-ds', 'my-anchor', '/parent', XML_DATA, ContentType.XML)
        and: 'nothing else'
            0 * mockCpsDataService._
        and: 'the answer is 200 without a body'
            response.status == 200
            response.contentAsString == ''
        where: 'a replace and a leaf update take the node\'s own leaves too, a create and the list writes children only'
            method  | path         || validatesAsContentOfTheNode
            'POST'  | 'nodes'      || 0
            'PUT'   | 'nodes'      || 1
            'PATCH' | 'nodes'      || 1
            'POST'  | 'list-nodes' || 0
            'PUT'   | 'list-nodes' || 0
    }

    def 'Dry run with invalid data'() {
        given: 'the data is invalid'
            mockCpsDataService.validateData(*_) >> {
                throw new DataValidationException('Data validation failed', 'leaf x unknown') }
        when: 'the data is sent with dry-run'
            def response = mockMvc.perform(post("${ANCHOR_URL}/nodes").param('dry-run', 'true')
                .contentType(MediaType.APPLICATION_JSON).content(JSON_DATA)).andReturn().response
        then: 'the answer is 400 with the details'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString) ==
                [status: '400 BAD_REQUEST', message: 'Data validation failed', details: 'leaf x unknown']
    }

    def 'Observed timestamp #observedTimestamp on #method #path is accepted'() {
        when: 'the request carries a well-formed or empty timestamp'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${V1_ANCHOR_URL}/${path}")
                .param('xpath', '/bookstore').param('observed-timestamp', observedTimestamp)
                .contentType(MediaType.APPLICATION_JSON).content(JSON_DATA)).andReturn().response
        then: 'the write is done'
            1 * mockCpsDataService./save.*|update.*|delete.*|replace.*/(*_)
        and: 'the answer is a success'
            response.status in [200, 201, 204]
        where:
            method   | path         | observedTimestamp
            'POST'   | 'nodes'      | '2021-03-21T00:10:34.030-0100'
            'PUT'    | 'nodes'      | '2021-03-03T23:59:59.999+0400'
            'PATCH'  | 'nodes'      | '2021-03-21T00:10:34.030+0000'
            'DELETE' | 'nodes'      | ''
            'POST'   | 'list-nodes' | '2021-03-21T00:10:34.030-0100'
            'PUT'    | 'list-nodes' | '2021-03-21T00:10:34.030-0100'
            'DELETE' | 'list-nodes' | '2021-03-21T00:10:34.030-0100'
    }

    def 'Observed timestamp #scenario is refused on #method #path'() {
        when: 'the request carries a malformed timestamp'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), "${V1_ANCHOR_URL}/${path}")
                .param('xpath', '/bookstore').param('observed-timestamp', observedTimestamp)
                .contentType(MediaType.APPLICATION_JSON).content(JSON_DATA)).andReturn().response
        then: 'nothing is written'
            0 * mockCpsDataService._
        and: 'the answer is 400 saying the expected format'
            response.status == 400
            def errorMessage = new JsonSlurper().parseText(response.contentAsString)
            errorMessage.message == 'observed-timestamp must be in ISO format'
            errorMessage.details.contains(observedTimestamp)
        where:
            scenario                 | method   | path         | observedTimestamp
            'with a colon in offset' | 'POST'   | 'nodes'      | '2021-03-21T00:10:34.030-01:00'
            'without milliseconds'   | 'PUT'    | 'nodes'      | '2021-03-21T00:10:34-0100'
            'without offset'         | 'PATCH'  | 'nodes'      | '2021-03-21T00:10:34.030'
            'as zulu time'           | 'DELETE' | 'nodes'      | '2021-03-21T00:10:34.030Z'
            'not a date'             | 'POST'   | 'list-nodes' | 'yesterday'
            'with invalid month'     | 'PUT'    | 'list-nodes' | '2021-13-21T00:10:34.030-0100'
            'with invalid day'       | 'DELETE' | 'list-nodes' | '2021-02-30T00:10:34.030-0100'
    }

    def 'Invalid dry-run value'() {
        when: 'dry-run is not a boolean'
            def response = mockMvc.perform(post("${ANCHOR_URL}/nodes").param('dry-run', 'maybe')
                .contentType(MediaType.APPLICATION_JSON).content(JSON_DATA)).andReturn().response
        then: 'nothing is written'
            0 * mockCpsDataService._
        and: 'the answer is 400 naming the parameter'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains('dry-run')
    }

    static multiValueMap(Map<String, String> parameters) {
        def multiValueMap = new LinkedMultiValueMap<String, String>()
        multiValueMap.setAll(parameters)
        multiValueMap
    }
}
