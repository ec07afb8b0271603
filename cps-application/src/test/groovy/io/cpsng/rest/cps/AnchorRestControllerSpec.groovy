package io.cpsng.rest.cps

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsAnchorService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.NotFoundException
import io.cpsng.cps.api.model.Anchor
import io.cpsng.rest.StandaloneMockMvc
import spock.lang.Specification

class AnchorRestControllerSpec extends Specification {

    def mockCpsAnchorService = Mock(CpsAnchorService)
    def objectUnderTest = new AnchorRestController(mockCpsAnchorService)
    def mockMvc = StandaloneMockMvc.of(objectUnderTest)

    def 'Create anchor with #version'() {
        when: 'an anchor is created'
            def response = mockMvc.perform(post("/cps/api/${version}/dataspaces/my-ds/anchors")
                .param('schema-set-name', 'my-ss').param('anchor-name', 'my-anchor')).andReturn().response
        then: 'the service creates it'
            1 * mockCpsAnchorService.createAnchor('my-ds', 'my-ss', 'my-anchor')
        and: 'the answer is 201 with the name as plain text for v1, no body for v2'
            response.status == 201
            response.contentAsString == expectedBody
        where:
            version || expectedBody
            'v1'    || 'my-anchor'
            'v2'    || ''
    }

    def 'Create anchor #scenario'() {
        given: 'the service refuses'
            mockCpsAnchorService.createAnchor(*_) >> { throw exception }
        when: 'the anchor is created'
            def response = mockMvc.perform(post('/cps/api/v2/dataspaces/my-ds/anchors')
                .param('schema-set-name', 'my-ss').param('anchor-name', 'my-anchor')).andReturn().response
        then: 'the expected status'
            response.status == expectedStatus
        where:
            scenario                  | exception                                                  || expectedStatus
            'that exists'             | AlreadyDefinedException.forName('Anchor', 'my-anchor', 'my-ds') || 409
            'with missing schema set' | NotFoundException.schemaSet('my-ds', 'my-ss')              || 400
    }

    def 'Create anchor without a schema set name'() {
        when: 'the schema-set-name parameter is missing'
            def response = mockMvc.perform(post('/cps/api/v2/dataspaces/my-ds/anchors').param('anchor-name', 'a'))
                .andReturn().response
        then: 'the service is not called'
            0 * mockCpsAnchorService._
        and: 'the answer is 400 naming the parameter'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains('schema-set-name')
    }

    def 'Get all anchors of a dataspace'() {
        given: 'two anchors'
            mockCpsAnchorService.getAnchors('my-ds') >> [new Anchor('a1', 'my-ds', 'ss1'), new Anchor('a2', 'my-ds', 'ss2')]
        when: 'all anchors are read'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/anchors')).andReturn().response
        then: 'the answer lists their details'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) ==
                [[name: 'a1', dataspaceName: 'my-ds', schemaSetName: 'ss1'], [name: 'a2', dataspaceName: 'my-ds', schemaSetName: 'ss2']]
    }

    def 'Get an anchor'() {
        given: 'the anchor exists'
            mockCpsAnchorService.getAnchor('my-ds', 'my-anchor') >> new Anchor('my-anchor', 'my-ds', 'my-ss')
        when: 'the anchor is read'
            def response = mockMvc.perform(get('/cps/api/v1/dataspaces/my-ds/anchors/my-anchor')).andReturn().response
        then: 'the answer has its details'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) ==
                [name: 'my-anchor', dataspaceName: 'my-ds', schemaSetName: 'my-ss']
    }

    def 'Get an anchor that does not exist'() {
        given: 'the service does not find it'
            mockCpsAnchorService.getAnchor('my-ds', 'my-anchor') >> { throw NotFoundException.anchor('my-ds', 'my-anchor') }
        when: 'the anchor is read'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/anchors/my-anchor')).andReturn().response
        then: 'the answer is 400 with the details'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString) == [status: '400 BAD_REQUEST', message: 'Anchor not found',
                details: 'Anchor with name my-anchor does not exist in dataspace my-ds.']
    }

    def 'Delete an anchor'() {
        when: 'the anchor is deleted'
            def response = mockMvc.perform(delete('/cps/api/v2/dataspaces/my-ds/anchors/my-anchor')).andReturn().response
        then: 'the service deletes it'
            1 * mockCpsAnchorService.deleteAnchor('my-ds', 'my-anchor')
        and: 'the answer is 204'
            response.status == 204
    }
}
