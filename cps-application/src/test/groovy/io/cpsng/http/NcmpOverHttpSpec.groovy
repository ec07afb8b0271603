package io.cpsng.http

import groovy.json.JsonOutput
import io.cpsng.ServerSpec

import java.nio.charset.StandardCharsets

/** NCMP's inventory and northbound endpoints as clients reach them over the network. */
class NcmpOverHttpSpec extends ServerSpec {

    static final List<String> ALTERNATE_IDS = [
        '/SubNetwork=Oslo/MeContext=m1',
        'SubNetwork=Oslo,ManagedElement=me;type=radio',
        'percent%20sign',
        'dots/../up',
        'back\\slash',
        'space and ?query#fragment',
        'plus+sign&amp=1',
        'double//slash',
        'ünïcødé/ノード']

    def 'Every alternate id registration accepts is readable back URL-encoded: #alternateId'() {
        given: 'a handle registered with the alternate id'
            def cmHandleId = 'alt-' + ALTERNATE_IDS.indexOf(alternateId)
            register(createdCmHandles: [[cmHandle: cmHandleId, alternateId: alternateId]])
        when: 'the handle is read by its URL-encoded alternate id'
            def response = http.get('/ncmp/v1/ch/' + urlEncoded(alternateId))
        then: 'it is found'
            response.status == 200
            response.json.cmHandle == cmHandleId
            response.json.alternateId == alternateId
        and: 'its state is found the same way'
            http.get('/ncmp/v1/ch/' + urlEncoded(alternateId) + '/state').status == 200
        where: 'the alternate id is'
            alternateId << ALTERNATE_IDS
    }

    def 'A registration with #scenario is refused with 400 saying where, and stores nothing'() {
        when: 'the registration is sent'
            def response = register([createdCmHandles: [[cmHandle: 'kept-out-1']]] + registration)
        then: 'it is refused as a whole, naming the entry'
            response.status == 400
            response.jsonError
            response.json.details.contains(expectedDetails)
        and: 'no handle of it was stored'
            http.get('/ncmp/v1/ch/kept-out-1').status == 404
        where: 'the registration has'
            scenario                           | registration                                       || expectedDetails
            'a null created handle'            | [createdCmHandles: [[cmHandle: 'kept-out-1'], null]] || 'createdCmHandles[1] is null'
            'a null updated handle'            | [updatedCmHandles: [null]]                         || 'updatedCmHandles[0] is null'
            'a null removed handle id'         | [removedCmHandles: [null]]                         || 'removedCmHandles[0] is null'
            'a null upgraded handle id'        | [upgradedCmHandles: [cmHandles: [null], moduleSetTag: 't']] || 'upgradedCmHandles.cmHandles[0] is null'
            'a property value over the limit'  | [updatedCmHandles: [[cmHandle: 'x', publicCmHandleProperties: [big: 'v' * 4097]]]] || 'updatedCmHandles[0] (x) publicCmHandleProperties.big is 4097 characters long; at most 4096'
            'an alternate id over the limit'   | [createdCmHandles: [[cmHandle: 'kept-out-1', alternateId: 'a' * 4097]]] || 'alternateId is 4097 characters long'
            'more handles than one request takes' | [removedCmHandles: (1..1000).collect { "r-${it}".toString() }] || 'The request holds 1001 CM handles; at most 1000'
    }

    def 'A registration at the limits is taken'() {
        given: 'a request of as many handles as one request may carry, one with a value of the longest length'
            def handles = (1..1000).collect { [cmHandle: "limit-${it}".toString()] }
            handles[0].cmHandleProperties = [longest: 'v' * 4096]
        when: 'it is sent'
            def response = register(createdCmHandles: handles)
        then: 'every handle is registered'
            response.status == 200
            http.get('/ncmp/v1/ch/limit-1000').status == 200
        cleanup: 'the handles are removed'
            register(removedCmHandles: handles*.cmHandle)
    }

