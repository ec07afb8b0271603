package io.cpsng.ncmp.datajobs

import spock.lang.Specification
import spock.lang.Timeout

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

    def 'Selectors #scenario are split where a regex of line ends and blanks around OR splits them'() {
        expect: 'the same selectors as a split at line ends and at \\s+OR\\s+, trimmed, blank ones left out'
            DataNodeSelectors.split(text).toList() == text.split(/\R|\s+OR\s+/)*.trim().findAll { it }.unique()
        where: 'the text'
            scenario                            | text
            'with OR at the start and the end'  | 'OR /A OR /B OR'
            'with OR twice in a row'            | '/A OR OR /B'
            'with OR in a word'                 | '/ORDER OR /COLOR[id="OR"]'
            'with tabs and CR LF'               | '/A\tOR\t/B\r\nOR /C'
            'with OR after a line break'        | '/A\n OR /B'
    }

    // the regex took minutes here: 10,000 blanks 1.1 s, 40,000 16 s through the service
    @Timeout(5)
    def 'A selector with 100,000 blanks in a row is split in one pass'() {
        given: 'a selector holding a long run of blanks, which a regex of \\s+OR\\s+ backtracked through'
            def text = '/A' + ' ' * 100_000 + 'B OR /C'
        when: 'it is split'
            def selectors = DataNodeSelectors.split(text)
        then: 'the two selectors come back'
            selectors.toList() == ['/A' + ' ' * 100_000 + 'B', '/C']
    }
}
