package io.cpsng.rest.error

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request

import groovy.json.JsonSlurper
import io.cpsng.cps.api.exceptions.AlreadyDefinedException
import io.cpsng.cps.api.exceptions.CpsException
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException
import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.exceptions.InUseException
import io.cpsng.cps.api.exceptions.NotFoundException
import io.cpsng.rest.StandaloneMockMvc
import org.springframework.http.HttpMethod
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestMethod
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RequestPart
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.multipart.MultipartException
import org.springframework.web.multipart.MultipartFile
import spock.lang.Specification

class RestExceptionHandlerSpec extends Specification {

    def failingController = new FailingController()
    def mockMvc = StandaloneMockMvc.of(failingController)

    def 'Error answer for #scenario on #method'() {
        given: 'the request ends with the exception'
            failingController.exception = exception
        when: 'the request is made'
            def response = mockMvc.perform(request(HttpMethod.valueOf(method), '/failing')).andReturn().response
        then: 'the status is as expected'
            response.status == expectedStatus
        and: 'the JSON error body keeps the message and details'
            response.contentType == MediaType.APPLICATION_JSON_VALUE
            new JsonSlurper().parseText(response.contentAsString) ==
                [status: HttpStatus.valueOf(expectedStatus).toString(), message: exception.message, details: exception.details]
        where:
            scenario              | method   | exception                                                   || expectedStatus
            'invalid data'        | 'POST'   | new DataValidationException('Data validation failed', 'x') || 400
            'invalid data'        | 'GET'    | new DataValidationException('Invalid cps-path', 'x')       || 400
            'missing dataspace'   | 'GET'    | NotFoundException.dataspace('ds')                          || 400
            'missing anchor'      | 'POST'   | NotFoundException.anchor('ds', 'a')                        || 400
            'missing schema set'  | 'DELETE' | NotFoundException.schemaSet('ds', 'ss')                    || 400
            'missing data node'   | 'GET'    | new DataNodeNotFoundException('ds', 'a', ['/x'])           || 404
            'missing data node'   | 'PUT'    | new DataNodeNotFoundException('ds', 'a', ['/x'])           || 400
            'missing data node'   | 'PATCH'  | new DataNodeNotFoundException('ds', 'a', ['/x'])           || 400
            'missing data node'   | 'DELETE' | new DataNodeNotFoundException('ds', 'a', ['/x'])           || 400
            'existing name'       | 'POST'   | AlreadyDefinedException.forName('Anchor', 'a', 'ds')       || 409
            'existing data nodes' | 'POST'   | AlreadyDefinedException.forXpaths('a', ['/x', '/y'])       || 409
            'object in use'       | 'DELETE' | new InUseException('Schema Set is being used.', 'anchor a') || 409
    }

    def 'Error answer for #scenario hides the internals'() {
        given: 'the request ends with the exception'
            failingController.exception = exception
        when: 'the request is made'
            def response = mockMvc.perform(get('/failing')).andReturn().response
        then: 'the answer is 500'
            response.status == 500
        and: 'the body says only where to look'
            new JsonSlurper().parseText(response.contentAsString) ==
                [status: '500 INTERNAL_SERVER_ERROR', message: expectedMessage, details: 'Check logs for details.']
        and: 'no internals leak'
            !response.contentAsString.contains('SELECT')
            !response.contentAsString.contains('at io.cpsng')
        where:
            scenario                       | exception                                                       || expectedMessage
            'an unexpected exception'      | new IllegalStateException('SELECT * FROM fragment failed')      || 'Internal server error'
            'a store exception not mapped' | new UnmappedCpsException('Storage failed', 'SELECT * FROM anchor') || 'Storage failed'
    }

    def 'Error answer for a #scenario'() {
        when: 'the request is made'
            def response = mockMvc.perform(requestBuilder).andReturn().response
        then: 'the status is the matching client error'
            response.status == expectedStatus
        and: 'the body has our shape, with details naming the culprit'
            def errorMessage = new JsonSlurper().parseText(response.contentAsString)
            errorMessage.status == HttpStatus.valueOf(expectedStatus).toString()
            errorMessage.details.contains(expectedDetails)
        where:
            scenario                 | requestBuilder                                               || expectedStatus | expectedDetails
            'missing parameter'      | get('/parameter')                                            || 400            | "'page-size'"
            'mistyped parameter'     | get('/parameter').param('page-size', 'ten')                  || 400            | "'page-size'"
            'missing multipart part' | multipart('/upload').param('x', 'y')                         || 400            | "'file'"
            'missing body'           | post('/body').contentType(MediaType.APPLICATION_JSON)        || 400            | 'Required request body is missing.'
            'unsupported media type' | post('/body').contentType(MediaType.TEXT_PLAIN).content('x') || 415            | 'text/plain'
            'method not allowed'     | put('/parameter')                                            || 405            | 'PUT'
    }

    def 'Error answer for method not allowed lists the allowed methods'() {
        when: 'a method that is not mapped is used'
            def response = mockMvc.perform(put('/parameter')).andReturn().response
        then: 'the Allow header lists the mapped ones'
            response.getHeader('Allow') == 'GET'
    }

    def 'Error answer for a malformed multipart request'() {
        given: 'the multipart request cannot be read'
            failingController.exception = new MultipartException('Failed to parse multipart servlet request')
        when: 'the request is made'
            def response = mockMvc.perform(post('/failing')).andReturn().response
        then: 'the answer is 400'
            response.status == 400
            new JsonSlurper().parseText(response.contentAsString).status == '400 BAD_REQUEST'
    }

    def 'Error answer is JSON even when XML is accepted'() {
        given: 'the request ends with a store exception'
            failingController.exception = new DataNodeNotFoundException('ds', 'a', ['/x'])
        when: 'the request accepts only XML'
            def response = mockMvc.perform(get('/failing').accept(MediaType.APPLICATION_XML)).andReturn().response
        then: 'the error is answered as JSON, not refused with 406'
            response.status == 404
            response.contentType == MediaType.APPLICATION_JSON_VALUE
    }

    @RestController
    static class FailingController {

        Exception exception

        @RequestMapping(path = '/failing', method = [RequestMethod.GET, RequestMethod.POST, RequestMethod.PUT,
            RequestMethod.PATCH, RequestMethod.DELETE])
        void fail() {
            throw exception
        }

        @RequestMapping(path = '/parameter', method = RequestMethod.GET)
        String parameter(@RequestParam('page-size') int pageSize) {
            'ok'
        }

        @PostMapping(path = '/upload', consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
        String upload(@RequestPart('file') MultipartFile file) {
            'ok'
        }

        @PostMapping(path = '/body', consumes = MediaType.APPLICATION_JSON_VALUE)
        String body(@RequestBody String body) {
            'ok'
        }
    }

    static class UnmappedCpsException extends CpsException {
        UnmappedCpsException(String message, String details) {
            super(message, details)
        }
    }
}