    def 'Search answers stream through the server as one JSON array: #endpoint'() {
        given: '30 handles of one group'
            def ids = (1..30).collect { "stream-${it}".toString() }
            register(createdCmHandles: ids.collect { [cmHandle: it, publicCmHandleProperties: [Group: 'stream']] })
        when: 'the search is sent'
            def response = method == 'GET' ? http.get(endpoint) : http.post(endpoint, 'application/json', JsonOutput.toJson(body))
        then: 'the answer is one JSON array (streamed, so chunked) holding the group'
            response.status == 200
            response.headers['content-type'].startsWith('application/json')
            response.headers['transfer-encoding'] == 'chunked'
            def answer = response.json.collect { it instanceof Map ? it.cmHandle : it }
            answer.containsAll(ids)
            answer == answer.toSorted()
        cleanup: 'the handles are removed'
            register(removedCmHandles: ids)
        where: 'the endpoint is'
            endpoint                                                              | method | body
            '/ncmp/v1/ch/id-searches'                                             | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmp/v1/ch/searches'                                                | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmpInventory/v1/ch/searches'                                       | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmp/v2/ch/searches'                                                | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmpInventory/v1/ch/searchCmHandles?outputDmiProperties=true'       | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmpInventory/v2/ch/searches?outputDmiProperties=true'              | 'POST' | [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'stream']]]]]
            '/ncmpInventory/v1/ch/cmHandles?dmi-plugin-identifier=' + urlEncoded('http://127.0.0.1:1') | 'GET' | null
    }

    def 'A search the inventory cannot run answers 400 JSON before anything is streamed: #scenario'() {
        when: 'the search is sent'
            def response = http.post('/ncmp/v1/ch/id-searches', 'application/json',
                JsonOutput.toJson([cmHandleQueryParameters: [condition]]))
        then: 'it is refused whole, with the usual error body'
            response.status == 400
            response.jsonError
            response.json.details.contains(expectedDetails)
        where: 'the search has'
            scenario                      | condition                                                                                   || expectedDetails
            'an unknown condition'        | [conditionName: 'hasSomething', conditionParameters: [[a: 'b']]]                            || 'hasSomething'
            'a cps-path outside the model'| [conditionName: 'cmHandleWithCpsPath', conditionParameters: [[cpsPath: '//nothing[@x=1]']]] || 'not supported by the inventory'
    }

    def 'Module refresh answers the handles found by module set tag, as the reference; a search it cannot run is 400'() {
        given: 'three handles of one group: two with tag-a, one of them with an alternate id, one without a tag'
            register(createdCmHandles: [[cmHandle: 'refresh-1', moduleSetTag: 'tag-a', alternateId: 'me=refresh-1', publicCmHandleProperties: [Group: 'refresh']],
                                        [cmHandle: 'refresh-2', moduleSetTag: 'tag-a', publicCmHandleProperties: [Group: 'refresh']],
                                        [cmHandle: 'refresh-3', publicCmHandleProperties: [Group: 'refresh']]])
        when: 'the group is refreshed'
            def response = http.post('/ncmpInventory/v1/ch/module/refresh', 'application/json', JsonOutput.toJson(
                [cmHandleQueryParameters: [[conditionName: 'hasAllProperties', conditionParameters: [[Group: 'refresh']]]]]))
        then: 'the answer groups them by tag, naming a handle by its alternate id where it has one'
            response.status == 200
            response.json.cmHandlesByModuleSetTag.collectEntries { [it.moduleSetTag, it.cmHandles as Set] } ==
                ['tag-a': ['me=refresh-1', 'refresh-2'] as Set, '': ['refresh-3'] as Set]
        when: 'a refresh with a condition the inventory does not know is sent'
            def refused = http.post('/ncmpInventory/v1/ch/module/refresh', 'application/json', JsonOutput.toJson(
                [cmHandleQueryParameters: [[conditionName: 'hasSomething', conditionParameters: [[a: 'b']]]]]))
        then: 'it is refused with the usual error body'
            refused.status == 400
            refused.jsonError
        when: 'a refresh without conditions is sent'
            def everything = http.post('/ncmpInventory/v1/ch/module/refresh', 'application/json', '{}')
        then: 'it is refused too, saying a refresh names its handles'
            everything.status == 400
            everything.json.details.contains('at least one condition')
        cleanup: 'the handles are removed'
            register(removedCmHandles: ['refresh-1', 'refresh-2', 'refresh-3'])
    }

    def register(Map registration) {
        http.post('/ncmpInventory/v1/ch', 'application/json',
            JsonOutput.toJson([dmiPlugin: 'http://127.0.0.1:1'] + registration))
    }

    static String urlEncoded(String text) {
        URLEncoder.encode(text, StandardCharsets.UTF_8).replace('+', '%20')
    }
}
