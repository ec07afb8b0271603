package io.cpsng.ncmp.datajobs

import spock.lang.Specification

class DataNodeSelectorsSpec extends Specification {

    def 'The FDN of a selector #scenario is #expectedFdn'() {
        expect: 'the leading /Class[id="value"] steps as /Class=value, up to the first step of another form'
            DataNodeSelectors.fdnOf(selector).orElse('none') == expectedFdn
        where: 'the selector'
            scenario                                  | selector                                                       || expectedFdn
            'of two id steps and an attribute'        | '/ManagedElement[id="me-1"]/SubNetwork[id=\'s-1\']/attributes' || '/ManagedElement=me-1/SubNetwork=s-1'
            'of one id step'                          | '/MeContext[id="ctx"]'                                         || '/MeContext=ctx'
            'with an id step after another step'      | '/attributes/ManagedElement[id="me-1"]'                        || 'none'
            'with an id step glued to the next text'  | '/ManagedElement[id="a"]x/MeContext[id="b"]'                   || '/ManagedElement=a'
            'with a contains() step'                  | '/ManagedElement[contains(id, "me")]'                          || 'none'
            'that is empty'                           | ''                                                             || 'none'
    }

    def 'Selectors are split at line ends and at OR, blank ones and && lines left out, each once'() {
        expect: 'the selectors in their order'
            DataNodeSelectors.split('/A[id="1"]\n\n&& comment\n/B[id="2"] OR /A[id="1"]  OR  /C[id="3"]').toList() ==
                ['/A[id="1"]', '/B[id="2"]', '/C[id="3"]']
    }
}
