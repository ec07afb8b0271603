package io.cpsng.ncmp.architecture

import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import java.nio.file.Files
import java.nio.file.Path
import spock.lang.Shared
import spock.lang.Specification

import static com.tngtech.archunit.base.DescribedPredicate.and
import static com.tngtech.archunit.base.DescribedPredicate.not
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices

/** The rules between NCMP's packages (docs/architecture.md), with no exceptions. */
class PackageRulesSpec extends Specification {

    /** What each package of NCMP may use of the others; every package is here, and the API uses none. */
    static final Map<String, List<String>> MAY_USE = [
        api          : [],
        cache        : [],
        schedule     : [],
        dmi          : ['api'],
        policy       : ['api'],
        lcm          : ['api'],
        inventory    : ['api', 'lcm'],
        routing      : ['api', 'inventory'],
        search       : ['api', 'inventory', 'routing'],
        registration : ['api', 'inventory'],
        trust        : ['dmi', 'inventory', 'notifications'],
        modulesync   : ['api', 'dmi', 'inventory', 'registration', 'schedule'],
        datasync     : ['api', 'dmi', 'inventory', 'registration', 'schedule'],
        notifications: ['datasync'],
        data         : ['api', 'dmi', 'notifications', 'policy'],
        datajobs     : ['api', 'dmi', 'inventory', 'notifications', 'routing'],
        provmns      : ['api', 'dmi', 'policy', 'routing'],
    ]

    @Shared
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages('io.cpsng.ncmp')

    def 'Every package of NCMP has its rule'() {
        expect: 'the packages of NCMP are the ones the rules name'
            classes.collect { it.packageName.split('\\.')[3] }.toSet() == MAY_USE.keySet()
    }

    def 'The #name package uses only #allowed of NCMP'() {
        expect: 'no class of it depends on another package of NCMP'
            noClasses().that().resideInAPackage("io.cpsng.ncmp.${name}..")
                .should().dependOnClassesThat(and(resideInAPackage('io.cpsng.ncmp..'),
                    not(resideInAnyPackage(([name] + allowed).collect { "io.cpsng.ncmp.${it}.." } as String[]))))
                .check(classes)
        where:
            name << MAY_USE.keySet()
            allowed = MAY_USE[name]
    }

    def 'The packages of NCMP use each other without cycles'() {
        expect: 'no cycle between them'
            slices().matching('io.cpsng.ncmp.(*)..').should().beFreeOfCycles().check(classes)
    }

    def 'Only #owner names its table #table'() {
        given: 'the compiled classes of NCMP, whose constants hold their SQL'
            def classesDirectory = Path.of(PackageRulesSpec.protectionDomain.codeSource.location.toURI())
                .resolveSibling('classes').resolve('io/cpsng/ncmp')
        when: 'the classes naming the table are collected'
            def naming = Files.walk(classesDirectory).withCloseable { paths ->
                paths.filter { it.toString().endsWith('.class') }
                    .filter { new String(Files.readAllBytes(it), 'ISO-8859-1').contains(table) }
                    .collect { classesDirectory.relativize(it).toString() }
            }
        then: 'all are in the owner, and the owner has some'
            !naming.isEmpty()
            naming.every { it.startsWith("${owner}/") }
        where: 'the tables and their owners are'
            table                    || owner
            'ncmp_cm_handle'         || 'inventory'
            'ncmp_module_sync_claim' || 'inventory'
            'ncmp_dmi_plugin'        || 'inventory'
            'ncmp_pending_request'   || 'data'
            'ncmp_pending_target'    || 'data'

    }
}
