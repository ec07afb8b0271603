package io.cpsng.management

import groovy.json.JsonSlurper
import io.cpsng.ncmp.modulesync.ModuleSyncProperties
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.http.MediaType

import static io.cpsng.ncmp.api.model.CmHandleState.READY
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

/** Module sync's settings and its parallelism knob through /actuator/modulesync. */
class ModuleSyncEndpointSpec extends ModuleSyncManagementSpec {

    @Autowired
    ModuleSyncProperties moduleSyncProperties

    def cleanup() {
        // the application context is shared with other specs: they expect the configured parallelism
        postParallelism("{\"parallelism\": ${moduleSyncProperties.parallelism()}}")
    }

    def 'GET answers the settings module sync works with'() {
        when: 'the settings are read'
            def response = mvc.perform(get('/actuator/modulesync')).andReturn().response
        then: 'they are the configured ones, as JSON'
            response.status == 200
            response.contentType.contains('json')
            new JsonSlurper().parseText(response.contentAsString) ==
                [parallelism: 4, batchSize: 100, interval: 'PT2S', traceCapacity: 500000]
    }

    def 'After POST of parallelism #parallelism the next round syncs that many batches at once'() {
        given: 'a DMI that takes 300 ms to answer module references, so that every batch takes at least that long'
            dmiStub.applySettings(dmiStub.settings().withModulesDelayMs(300))
        when: 'the parallelism is set'
            def response = postParallelism("{\"parallelism\": ${parallelism}}")
        then: 'the answer and a later GET have the new parallelism'
            response.status == 200
            new JsonSlurper().parseText(response.contentAsString).parallelism == parallelism
            new JsonSlurper().parseText(mvc.perform(get('/actuator/modulesync')).andReturn().response.contentAsString).parallelism == parallelism
        when: 'batches of handles without a tag are registered and synced'
            def cmHandleIds = ids("in-flight-${parallelism}", batchCount * moduleSyncProperties.batchSize())
            register(cmHandleIds)
            syncUntil { allInState(cmHandleIds, READY) }
        then: 'the trace shows as many batches between their claim and their state write at once as the parallelism'
            mostBatchesInFlight(traceRows("in-flight-${parallelism}-")) == parallelism
        where: 'the parallelism shrinks or grows from the configured 4, with enough batches due to use it'
            parallelism | batchCount
            1           | 3
            6           | 6
    }

    def 'POST with #scenario answers 400 with a JSON error and leaves the parallelism as it was'() {
        when: 'the parallelism is set'
            def response = postParallelism(body)
        then: 'the request is refused with the usual error shape, saying what is wrong'
            response.status == 400
            response.contentType.contains('json')
            def error = new JsonSlurper().parseText(response.contentAsString)
            error.status == '400 BAD_REQUEST'
            error.details.contains(expectedDetails)
        and: 'the parallelism is unchanged'
            new JsonSlurper().parseText(mvc.perform(get('/actuator/modulesync')).andReturn().response.contentAsString).parallelism == 4
        where: 'the body is'
            scenario                  | body                      || expectedDetails
            'parallelism 0'           | '{"parallelism": 0}'      || 'parallelism must be between 1 and 64, was 0'
            'parallelism 65'          | '{"parallelism": 65}'     || 'parallelism must be between 1 and 64, was 65'
            'a parallelism of "many"' | '{"parallelism": "many"}' || 'parallelism must be a whole number, was many'
            'a parallelism of 2.5'    | '{"parallelism": 2.5}'    || 'parallelism must be a whole number, was 2.5'
            'no parallelism'          | '{}'                      || 'Missing parameters: parallelism'
    }

    def postParallelism(String body) {
        mvc.perform(post('/actuator/modulesync').contentType(MediaType.APPLICATION_JSON).content(body)).andReturn().response
    }

    /**
     * The most batches that were at once between their claim (the end of their handles' waiting-for-worker) and
     * the end of their state write; the handles of a batch share the moment it was claimed.
     */
    static int mostBatchesInFlight(List<Map> rows) {
        def batches = rows.groupBy { it.cmHandleId }.values()
            .groupBy { handleRows -> handleRows.find { it.phase == 'waiting-for-worker' }.end }
            .collect { claimedAt, handlesOfBatch ->
                [claimedAt: claimedAt, writtenAt: handlesOfBatch.collect { handleRows -> handleRows.find { it.phase == 'state-write' }.end }.max()] }
        batches.collect { batch -> batches.count { it.claimedAt <= batch.claimedAt && batch.claimedAt < it.writtenAt } }.max()
    }
}
