package io.cpsng.rest.cps

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.ContentType
import io.cpsng.cps.api.model.DeltaChange
import tools.jackson.databind.json.JsonMapper
import tools.jackson.databind.node.ArrayNode
import spock.lang.Specification

/** The XML form of delta reports: written as the reference writes them, read back into the entries to apply. */
class DeltaReportXmlSpec extends Specification {

    def 'A report is written as the reference writes it: list entries and leaf-list values an element each'() {
        given: 'a JSON report of a replacement and a creation'
            def report = JsonMapper.shared().readTree('''[
                {"action": "replace", "xpath": "/library", "sourceData": {"library": {"name": "City"}}, "targetData": {"library": {"name": "Town & Co <1>"}}},
                {"action": "create", "xpath": "/library/shelf[@id='1']/book[@isbn='2']", "targetData": {"book": [{"isbn": "2", "authors": ["A", "B"], "pages": 10}]}}]''') as ArrayNode
        expect: 'the XML of the reference, escaped where XML needs it'
            DeltaReportXml.write(report) == '<deltaReports>' +
                '<deltaReport><action>replace</action><xpath>/library</xpath><sourceData><library><name>City</name></library></sourceData>' +
                '<targetData><library><name>Town &amp; Co &lt;1></name></library></targetData></deltaReport>' +
                '<deltaReport><action>create</action><xpath>/library/shelf[@id=\'1\']/book[@isbn=\'2\']</xpath>' +
                '<targetData><book><isbn>2</isbn><authors>A</authors><authors>B</authors><pages>10</pages></book></targetData></deltaReport>' +
                '</deltaReports>'
    }

    def 'An empty report is one empty element'() {
        expect:
            DeltaReportXml.write(JsonMapper.shared().createArrayNode()) == '<deltaReports/>'
    }

    def 'A report read back holds each entry\'s data as its elements inside <data>'() {
        when: 'the reference\'s XML of two entries is read'
            def changes = DeltaReportXml.read('<deltaReports><deltaReport><action>replace</action><xpath>/library</xpath>' +
                '<sourceData><library><name>City</name></library></sourceData><targetData><library><name>Town</name></library></targetData></deltaReport>' +
                '<deltaReport><action>remove</action><xpath>/library/shelf[@id=\'2\']</xpath><sourceData><shelf><id>2</id></shelf></sourceData></deltaReport></deltaReports>', 10)
        then: 'each entry is there with its fields, in XML'
            changes == [new DeltaChange('replace', '/library', '<data><library><name>City</name></library></data>',
                            '<data><library><name>Town</name></library></data>', ContentType.XML),
                        new DeltaChange('remove', "/library/shelf[@id='2']", '<data><shelf><id>2</id></shelf></data>', null, ContentType.XML)]
    }

    def 'A report that is #problem is refused'() {
        when: 'it is read'
            DeltaReportXml.read(xml, 2)
        then: 'a 400 naming the problem'
            def refused = thrown(DataValidationException)
            refused.details.contains(expectedDetail)
        where:
            problem                      | xml                                                                    || expectedDetail
            'not XML'                    | '<deltaReports><deltaReport>'                                          || 'The body is not XML'
            'with a DTD'                 | '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><deltaReports/>' || 'The body is not XML'
            'under another root'         | '<reports/>'                                                           || 'not <deltaReports>'
            'of another element'         | '<deltaReports><entry/></deltaReports>'                                || 'not <deltaReport>'
            'longer than the limit'      | '<deltaReports>' + '<deltaReport/>' * 3 + '</deltaReports>'            || 'at most 2 entries'
    }
}
