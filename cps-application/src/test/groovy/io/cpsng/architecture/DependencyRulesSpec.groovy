package io.cpsng.architecture

import com.tngtech.archunit.base.DescribedPredicate
import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import spock.lang.Shared
import spock.lang.Specification

import static com.tngtech.archunit.base.DescribedPredicate.not
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields

/** The module dependency rules of docs/architecture.md, with no exceptions. */
class DependencyRulesSpec extends Specification {

    @Shared
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages('io.cpsng')

    def 'REST controllers and management endpoints use only the public APIs of the modules'() {
        expect: 'no REST or management class depends on implementations, SPIs or persistence'
            noClasses().that().resideInAnyPackage('io.cpsng.rest..', 'io.cpsng.management..')
                .should().dependOnClassesThat().resideInAnyPackage(
                    'io.cpsng.cps.impl..', 'io.cpsng.cps.spi..', 'io.cpsng.cps.ri..', 'io.cpsng.cps.yang..')
                .check(classes)
    }

    def 'REST and management endpoints reach NCMP only through its API'() {
        expect: 'no REST or management class depends on a class of NCMP outside its API'
            noClasses().that().resideInAnyPackage('io.cpsng.rest..', 'io.cpsng.management..')
                .should().dependOnClassesThat(DescribedPredicate.and(resideInAPackage('io.cpsng.ncmp..'),
                    not(resideInAPackage('io.cpsng.ncmp.api..'))))
                .check(classes)
    }

    def 'NCMP uses the store only through its public API, its paths and the infrastructure both run on'() {
        expect: 'of the store, ncmp-service uses the API, xpaths, data trees, the periodic tasks and the event sending only'
            noClasses().that().resideInAPackage('io.cpsng.ncmp..')
                .should().dependOnClassesThat(DescribedPredicate.and(resideInAPackage('io.cpsng.cps..'), not(resideInAnyPackage(
                    'io.cpsng.cps.api..', 'io.cpsng.cps.path..', 'io.cpsng.cps.tree..', 'io.cpsng.cps.schedule..', 'io.cpsng.cps.events..'))))
                .check(classes)
    }

    def 'HTTP statuses are the REST layer\'s: the store and NCMP say what went wrong, not how to answer it'() {
        expect: 'no class of the store or NCMP uses Spring\'s HTTP types'
            noClasses().that().resideInAnyPackage('io.cpsng.cps..', 'io.cpsng.ncmp..')
                .should().dependOnClassesThat().resideInAPackage('org.springframework.http..')
                .check(classes)
        and: 'no exception of their APIs carries a status'
            noFields().that().areDeclaredInClassesThat().resideInAnyPackage(
                    'io.cpsng.cps.api.exceptions..', 'io.cpsng.ncmp.api.exceptions..')
                .should().haveNameMatching('(?i).*status.*')
                .check(classes)
    }

    def 'nobody compiles against the PostgreSQL implementation'() {
        expect: 'only cps-ri itself uses its classes'
            noClasses().that().resideOutsideOfPackage('io.cpsng.cps.ri..')
                .should().dependOnClassesThat().resideInAPackage('io.cpsng.cps.ri..')
                .check(classes)
    }

    def 'the store public API and SPI do not depend on implementations'() {
        expect: 'api and spi packages stand alone'
            noClasses().that().resideInAnyPackage('io.cpsng.cps.api..', 'io.cpsng.cps.spi..')
                .should().dependOnClassesThat().resideInAnyPackage(
                    'io.cpsng.cps.impl..', 'io.cpsng.cps.ri..', 'io.cpsng.rest..', 'io.cpsng.config..')
                .check(classes)
    }

    def 'the store does not depend on the application'() {
        expect: 'cps-service and cps-ri know nothing of REST or configuration'
            noClasses().that().resideInAPackage('io.cpsng.cps..')
                .should().dependOnClassesThat().resideInAnyPackage('io.cpsng.rest..', 'io.cpsng.config..',
                    'io.cpsng.ncmp..')
                .check(classes)
    }
}
