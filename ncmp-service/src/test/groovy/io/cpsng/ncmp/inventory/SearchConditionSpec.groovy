package io.cpsng.ncmp.inventory

import spock.lang.Specification

class SearchConditionSpec extends Specification {

    def 'Every condition is found by its name as the reference spells it, and no other name is: #conditionName'() {
        expect: 'the condition of that name, or none'
            SearchCondition.named(conditionName).map { it.conditionName() }.orElse(null) == expected
        where: 'the name is'
            conditionName                    || expected
            'hasAllModules'                  || 'hasAllModules'
            'hasAllProperties'               || 'hasAllProperties'
            'hasAllAdditionalProperties'     || 'hasAllAdditionalProperties'
            'cmHandleWithTrustLevel'         || 'cmHandleWithTrustLevel'
            'cmHandleWithCpsPath'            || 'cmHandleWithCpsPath'
            'cmHandleWithDmiPlugin'          || 'cmHandleWithDmiPlugin'
            'HASALLMODULES'                  || null
            'hasAllModules '                 || null
            null                             || null
    }
}
