package io.cpsng.ncmp.datajobs.subscription

import groovy.json.JsonSlurper
import io.cpsng.ncmp.api.model.CmHandle
import tools.jackson.databind.json.JsonMapper

import java.nio.charset.StandardCharsets
import spock.lang.Specification

/** The requests a DMI plugin gets, as the reference's plugin reads them. */
class DmiSubscriptionRequestsSpec extends Specification {

    static final CmHandle HANDLE = new CmHandle('ch-1', 'http://dmi', null, null, [secret: 's'], [:], null, '/A=1', null, null, null)

    def 'A create request names the plugin\'s handles with their additional properties, the selectors one a line, and the data selector'() {
        when: 'a create request is made'
            def record = DmiSubscriptionRequests.request('dmi-in', DmiSubscriptionRequests.CREATE, 'job-1', 'http://dmi', [HANDLE],
                ['/A[id="1"]', '/A[id="1"]/B'], JsonMapper.shared().readTree('{"notificationTypes": ["x"], "notificationFilter": "f"}'))
        then: 'its value is the reference\'s'
            new JsonSlurper().parseText(record.value()) == [data: [
                cmHandles: [[cmhandleId: 'ch-1', privateProperties: [secret: 's']]],
                productionJobDefinition: [targetSelector: [dataNodeSelector: '/A[id="1"]\n/A[id="1"]/B'],
                                          dataSelector: [notificationTypes: ['x'], notificationFilter: 'f']]]]
        and: 'it is keyed by the job, on the topic, with the reference\'s CloudEvent headers'
            record.topic() == 'dmi-in'
            record.key() == 'job-1'
            header(record, 'ce_type') == 'subscriptionCreateRequest'
            header(record, 'ce_correlationid') == 'job-1#http://dmi'
            header(record, 'ce_source') == 'NCMP'
            header(record, 'ce_specversion') == '1.0'
            header(record, 'ce_dataschema') == 'urn:cps:org.onap.ncmp.events.subscription:1.0.0'
            header(record, 'ce_id') ==~ /[0-9a-f-]{36}/
    }

    def 'A delete request carries no data selector'() {
        when: 'a delete request is made'
            def record = DmiSubscriptionRequests.request('dmi-in', DmiSubscriptionRequests.DELETE, 'job-1', 'http://dmi', [HANDLE],
                ['/A[id="1"]'], JsonMapper.shared().readTree('{"notificationTypes": ["x"]}'))
        then: 'its type is the delete\'s and its data selector empty, as the reference sends it'
            header(record, 'ce_type') == 'subscriptionDeleteRequest'
            new JsonSlurper().parseText(record.value()).data.productionJobDefinition.dataSelector ==
                [notificationTypes: null, notificationFilter: null]
    }

    static String header(record, String name) {
        new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8)
    }
}
