package io.cpsng.ncmp.routing

import io.cpsng.IntegrationSpec
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.northbound.CmHandleFixture
import org.springframework.beans.factory.annotation.Autowired

/** The one router from a reference (id, alternate id, FDN under an alternate id) to its handle, on PostgreSQL. */
class CmHandleRouterSpec extends IntegrationSpec {

    @Autowired
    CmHandleRouter objectUnderTest

    @Autowired
    CmHandleFixture cmHandleFixture

    def setup() {
        cmHandleFixture.addCmHandles(
            [id: 'r-a1', alternateId: '/A=1', dmiServiceName: 'http://plugin-1', dataProducerIdentifier: 'p-1'],
            [id: 'r-a1b2', alternateId: '/A=1/B=2', dmiServiceName: 'http://plugin-2', moduleSetTag: 'tag-2'],
            [id: 'r-plain', alternateId: 'ne-7', dmiServiceName: 'http://plugin-1'],
            [id: '/A=1/B=2/C=3', dmiServiceName: 'http://plugin-3'])
    }

    def 'A reference #scenario leads to #expectedHandle'() {
        expect: 'the route names the handle'
            objectUnderTest.route(reference).map { it.cmHandleId() }.orElse(null) == expectedHandle
        where: 'the reference is'
            scenario                                         | reference              || expectedHandle
            'that is an id'                                  | 'r-plain'              || 'r-plain'
            'that is an alternate id'                        | '/A=1'                 || 'r-a1'
            'that is an alternate id without a slash'        | 'ne-7'                 || 'r-plain'
            'under two alternate ids'                        | '/A=1/B=2/X=9'         || 'r-a1b2'
            'under the shorter only'                         | '/A=1/B=20'            || 'r-a1'
            'sharing a prefix but not a segment'             | '/A=10/B=2'            || null
            'with a fragment'                                | '/A=1/B=2#/attributes' || 'r-a1b2'
            'that is an id looking like an FDN'              | '/A=1/B=2/C=3'         || '/A=1/B=2/C=3'
            'that is an id with a fragment'                  | '/A=1/B=2/C=3#/x'      || '/A=1/B=2/C=3'
            'under no alternate id'                          | '/Z=1'                 || null
            'that is empty'                                  | ''                     || null
    }

    def 'A route tells the plugin, producer, tag and state of the handle'() {
        expect: 'the route of an FDN under a handle carries what a request to its plugin needs'
            def route = objectUnderTest.route('/A=1/B=2/C=4').orElseThrow()
            route.cmHandleId() == 'r-a1b2'
            route.alternateId() == '/A=1/B=2'
            route.dataPlugin() == 'http://plugin-2'
            route.moduleSetTag() == 'tag-2'
            route.cmHandleState() == CmHandleState.READY
        and: 'the data producer of a handle that has one'
            route.dataProducerIdentifier() == null
            objectUnderTest.route('/A=1/Q=1').orElseThrow().dataProducerIdentifier() == 'p-1'
    }

    def 'Routing many references answers each that leads somewhere, in one call'() {
        when: 'references of every kind are routed together, one twice'
            def routes = objectUnderTest.routeAll(['r-plain', '/A=1/X=1', '/A=1/B=2/Y=1', '/Z=1', '/A=1/X=1'])
        then: 'each routable reference has its handle, the unroutable one is absent'
            routes.collectEntries { reference, route -> [reference, route.cmHandleId()] } ==
                ['r-plain': 'r-plain', '/A=1/X=1': 'r-a1', '/A=1/B=2/Y=1': 'r-a1b2']
    }

    def 'Routing more than a few references asks which depths are in use, and finds the same handles'() {
        given: 'over 200 references: ids with and without slashes, alternate ids of 0, 1 and 2 slashes, FDNs under them'
            def references = ['/A=1/B=2/C=3', 'r-plain', 'ne-7', '/A=1/B=2/Y=1', '/Z=1', '/A=10/B=2'] +
                (1..200).collect { "/A=1/X=${it}".toString() }
        when: 'they are routed together'
            def routes = objectUnderTest.routeAll(references)
        then: 'each leads where it leads alone'
            routes.collectEntries { reference, route -> [reference, route.cmHandleId()] } ==
                ['/A=1/B=2/C=3': '/A=1/B=2/C=3', 'r-plain': 'r-plain', 'ne-7': 'r-plain', '/A=1/B=2/Y=1': 'r-a1b2'] +
                    (1..200).collectEntries { ["/A=1/X=${it}".toString(), 'r-a1'] }
    }

    def 'The candidates of #reference with alternate ids of #slashCounts slashes are #expectedPrefixes'() {
        expect: 'only whole segments, without the fragment, of a number of slashes in use, shortest first'
            CmHandleRouter.candidatePrefixes(reference, slashCounts.inject(new BitSet()) { bits, count -> bits.set(count); bits }) == expectedPrefixes
        where: 'the reference is'
            reference      | slashCounts || expectedPrefixes
            '/A=1/B=2/C=3' | [1, 2, 3]   || ['/A=1', '/A=1/B=2', '/A=1/B=2/C=3']
            '/A=1/B=2/C=3' | [2]         || ['/A=1/B=2']
            '/A=1/B=2/C=3' | [4]         || []
            '/A=1#/x/y'    | [1, 2, 3]   || ['/A=1']
            'ne-7'         | [0]         || ['ne-7']
            'a/b'          | [0, 1]      || ['a', 'a/b']
            ''             | [0]         || []
    }
}
