package io.cpsng.rest.cps

import io.cpsng.cps.api.model.ContentType
import spock.lang.Specification

class DataFormatSpec extends Specification {

    def 'Format of a body with Content-Type #contentType'() {
        expect: 'XML only when the Content-Type names it'
            DataFormat.ofBody(contentType) == expectedFormat
        where:
            contentType                       || expectedFormat
            null                              || ContentType.JSON
            'application/json'                || ContentType.JSON
            'text/plain'                      || ContentType.JSON
            'application/xml'                 || ContentType.XML
            'application/xml; charset=UTF-8'  || ContentType.XML
            'Application/XML'                 || ContentType.XML
    }

    def 'Format of an answer with Content-Type #contentType and Accept #accept'() {
        expect: 'the Content-Type decides when given, else an Accept of XML without JSON'
            DataFormat.ofAnswer(contentType, accept) == expectedFormat
        where:
            contentType        | accept                                     || expectedFormat
            null               | null                                       || ContentType.JSON
            null               | '*/*'                                      || ContentType.JSON
            null               | 'application/xml'                          || ContentType.XML
            null               | 'application/json, application/xml;q=0.9'  || ContentType.JSON
            ''                 | 'application/xml'                          || ContentType.XML
            'application/json' | 'application/xml'                          || ContentType.JSON
            'application/xml'  | 'application/json'                         || ContentType.XML
    }
}
