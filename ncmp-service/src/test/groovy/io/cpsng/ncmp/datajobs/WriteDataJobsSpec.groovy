package io.cpsng.ncmp.datajobs

import io.cpsng.ncmp.api.exceptions.InvalidInputException
import io.cpsng.ncmp.api.exceptions.UnroutablePathsException
import io.cpsng.ncmp.api.model.DataJobMetadata
import io.cpsng.ncmp.api.model.WriteOperation
import io.cpsng.ncmp.dmi.DmiClient
import io.cpsng.ncmp.routing.CmHandleRouter
import io.cpsng.ncmp.inventory.CmHandleRows
import spock.lang.Specification

class WriteDataJobsSpec extends Specification {

    static final DataJobMetadata METADATA = new DataJobMetadata('results-topic', 'application/json', 'application/json')

    def mockCmHandleRouter = Mock(CmHandleRouter)
    def mockDmiClient = Mock(DmiClient)
    def objectUnderTest = new WriteDataJobs(mockCmHandleRouter, Stub(CmHandleRows), mockDmiClient)

    def 'A write operation no plugin could do is refused before anything is routed or sent: #scenario'() {
        when: 'the job is written'
            objectUnderTest.writeDataJob('job-1', metadata, [operation], null)
        then: 'it is refused, naming what is wrong'
            def refused = thrown(InvalidInputException)
            refused.details.contains(named)
        and: 'nothing is routed, nothing sent'
            0 * mockCmHandleRouter._
            0 * mockDmiClient._
        where: 'the operation is'
            scenario                  | metadata                                           | operation                                               || named
            'an unknown op'           | METADATA                                           | new WriteOperation('/A=1', 'explode', 'w-1', null)      || 'op'
            'a path stepping back'    | METADATA                                           | new WriteOperation('/A=1/../B=2', 'add', 'w-1', null)   || '..'
            'a path of a . step'      | METADATA                                           | new WriteOperation('/A=1/./B=2', 'add', 'w-1', null)    || '..'
            'no path'                 | METADATA                                           | new WriteOperation(null, 'add', 'w-1', null)            || 'path'
            'no destination'          | new DataJobMetadata(null, null, null)               | new WriteOperation('/A=1', 'add', 'w-1', null)          || 'destination'
            'a 2,000-character topic' | new DataJobMetadata('t' * 2_000, null, null)        | new WriteOperation('/A=1', 'add', 'w-1', null)          || 'destination'
    }

    def 'A path #scenario #verdict a . or .. step'() {
        expect: 'the step is found wherever it is, and only as a whole step'
            WriteDataJobs.hasRelativeStep(path) == hasOne
        where: 'the path is'
            scenario                        | path                    || hasOne
            'stepping back in the middle'   | '/A=1/../B=2'           || true
            'with a . step in the middle'   | '/A=1/./B=2'            || true
            'starting with ..'              | '../A=1'                || true
            'starting with .'               | './A=1'                 || true
            'ending with ..'                | '/A=1/..'               || true
            'ending with .'                 | '/A=1/.'                || true
            'that is ..'                    | '..'                    || true
            'of plain steps'                | '/A=1/B=2'              || false
            'with dots inside names'        | '/A=1.2/B=..x/C=x../.a' || false
            'with a ... step'               | '/A=1/.../B=2'          || false
            'of the root alone'             | '/'                     || false
            'that is empty'                 | ''                      || false
            verdict = hasOne ? 'has' : 'has no'
    }

    def 'A job whose paths no handle owns is refused naming them, and nothing is sent'() {
        when: 'a job of one path no handle owns is written'
            objectUnderTest.writeDataJob('job-1', METADATA, [new WriteOperation('/Nowhere=1', 'add', 'w-1', null)], null)
        then: 'the path is routed and leads nowhere'
            1 * mockCmHandleRouter.routeEach(['/Nowhere=1']) >> [null]
        and: 'the job is refused naming the operation'
            def refused = thrown(UnroutablePathsException)
            refused.details.contains('w-1')
        and: 'no plugin is called'
            0 * mockDmiClient._
    }

    def 'A job without operations starts no sub-job, whatever its metadata'() {
        expect: 'no sub-job'
            objectUnderTest.writeDataJob('job-1', null, [], null) == []
    }
}
