package io.cpsng.management

import spock.util.concurrent.PollingConditions

import static io.cpsng.ncmp.api.model.CmHandleState.READY
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

/**
 * The trace of module sync through /actuator/modulesynctrace. The store is empty when the spec starts, so the
 * first handles of tag-2 and of no tag find their module sets missing; each feature uses tags of its own.
 */
class ModuleSyncTraceEndpointSpec extends ModuleSyncManagementSpec {

    static final List<String> EVERY_PHASE = ['waiting-for-worker', 'dmi-module-references', 'dmi-module-resources',
                                             'schema-set-creation', 'state-write']
    static final List<String> REFERENCES_ONLY = ['waiting-for-worker', 'dmi-module-references', 'state-write']

    def 'The trace is CSV with its header'() {
        when: 'the trace is read'
            def response = mvc.perform(get('/actuator/modulesynctrace')).andReturn().response
        then: 'it is UTF-8 CSV starting with the header line'
            response.status == 200
            response.contentType == 'text/csv;charset=UTF-8'
            response.contentAsString.startsWith(TRACE_HEADER + '\n')
    }

    def 'A since that is not a number of milliseconds answers 400 with a JSON error'() {
        when: 'the trace is asked for since a word'
            def response = mvc.perform(get('/actuator/modulesynctrace').param('since', 'yesterday')).andReturn().response
        then: 'the request is refused with the usual error shape, naming the parameter'
            response.status == 400
            response.contentType.contains('json')
            def error = new groovy.json.JsonSlurper().parseText(response.contentAsString)
            error.status == '400 BAD_REQUEST'
            error.details == 'since must be milliseconds since the epoch, was yesterday'
    }

    def 'After module sync the trace has a row for every phase each handle went through, in order'() {
        given: 'two handles without a tag and two with tag-2 synced, while neither module set was stored'
            register(['trace-untagged-1', 'trace-untagged-2'])
            register(['trace-tagged-1', 'trace-tagged-2'], 'tag-2')
            syncUntil { allInState(['trace-untagged-1', 'trace-untagged-2', 'trace-tagged-1', 'trace-tagged-2'], READY) }
        and: 'one more of each synced, now that both module sets are stored'
            register(['trace-untagged-3'])
            register(['trace-tagged-3'], 'tag-2')
            syncUntil { allInState(['trace-untagged-3', 'trace-tagged-3'], READY) }
        when: 'the trace is read'
            def rows = traceRows('trace-')
        then: 'the first handles went through every phase; later ones only asked the DMI for their references without a tag, and not at all with one'
            def phases = rows.groupBy { it.cmHandleId }.collectEntries { cmHandleId, handleRows -> [cmHandleId, handleRows*.phase] }
            phases.subMap(['trace-untagged-3', 'trace-tagged-3']) == [
                'trace-untagged-3': REFERENCES_ONLY,
                'trace-tagged-3'  : ['waiting-for-worker', 'state-write']]
        and: 'of the two untagged handles synced at once, each asks for its own references: one stores the module set, the other too or, its worker later, finds it stored'
            EVERY_PHASE in [phases['trace-untagged-1'], phases['trace-untagged-2']]
            [phases['trace-untagged-1'], phases['trace-untagged-2']].every { it in [EVERY_PHASE, REFERENCES_ONLY] }
        and: 'of the two tagged ones, one stores the tag\'s module set; the other too or, in a later batch, finds it stored by its tag'
            EVERY_PHASE in [phases['trace-tagged-1'], phases['trace-tagged-2']]
            [phases['trace-tagged-1'], phases['trace-tagged-2']].every { it in [EVERY_PHASE, ['waiting-for-worker', 'state-write']] }
        and: 'every row starts no later than it ends'
            rows.every { it.start <= it.end }
        and: 'the phases of each handle start one after the other'
            rows.groupBy { it.cmHandleId }.values().every { handleRows -> handleRows*.start == handleRows*.start.sort(false) }
        and: 'the handles of tag-2 share the one DMI call of their module set'
            rows.findAll { it.cmHandleId in ['trace-tagged-1', 'trace-tagged-2'] && it.phase == 'dmi-module-references' }
                .collect { [it.start, it.end] }.unique().size() == 1
    }

    def 'Since leaves out the rows of phases that ended before it'() {
        given: 'a handle with tag-3 synced'
            register(['since-early'], 'tag-3')
            syncUntil { allInState(['since-early'], READY) }
        and: 'a time after its last phase ended, and the clock past it'
            def since = System.currentTimeMillis() + 1
            new PollingConditions(timeout: 1, delay: 0.001).eventually { assert System.currentTimeMillis() > since }
        when: 'another handle with tag-3 is synced'
            register(['since-late'], 'tag-3')
            syncUntil { allInState(['since-late'], READY) }
        then: 'the trace since that time has only the rows of the later handle, all ended at or after it'
            def rowsSince = traceRows('since-', since)
            rowsSince*.cmHandleId.unique() == ['since-late']
            rowsSince.every { it.end >= since * 1000 }
        and: 'the whole trace has both'
            traceRows('since-')*.cmHandleId.unique() == ['since-early', 'since-late']
    }
}
