package io.cpsng.ncmp.inventory

import io.cpsng.cps.api.CpsModuleService
import io.cpsng.cps.api.model.ModuleReference
import io.cpsng.cps.api.model.SchemaSet
import io.cpsng.ncmp.api.exceptions.InvalidInputException
import io.cpsng.ncmp.api.model.CmHandleQuery
import spock.lang.Specification

import static io.cpsng.ncmp.inventory.CmHandleColumns.TRUST_LEVEL

class CmHandleSearchSqlSpec extends Specification {

    def stubModuleService = Stub(CpsModuleService) {
        getSchemaSets('NFP-Operational') >> [schemaSet('set-ab', 'spec-a', 'spec-b'), schemaSet('set-bc', 'spec-b', 'spec-c')]
    }

    def objectUnderTest = new CmHandleSearch(stubModuleService)

    def 'An inventory search with #scenario becomes one condition'() {
        when: 'the query is translated for the inventory interface'
            def result = objectUnderTest.toSqlCondition(query(conditions), SearchCondition.INVENTORY)
        then: 'the condition and its bind parameters are as expected'
            result.sql() == expectedSql
            result.parameters().collect { it instanceof String[] ? it as List : it } == expectedParameters
        where: 'the conditions are'
            scenario                          | conditions                                                                    || expectedSql                                                                                      | expectedParameters
            'no condition'                    | [:]                                                                           || 'true'                                                                                           | []
            'public properties'               | [hasAllProperties: [[Color: 'red'], [Size: 'small']]]                         || 'h.public_properties @> ?::jsonb'                                                                | ['{"Color":"red","Size":"small"}']
            'a property asked twice'          | [hasAllProperties: [[Color: 'red'], [Color: 'red']]]                          || 'h.public_properties @> ?::jsonb'                                                                | ['{"Color":"red"}']
            'a property with two values'      | [hasAllProperties: [[Color: 'red'], [Color: 'blue']]]                         || 'false'                                                                                          | []
            'additional properties'           | [hasAllAdditionalProperties: [[Price: '5']]]                                  || 'h.additional_properties @> ?::jsonb'                                                            | ['{"Price":"5"}']
            'a trust level'                   | [cmHandleWithTrustLevel: [[trustLevel: 'COMPLETE']]]                          || "${TRUST_LEVEL} = ?"                                                        | ['COMPLETE']
            'a DMI plugin'                    | [cmHandleWithDmiPlugin: [['dmi-service-name': 'dmi-1']]]                      || '? in (h.dmi_service_name, h.dmi_data_service_name, h.dmi_model_service_name)'                   | ['dmi-1']
            'a module'                        | [hasAllModules: [[moduleName: 'spec-b']]]                                     || 'h.schema_set_name = any(?)'                                                                     | [['set-ab', 'set-bc']]
            'two modules'                     | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-b']]]             || 'h.schema_set_name = any(?)'                                                                     | [['set-ab']]
            'modules no set has together'     | [hasAllModules: [[moduleName: 'spec-a'], [moduleName: 'spec-c']]]             || 'false'                                                                                          | []
            'a cps-path'                      | [cmHandleWithCpsPath: [[cpsPath: "//state[@cm-handle-state='READY']"]]]       || 'h.cm_handle_state = ?'                                                                          | ['READY']
            'a cps-path on private data'      | [cmHandleWithCpsPath: [[cpsPath: "//additional-properties[@name='Price']"]]]  || 'jsonb_exists(h.additional_properties, ?)'                                                        | ['Price']
            'several conditions'              | [hasAllProperties: [[Color: 'red']], cmHandleWithTrustLevel: [[trustLevel: 'NONE']], hasAllModules: [[moduleName: 'spec-c']]] || "(h.public_properties @> ?::jsonb and ${TRUST_LEVEL} = ? and h.schema_set_name = any(?))" | ['{"Color":"red"}', 'NONE', ['set-bc']]
            'a condition meeting none'        | [hasAllProperties: [[Color: 'red']], hasAllModules: [[moduleName: 'spec-z']]] || 'false'                                                                                          | []
    }

    def 'A condition given twice must hold twice'() {
        when: 'two trust-level conditions are translated'
            def result = objectUnderTest.toSqlCondition(new CmHandleQuery([
                new CmHandleQuery.Condition('cmHandleWithTrustLevel', [[trustLevel: 'NONE']]),
                new CmHandleQuery.Condition('cmHandleWithTrustLevel', [[trustLevel: 'COMPLETE']])]), SearchCondition.NORTHBOUND)
        then: 'both are ANDed'
            result.sql() == "(${TRUST_LEVEL} = ? and ${TRUST_LEVEL} = ?)"
            result.parameters() == ['NONE', 'COMPLETE']
    }

    def 'A northbound cps-path on additional properties matches no handle'() {
        expect: 'the condition is false'
            objectUnderTest.toSqlCondition(query([cmHandleWithCpsPath: [[cpsPath: "//additional-properties[@name='Price']"]]]),
                SearchCondition.NORTHBOUND) == SqlCondition.FALSE
    }

    def 'A search with #scenario is refused with the validation message'() {
        when: 'the query is translated for northbound clients'
            objectUnderTest.toSqlCondition(query(conditions), SearchCondition.NORTHBOUND)
        then: 'it is refused, saying what is wrong'
            def thrown = thrown(InvalidInputException)
            thrown.details.contains(expectedInDetails)
        where: 'the conditions are'
            scenario                              | conditions                                                                                 || expectedInDetails
            'an inventory condition'              | [cmHandleWithDmiPlugin: [['dmi-service-name': 'x']]]                                       || "Wrong 'conditionName': cmHandleWithDmiPlugin"
            'a wrong module parameter'            | [hasAllModules: [[module: 'spec-a']]]                                                      || 'Wrong module condition parameter'
            'an unknown trust level'              | [cmHandleWithTrustLevel: [[trustLevel: 'SOME']]]                                           || "Wrong trust level 'SOME'"
            'an unsupported cps-path beside none' | [hasAllModules: [[moduleName: 'spec-z']], cmHandleWithCpsPath: [[cpsPath: '//books']]]     || "the model has no node 'books'"
    }

    def 'Searching by DMI plugin asks all three plugin columns with one parameter'() {
        when: 'the plugin condition is made'
            def result = objectUnderTest.withDmiPlugin('http://dmi-1')
        then: 'any of the columns may name it'
            result.sql() == '? in (h.dmi_service_name, h.dmi_data_service_name, h.dmi_model_service_name)'
            result.parameters() == ['http://dmi-1']
    }

    static CmHandleQuery query(Map conditionsByName) {
        new CmHandleQuery(conditionsByName.collect { name, parameters -> new CmHandleQuery.Condition(name, parameters) })
    }

    static SchemaSet schemaSet(String name, String... moduleNames) {
        new SchemaSet('NFP-Operational', name, moduleNames.collect { new ModuleReference(it, "urn:${it}", '2024-01-15') })
    }
}
