package io.cpsng.ncmp.datajobs

import io.cpsng.ncmp.api.exceptions.InvalidInputException
import io.cpsng.ncmp.api.model.CmHandleRoute
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.routing.CmHandleRouter
import io.cpsng.ncmp.inventory.CmHandleRows
import spock.lang.Specification

class ReadDataJobsSpec extends Specification {

    // read jobs go to the plugin of the handle's read jobs, not to its data plugin
    static final CmHandleRoute READY_ROUTE = new CmHandleRoute('h-1', '/MeContext=a/ManagedElement=1', 'http://dmi-1',
        'http://dmi-read-jobs', 'http://dmi-write-jobs', 'producer-1', 'tag', CmHandleState.READY)
    static final CmHandleRoute LOCKED_ROUTE = new CmHandleRoute('h-2', '/MeContext=b/ManagedElement=2', 'http://dmi-1',
        'http://dmi-read-jobs', 'http://dmi-write-jobs', 'producer-1', 'tag', CmHandleState.LOCKED)

    def mockCmHandleRouter = Mock(CmHandleRouter)
    def stubCmHandleRows = Stub(CmHandleRows)
    def objectUnderTest = new ReadDataJobs(mockCmHandleRouter, stubCmHandleRows)

    def 'Selectors naming FDNs are routed together, in one call, and sorted by what their handles are'() {
        given: 'three selectors by FDN, one of them under a handle no route leads to'
            def selectors = ['/MeContext[id="a"]/ManagedElement[id="1"]/Child[id="x"]',
                             '/MeContext[id="b"]/ManagedElement[id="2"]',
                             '/MeContext[id="c"]/ManagedElement[id="3"]'].join(' OR ')
        when: 'the job is classified'
            def result = objectUnderTest.classifyReadJob(selectors)
        then: 'their FDNs are routed in one call'
            1 * mockCmHandleRouter.routeAll(['/MeContext=a/ManagedElement=1/Child=x', '/MeContext=b/ManagedElement=2',
                                             '/MeContext=c/ManagedElement=3'] as LinkedHashSet) >>
                ['/MeContext=a/ManagedElement=1/Child=x': READY_ROUTE, '/MeContext=b/ManagedElement=2': LOCKED_ROUTE]
        and: 'the READY handle\'s selector goes to the plugin of its read jobs and its producer, the others are not ready or in error'
            result.dmiSelectors() == ['http://dmi-read-jobs': ['http://dmi-read-jobs#producer-1': ['/MeContext[id="a"]/ManagedElement[id="1"]/Child[id="x"]']]]
            result.notReadySelectors() == ['/MeContext[id="b"]/ManagedElement[id="2"]']
            result.errorSelectors() == ['/MeContext[id="c"]/ManagedElement[id="3"]']
            result.broadcastSelectors().isEmpty()
    }

    def 'A selector that names no managed element by id, or searches the whole tree, is for every plugin: #scenario'() {
        when: 'the job is classified'
            def result = objectUnderTest.classifyReadJob(selector)
        then: 'it is broadcast, and nothing is routed'
            result.broadcastSelectors() == [selector]
            0 * mockCmHandleRouter.routeAll(_)
        where: 'the selector is'
            scenario            | selector
            'an attribute path' | '/SubNetwork/attributes'
            'a descendant path' | '//ManagedElement[id="1"]'
    }

    def 'Selectors are one a line or joined by OR; blank ones and && lines are left out, repeats once'() {
        when: 'the job is classified'
            def result = objectUnderTest.classifyReadJob('/a\n\n&& ignored\n/b OR /a')
        then: 'each selector is there once'
            result.broadcastSelectors() == ['/a', '/b']
    }

    def 'A job without selectors is refused'() {
        when: 'a job without selectors is classified'
            objectUnderTest.classifyReadJob(' ')
        then: 'it is invalid'
            thrown(InvalidInputException)
    }
}
