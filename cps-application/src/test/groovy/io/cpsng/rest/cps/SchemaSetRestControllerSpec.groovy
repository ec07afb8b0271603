package io.cpsng.rest.cps

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

import groovy.json.JsonSlurper
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.exceptions.InUseException
import io.cpsng.cps.api.exceptions.NotFoundException
import io.cpsng.cps.api.model.ModuleReference
import io.cpsng.cps.api.model.SchemaSet
import io.cpsng.rest.StandaloneMockMvc
import org.springframework.http.MediaType
import org.springframework.mock.web.MockMultipartFile
import spock.lang.Specification

class SchemaSetRestControllerSpec extends Specification {

    static final SCHEMA_SETS_URL = '/cps/api/v2/dataspaces/my-ds/schema-sets'

    def mockCpsModuleService = Mock(CpsModuleService)
    def objectUnderTest = new SchemaSetRestController(mockCpsModuleService)
    def mockMvc = StandaloneMockMvc.of(objectUnderTest)

    def yangContent = 'module stores { namespace "org:onap:ccsdk:sample"; prefix book-store; }'.bytes
    def schemaSet = new SchemaSet('my-ds', 'my-ss', [new ModuleReference('stores', 'org:onap:ccsdk:sample', '2020-09-15')])

    def 'Create schema set from a #scenario with #version'() {
        given: 'a file part'
            def file = new MockMultipartFile('file', fileName, 'application/octet-stream', yangContent)
        when: 'the schema set is created'
            def response = mockMvc.perform(multipart("/cps/api/${version}/dataspaces/my-ds/schema-sets")
                .file(file).param('schema-set-name', 'my-ss')).andReturn().response
        then: 'the service gets the file name and content'
            1 * mockCpsModuleService.createSchemaSetFromFile('my-ds', 'my-ss', fileName, yangContent)
        and: 'the answer is 201 with the name as plain text for v1, no body for v2'
            response.status == 201
            response.contentAsString == expectedBody
        where:
            scenario    | version | fileName      || expectedBody
            'yang file' | 'v1'    | 'stores.yang' || 'my-ss'
            'yang file' | 'v2'    | 'stores.yang' || ''
            'zip file'  | 'v2'    | 'models.zip'  || ''
    }

    def 'Create schema set #scenario'() {
        when: 'the schema set is created'
            def response = mockMvc.perform(request).andReturn().response
        then: 'the service is not called'
            0 * mockCpsModuleService._
        and: 'the answer is 400 naming what is missing'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).details.contains(expectedDetails)
        where:
            scenario                  | request                                                               || expectedDetails
            'without file part'       | multipart(SCHEMA_SETS_URL).param('schema-set-name', 'my-ss')          || "'file'"
            'without schema set name' | multipart(SCHEMA_SETS_URL).file(new MockMultipartFile('file', 'x'.bytes)) || 'schema-set-name'
    }

    def 'Create schema set with a body that is not multipart'() {
        when: 'a JSON body is posted'
            def response = mockMvc.perform(post(SCHEMA_SETS_URL).param('schema-set-name', 'my-ss')
                .contentType(MediaType.APPLICATION_JSON).content('{}')).andReturn().response
        then: 'the service is not called'
            0 * mockCpsModuleService._
        and: 'the media type is refused'
            response.status == 415
    }

    def 'Create schema set refused by the service with #scenario'() {
        given: 'the service refuses'
            mockCpsModuleService.createSchemaSetFromFile(*_) >> { throw exception }
        when: 'the schema set is created'
            def response = mockMvc.perform(multipart(SCHEMA_SETS_URL)
                .file(new MockMultipartFile('file', 'stores.txt', null, yangContent)).param('schema-set-name', 'my-ss'))
                .andReturn().response
        then: 'the status and details say why'
            response.status == expectedStatus
            new JsonSlurper().parseText(response.contentAsString).details == exception.details
        where:
            scenario            | exception                                                          || expectedStatus
            'invalid model'     | new DataValidationException('Unsupported file type.', 'stores.txt') || 400
            'existing name'     | AlreadyDefinedException.forName('Schema Set', 'my-ss', 'my-ds')    || 409
            'missing dataspace' | NotFoundException.dataspace('my-ds')                               || 400
    }

    def 'Get all schema sets of a dataspace'() {
        given: 'the dataspace has a schema set'
            mockCpsModuleService.getSchemaSets('my-ds') >> [schemaSet]
        when: 'all schema sets are read'
            def response = mockMvc.perform(get('/cps/api/v2/dataspaces/my-ds/schema-sets')).andReturn().response
        then: 'the answer lists them with their modules'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) == [expectedSchemaSetDetails()]
    }

    def 'Get a schema set'() {
        given: 'the schema set exists'
            mockCpsModuleService.getSchemaSet('my-ds', 'my-ss') >> schemaSet
        when: 'it is read'
            def response = mockMvc.perform(get('/cps/api/v1/dataspaces/my-ds/schema-sets/my-ss')).andReturn().response
        then: 'the answer has its details'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString) == expectedSchemaSetDetails()
    }

    def 'Delete a schema set'() {
        when: 'the schema set is deleted'
            def response = mockMvc.perform(delete('/cps/api/v2/dataspaces/my-ds/schema-sets/my-ss')).andReturn().response
        then: 'the service deletes it'
            1 * mockCpsModuleService.deleteSchemaSet('my-ds', 'my-ss')
        and: 'the answer is 204'
            response.status == 204
    }

    def 'Delete a schema set that an anchor uses'() {
        given: 'the service refuses'
            mockCpsModuleService.deleteSchemaSet('my-ds', 'my-ss') >> { throw new InUseException('Schema Set is being used.', 'anchors') }
        when: 'the schema set is deleted'
            def response = mockMvc.perform(delete('/cps/api/v1/dataspaces/my-ds/schema-sets/my-ss')).andReturn().response
        then: 'the answer is 409'
            response.status == 409
            new JsonSlurper().parseText(response.contentAsString).message == 'Schema Set is being used.'
    }

    static expectedSchemaSetDetails() {
        [dataspaceName   : 'my-ds', name: 'my-ss',
         moduleReferences: [[name: 'stores', namespace: 'org:onap:ccsdk:sample', revision: '2020-09-15']]]
    }
}
