package io.cpsng.rest.cps

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsDataspaceService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.InUseException
import io.cpsng.cps.api.exceptions.NotFoundException
import io.cpsng.cps.api.model.Dataspace
import io.cpsng.rest.StandaloneMockMvc
import spock.lang.Specification

class DataspaceRestControllerSpec extends Specification {

    def mockCpsDataspaceService = Mock(CpsDataspaceService)
    def objectUnderTest = new DataspaceRestController(mockCpsDataspaceService)
    def mockMvc = StandaloneMockMvc.of(objectUnderTest)

    def 'Create dataspace with #version'() {
        when: 'a dataspace is created'
            def response = mockMvc.perform(post("/cps/api/${version}/dataspaces").param('dataspace-name', 'my-ds'))
                .andReturn().response
        then: 'the service creates it'
            1 * mockCpsDataspaceService.createDataspace('my-ds')
        and: 'the answer is 201 with the name as plain text for v1, no body for v2'
            response.status == 201
            response.contentAsString == expectedBody
        where:
            version || expectedBody
            'v1'    || 'my-ds'
            'v2'    || ''
    }

    def 'Create dataspace that exists'() {
        given: 'the service refuses the name'
            mockCpsDataspaceService.createDataspace('my-ds') >> { throw AlreadyDefinedException.forName('Dataspace', 'my-ds', null) }
        when: 'the dataspace is created'
            def response = mockMvc.perform(post('/cps/api/v2/dataspaces').param('dataspace-name', 'my-ds')).andReturn().response
        then: 'the answer is 409 with the details'
            response.status == 409
            new JsonSlurper().parseText(response.contentAsString).details == 'Dataspace with name my-ds already exists.'
    }

    def 'Create dataspace without a name'() {
        when: 'the name parameter is missing'
            def response = mockMvc.perform(post('/cps/api/v2/dataspaces')).andReturn().response
        then: 'the service is not called'
            0 * mockCpsDataspaceService._
        and: 'the answer is 400 naming the parameter'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains('dataspace-name')
    }

    def 'Delete dataspace with #version'() {
        when: 'a dataspace is deleted'
            def response = mockMvc.perform(delete("/cps/api/${version}/dataspaces").param('dataspace-name', 'my-ds'))
                .andReturn().response
        then: 'the service deletes it'
            1 * mockCpsDataspaceService.deleteDataspace('my-ds')
        and: 'the answer is 204'
            response.status == 204
        where:
            version << ['v1', 'v2']
    }

    def 'Delete dataspace that is in use'() {
        given: 'the service refuses'
            mockCpsDataspaceService.deleteDataspace('my-ds') >> {
                throw new InUseException('Dataspace with name my-ds is being used.', 'Dataspace contains 2 anchor(s)') }
        when: 'the dataspace is deleted'
            def response = mockMvc.perform(delete('/cps/api/v2/dataspaces').param('dataspace-name', 'my-ds')).andReturn().response
        then: 'the answer is 409'
            response.status == 409
    }

    def 'Get all dataspaces'() {
        given: 'two dataspaces'
            mockCpsDataspaceService.getDataspaces() >> [new Dataspace('ds1'), new Dataspace('ds2')]
        when: 'all dataspaces are read'
            def response = mockMvc.perform(get('/cps/api/v2/admin/dataspaces')).andReturn().response
        then: 'the answer lists their names'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) == [[name: 'ds1'], [name: 'ds2']]
    }

    def 'Get a dataspace'() {
        given: 'the dataspace exists'
            mockCpsDataspaceService.getDataspace('my-ds') >> new Dataspace('my-ds')
        when: 'the dataspace is read'
            def response = mockMvc.perform(get('/cps/api/v1/admin/dataspaces/my-ds')).andReturn().response
        then: 'the answer has its name'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) == [name: 'my-ds']
    }

    def 'Get a dataspace that does not exist'() {
        given: 'the service does not find it'
            mockCpsDataspaceService.getDataspace('my-ds') >> { throw NotFoundException.dataspace('my-ds') }
        when: 'the dataspace is read'
            def response = mockMvc.perform(get('/cps/api/v2/admin/dataspaces/my-ds')).andReturn().response
        then: 'the answer is 400 with the details, as for any missing dataspace, schema set or anchor'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString) ==
                [status: '400 BAD_REQUEST', message: 'Dataspace not found', details: 'Dataspace with name my-ds does not exist.']
    }

    def 'Clean dataspace checks that it exists'() {
        when: 'the clean action is requested'
            def response = mockMvc.perform(post('/cps/api/v2/admin/dataspaces/my-ds/actions/clean')).andReturn().response
        then: 'the dataspace is looked up'
            1 * mockCpsDataspaceService.getDataspace('my-ds') >> new Dataspace('my-ds')
        and: 'the answer is 204'
            response.status == 204
    }

    def 'Unsupported API version'() {
        when: 'a v3 path is requested'
            def response = mockMvc.perform(get('/cps/api/v3/admin/dataspaces')).andReturn().response
        then: 'it is not found'
            response.status == 404
    }
}
