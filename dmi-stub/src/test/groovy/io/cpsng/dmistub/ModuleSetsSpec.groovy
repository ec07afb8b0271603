package io.cpsng.dmistub

import static io.cpsng.dmistub.DmiClient.json
import static io.cpsng.dmistub.ModuleSetGenerator.COMMON_TOPICS
import static io.cpsng.dmistub.ModuleSetGenerator.DEFAULT_SET
import static io.cpsng.dmistub.ModuleSetGenerator.MODULE_SETS

import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext
import org.opendaylight.yangtools.yang.model.api.source.SourceIdentifier
import org.opendaylight.yangtools.yang.model.spi.source.StringYangTextSource
import org.opendaylight.yangtools.yang.parser.ri.DefaultYangParserFactory
import org.opendaylight.yangtools.yang.parser.rfc7950.repo.TextToIRTransformer
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification

class ModuleSetsSpec extends Specification {

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Shared
    DmiClient dmiClient = new DmiClient(dmiStub.baseUrl())

    def 'The YANG sources of the #setName set parse together into the modules its references announce.'() {
        given: 'the module references and all module resources of the set, as served'
            def moduleSetTag = setName == DEFAULT_SET ? null : setName
            def references = json(dmiClient.moduleReferences('ch-1', moduleSetTag)).schemas
            def resources = json(dmiClient.moduleResources('ch-1', moduleSetTag))
        when: 'the sources are parsed and linked by yangtools'
            def modelContext = parse(resources)
        then: 'the model holds exactly the announced modules, with their revisions and namespaces'
            modelContext.modules.collect { module ->
                [moduleName: module.name, revision: module.revision.get().toString(), namespace: module.namespace.toString()]
            } as Set == references as Set
        and: 'each resource is named after the module its source defines'
            resources.collect { [it.moduleName, it.revision] } as Set == references.collect { [it.moduleName, it.revision] } as Set
        and: 'the set has tens of modules'
            references.size() in 20..30
        where:
            setName << MODULE_SETS.keySet()
    }

    def 'The sets share the common modules, some at another revision, and each tag has modules of its own.'() {
        given: 'the modules of every set by name and revision'
            def modulesBySet = MODULE_SETS.collectEntries { setName, topicRevisions ->
                [(setName): topicRevisions.collect { topic, revision -> "${topic}@${revision}" as String } as Set]
            }
        expect: 'the common modules are in every set'
            MODULE_SETS.values().every { it.keySet().containsAll(COMMON_TOPICS) }
        and: 'tag-2 has some of them at the second revision, unlike tag-1'
            modulesBySet['tag-1'].contains('interfaces@2024-01-15')
            modulesBySet['tag-2'].contains('interfaces@2025-03-01')
        and: 'tags differ beyond the common modules'
            modulesBySet['tag-3'] - modulesBySet['tag-1'] == ['radio', 'cell', 'antenna', 'power', 'fan', 'ptp', 'sync',
                                                              'handover', 'neighbors', 'energy'].collect { "${it}@2024-01-15" } as Set
        and: 'no two sets are the same'
            (modulesBySet.values() as Set).size() == MODULE_SETS.size()
    }

    def 'A module name and revision has the same YANG source in every set that holds it.'() {
        when: 'the sources of all sets are collected by module name and revision'
            def sourcesByModule = [:].withDefault { [] as Set }
            MODULE_SETS.keySet().each { setName ->
                json(dmiClient.moduleResources('ch-1', setName == DEFAULT_SET ? null : setName)).each {
                    sourcesByModule["${it.moduleName}@${it.revision}"] << it.yangSource
                }
            }
        then: 'no module name and revision has two different sources'
            sourcesByModule.every { module, sources -> sources.size() == 1 }
    }

    private static EffectiveModelContext parse(List<Map> resources) {
        def yangParser = new DefaultYangParserFactory().createParser()
        resources.each {
            def source = new StringYangTextSource(new SourceIdentifier(it.moduleName), it.yangSource, it.moduleName)
            yangParser.addSource(TextToIRTransformer.transformText(source))
        }
        yangParser.buildEffectiveModel()
    }
}
