package io.cpsng.ncmp.modulesync

import io.cpsng.cps.api.model.ModuleReference
import spock.lang.Specification

class ModuleSetNamesSpec extends Specification {

    def 'A tag is its module set\'s schema set name when the store takes it as a name: #scenario'() {
        expect: 'the name'
            ModuleSets.schemaSetNameOfTag(tag) ==~ expectedName
        where: 'the tag is'
            scenario                  | tag             || expectedName
            'a plain tag'             | 'tag-1-0'       || 'tag-1-0'
            'a tag with a slash'      | 'vendor/1'      || /tag-[0-9a-f]{32}/
            'a tag of 300 characters' | 't' * 300       || /tag-[0-9a-f]{32}/
            'a tag with a control'    | 'tag\u0007'     || /tag-[0-9a-f]{32}/
    }

    def 'Modules without a tag name the same schema set in any order, another for other modules'() {
        given: 'two modules'
            def first = new ModuleReference('m-1', 'urn:m-1', '2024-01-01')
            def second = new ModuleReference('m-2', 'urn:m-2', '2024-01-01')
        expect: 'the order does not matter, a revision does'
            ModuleSets.schemaSetNameOfModules([first, second]) == ModuleSets.schemaSetNameOfModules([second, first])
            ModuleSets.schemaSetNameOfModules([first, second]) != ModuleSets.schemaSetNameOfModules(
                [first, new ModuleReference('m-2', 'urn:m-2', '2025-01-01')])
    }
}
