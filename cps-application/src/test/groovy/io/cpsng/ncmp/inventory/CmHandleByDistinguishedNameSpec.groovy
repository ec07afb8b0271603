package io.cpsng.ncmp.inventory

import io.cpsng.ServerSpec
import io.cpsng.ncmp.northbound.CmHandleFixture
import org.springframework.beans.factory.annotation.Autowired

import java.nio.charset.StandardCharsets

/**
 * GET /ncmpInventory/v1/ch?distinguishedName= through the server on a port: the whole handle owning an FDN (the
 * router ProvMnS and data jobs use, ADR 0010), as the reference's getCmHandleByDistinguishedName answers it.
 */
class CmHandleByDistinguishedNameSpec extends ServerSpec {

    static final String NODE = '/SubNetwork=Europe/MeContext=Node1'
    static final String ELEMENT = NODE + '/ManagedElement=Me2'

    @Autowired
    CmHandleFixture cmHandleFixture

    def setup() {
        cmHandleFixture.addCmHandles(
            [id: 'dn-node', alternateId: NODE, dataProducerIdentifier: 'producer-1', publicProperties: [site: 'south']],
            [id: 'dn-element', alternateId: ELEMENT, moduleSetTag: 'tag-1', additionalProperties: [vendor: 'acme']])
    }

    def 'The handle owning #scenario is the one answered'() {
        when: 'the handle is asked for by the distinguished name'
            def response = http.get(byDistinguishedName(distinguishedName))
        then: 'the owner comes (its whole shape is the next feature\'s)'
            response.status == 200
            response.json.cmHandle == expectedHandle
        where: 'the distinguished name is'
            scenario                                  | distinguishedName                         || expectedHandle
            'an FDN under its alternate id'           | NODE + '/ManagedElement=1'                || 'dn-node'
            'its alternate id itself'                 | NODE                                      || 'dn-node'
            'an FDN under two alternate ids'          | ELEMENT + '/GNBDUFunction=1'              || 'dn-element'
            'an FDN with a fragment'                  | ELEMENT + '#/attributes/userLabel'        || 'dn-element'
            'its id'                                  | 'dn-element'                              || 'dn-element'
    }

    def 'The whole handle owning an FDN, asked for #scenario'() {
        when: 'the handle is asked for'
            def response = http.get(byDistinguishedName(NODE + '/ManagedElement=1') + outputDmiProperties)
        then: 'it comes whole, every leaf there, empty when the handle has none, and cmHandleProperties ({} for none) only when asked for'
            response.status == 200
            response.json == [alternateId: NODE, cmHandle: 'dn-node', dataProducerIdentifier: 'producer-1', moduleSetTag: '',
                              publicCmHandleProperties: [[site: 'south']], trustLevel: 'COMPLETE',
                              state: [cmHandleState: 'READY', lastUpdateTime: '2026-01-31T20:30:40.123+0000', dataSyncEnabled: false,
                                      dataSyncState: [operational: [syncState: 'NONE_REQUESTED']]]] + expectedProperties
        where: 'outputDmiProperties is'
            scenario                            | outputDmiProperties           || expectedProperties
            'with outputDmiProperties=true'     | '&outputDmiProperties=true'   || [cmHandleProperties: [:]]
            'with outputDmiProperties=false'    | '&outputDmiProperties=false'  || [:]
            'without outputDmiProperties'       | ''                            || [:]
    }

    def 'The additional properties of a handle that has them come as cmHandleProperties, strings by name'() {
        when: 'a handle with an additional property is asked for with outputDmiProperties=true'
            def response = http.get(byDistinguishedName(ELEMENT + '/GNBDUFunction=1') + '&outputDmiProperties=true')
        then: 'they are an object of strings'
            response.status == 200
            response.json.cmHandleProperties == [vendor: 'acme']
    }

    def 'An FDN #scenario is answered 404 naming it'() {
        when: 'a handle is asked for by an FDN no handle owns'
            def response = http.get(byDistinguishedName(distinguishedName))
        then: 'not found, in our error shape, with the reference\'s details'
            response.status == 404
            response.jsonError
            response.json == [status: '404 NOT_FOUND', message: 'Cm handle not found',
                              details: "No cm handles found with reference ${distinguishedName}".toString()]
        where: 'the FDN is'
            scenario                                    | distinguishedName
            'under no alternate id'                     | '/Nothing=1'
            'sharing a prefix but not a segment'        | '/SubNetwork=Europe/MeContext=Node10'
    }

    def 'A request with #scenario is answered 400 naming it'() {
        when: 'the request is sent'
            def response = http.get('/ncmpInventory/v1/ch' + query)
        then: 'bad request, in our error shape, naming the parameter'
            response.status == 400
            response.jsonError
            response.json.details.contains(expectedInDetails)
        where: 'the query has'
            scenario                              | query                                                        || expectedInDetails
            'no distinguishedName'                | ''                                                           || 'distinguishedName'
            'no distinguishedName but the flag'   | '?outputDmiProperties=true'                                  || 'distinguishedName'
            'an empty distinguishedName'          | '?distinguishedName='                                        || 'distinguishedName must not be empty'
            'a parameter not served'              | '?distinguishedName=%2FNothing%3D1&depth=1'                  || 'Parameter depth is not served'
            'an outputDmiProperties not boolean'  | '?distinguishedName=%2FNothing%3D1&outputDmiProperties=maybe' || 'outputDmiProperties'
    }

    static String byDistinguishedName(String distinguishedName) {
        '/ncmpInventory/v1/ch?distinguishedName=' + URLEncoder.encode(distinguishedName, StandardCharsets.UTF_8)
    }
}
