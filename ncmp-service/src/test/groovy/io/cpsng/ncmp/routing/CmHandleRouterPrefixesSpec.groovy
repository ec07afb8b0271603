package io.cpsng.ncmp.routing

import spock.lang.Specification

class CmHandleRouterPrefixesSpec extends Specification {

    def 'The prefixes an FDN may be routed by: #scenario'() {
        expect: 'the prefixes ending before a slash or at the end, with a slash count some alternate id has, shortest first'
            CmHandleRouter.candidatePrefixes(reference, slashCountsInUse(slashCounts)) == expectedPrefixes
        where: 'the reference and the slash counts in use are'
            scenario                      | reference                | slashCounts || expectedPrefixes
            'any count'                   | '/A=1/B=2/C=3'           | null        || ['/A=1', '/A=1/B=2', '/A=1/B=2/C=3']
            'only alternate ids of two'   | '/A=1/B=2/C=3'           | [2]         || ['/A=1/B=2']
            'a fragment left out'         | '/A=1/B=2#/attributes/x' | null        || ['/A=1', '/A=1/B=2']
            'no count in use'             | '/A=1/B=2'               | []          || []
            'an id without slashes'       | 'node-1'                 | [0]         || ['node-1']
    }

    static BitSet slashCountsInUse(List<Integer> counts) {
        if (counts == null) {
            return null
        }
        def bitSet = new BitSet()
        counts.each { bitSet.set(it) }
        bitSet
    }
}
